import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startTestVtn, type TestVtn } from '../../test/openadr-test-vtn';
import { createTestDatabase } from '../../test/test-database';
import { settleEndedEvent } from '../events/event-settlement.service';
import { upsertProgram } from '../events/events.repository';
import { createOpenAdrClient, type OpenAdrClient } from './openadr-client';
import { resourceNameFor } from './openadr-resource-name';
import { pollVtn } from './openadr-ven.service';
import { mapVtnProgram, opsOpenAdr } from './ops-openadr.service';

/*
 * A VTN event with report descriptors, run by twelve Ontario homes with a month of readings: the VTN
 * receives one report, created during the event and updated in place, provisional then final. The
 * expected figures are summed here from the raw rows (meter readings during the event, the
 * settlement's results), not from what the VEN computed.
 */

const START = new Date('2026-10-14T22:00:00Z');
const END = new Date('2026-10-14T23:00:00Z');
const HOMES = 12;
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

type Report = { id: string; eventID: string; clientName: string; reportName: string; programID?: string; resources: { resourceName: string; intervalPeriod: { start: string; duration: string }; intervals: { id: number; payloads: { type: string; values: number[] }[] }[] }[] };

describe.each(['3.0.1', '3.1.1'] as const)('OpenADR %s reports of an event', (version) => {
  let database: Database;
  let vtn: TestVtn;
  let client: OpenAdrClient;
  let ontario: string;
  let vtnProgram: string;
  let vtnEvent: string;
  let eventId: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const poll = (now: Date) => pollVtn(database.db, client, { url: vtn.url, version, venName: 'peakwise-reports' }, now);
  const theReport = () => {
    expect(vtn.reports.size).toBe(1);
    return [...vtn.reports.values()][0] as unknown as Report;
  };
  const valuesOf = (report: Report, type: string) => report.resources[0]!.intervals.map((i) => i.payloads.find((p) => p.type === type)?.values[0] ?? null);
  const reportWrites = () => vtn.requests.filter((r) => /^(POST|PUT) \/reports/.test(r));

  beforeAll(async () => {
    database = await createTestDatabase();
    ontario = await upsertProgram(database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    vtn = await startTestVtn(version);
    client = createOpenAdrClient({ config: { vtnUrl: vtn.url, clientId: vtn.clientId, clientSecret: vtn.clientSecret, version } });
    vtnProgram = vtn.addProgram('Utility autumn DR');
    const before = minutes(START, -12 * 60);
    await poll(before);
    const [state] = await opsOpenAdr(database.db);
    await database.db.transaction((tx) => mapVtnProgram(tx, state!.id, vtnProgram, ontario, before));
    vtnEvent = vtn.putEvent({
      programID: vtnProgram,
      intervalPeriod: { start: START.toISOString().replace('.000Z', 'Z'), duration: 'PT1H' },
      intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [1] }] }],
      reportDescriptors: [{ payloadType: 'BASELINE', units: 'KWH' }, { payloadType: 'USAGE', units: 'KWH', aggregate: true }],
    });
    expect(await poll(minutes(before, 1))).toMatchObject({ ok: true, applied: 1 });
    eventId = (await q<{ id: string }>(sql`select event_id as id from openadr_events where vtn_event_id = ${vtnEvent}`))[0]!.id;

    // Homes 0-11 in Toronto, opted in; home 3 has six days of history (no baseline), home 4 misses two event intervals, home 5 cuts 30 %.
    await database.db.execute(sql`
      insert into households (owner_user_id, name, province, time_zone)
      select 'report-' || i, 'Home ' || i, 'ON', 'America/Toronto' from generate_series(0, ${HOMES - 1}) as i`);
    await database.db.execute(sql`insert into event_participations (event_id, household_id, opted_in, source) select ${eventId}::uuid, id, true, 'member' from households`);
    await database.db.execute(sql`
      insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
      select h.id, ts, 0, k.kwh, k.kwh, 0
      from households h
      cross join lateral (select substr(h.owner_user_id, 8)::int as i) n
      cross join generate_series(${START.toISOString()}::timestamptz - interval '30 days', ${END.toISOString()}::timestamptz - interval '5 minutes', interval '5 minutes') as ts
      cross join lateral (select (0.2 + ((n.i * 7919 + (extract(epoch from ts) / 300)::int8 * 104729) % 1000) / 2000.0)
        * case when n.i = 5 and ts >= ${START.toISOString()}::timestamptz then 0.7 else 1 end as kwh) k
      where extract(hour from ts at time zone 'UTC') >= 17
        and not (n.i = 3 and ts < ${START.toISOString()}::timestamptz - interval '6 days')
        and not (n.i = 4 and ts >= ${START.toISOString()}::timestamptz and ts < ${START.toISOString()}::timestamptz + interval '10 minutes')`);
  }, 120_000);
  afterAll(async () => {
    await vtn?.close();
    await database?.close();
  });

  it('during the event: a provisional report of the homes’ summed use so far, then the same report updated', async () => {
    const now = minutes(START, 32.5);
    const polled = await poll(now);
    expect(polled, JSON.stringify(polled)).toMatchObject({ ok: true });
    const report = theReport();
    expect(report).toMatchObject({ eventID: vtnEvent, clientName: 'peakwise-reports', reportName: `peakwise-${vtnEvent}` });
    if (version === '3.0.1') expect(report.programID).toBe(vtnProgram);
    // One resource, the program's: no home's data goes to the VTN.
    expect(report.resources.map((r) => r.resourceName)).toEqual([resourceNameFor(ontario)]);
    expect(report.resources[0]!.intervalPeriod).toEqual({ start: START.toISOString().replace('.000Z', 'Z'), duration: 'PT5M' });
    const households = await q<{ id: string }>(sql`select id from households`);
    expect(households.some((h) => JSON.stringify(report).includes(h.id))).toBe(false);

    // Seven intervals have begun (22:00 … 22:30); the use in each is every opted-in home's reading summed.
    const raw = await q<{ ts: string; kwh: number }>(sql`
      select ts, sum(consumption_kwh)::float8 as kwh from meter_readings where ts >= ${START.toISOString()}::timestamptz and ts < ${now.toISOString()}::timestamptz group by ts order by ts`);
    const usage = valuesOf(report, 'USAGE');
    expect(usage).toHaveLength(7);
    raw.forEach((r) => expect(usage[Math.round((new Date(r.ts).getTime() - START.getTime()) / 300_000)]).toBeCloseTo(Number(r.kwh), 3));
    expect(valuesOf(report, 'BASELINE').every((b) => b !== null && b > 0)).toBe(true);
    expect(reportWrites()).toEqual(['POST /reports']);

    expect(await poll(minutes(START, 45))).toMatchObject({ ok: true });
    expect(valuesOf(theReport(), 'USAGE')).toHaveLength(9);
    expect(reportWrites()).toEqual(['POST /reports', `PUT /reports/${report.id}`]);
    const [state] = await opsOpenAdr(database.db);
    expect(state!.reports).toEqual([expect.objectContaining({ vtnEventId: vtnEvent, vtnReportId: report.id, stage: 'provisional', settlementVersion: null, intervals: 9 })]);
    expect(vtn.violations).toEqual([]);
  });

  it('after settlement: the final report, whose figures are the settlement’s, once', async () => {
    const settledAt = minutes(END, 25 * 60);
    // Between the end and the settlement nothing is due.
    const writes = reportWrites().length;
    expect(await poll(minutes(END, 10))).toMatchObject({ ok: true });
    expect(reportWrites()).toHaveLength(writes);
    await database.db.transaction((tx) => settleEndedEvent(tx, eventId, settledAt));
    expect(await poll(minutes(settledAt, 1))).toMatchObject({ ok: true });
    expect(reportWrites()).toHaveLength(writes + 1);
    const report = theReport();

    const results = await q<{ outcome: string; baselineKwh: number | null; actualKwh: number | null; intervals: { baselineKwh: number; actualKwh: number | null }[] }>(
      sql`select outcome, baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", coalesce(detail->'intervals', '[]'::jsonb) as intervals from event_results where event_id = ${eventId}::uuid`,
    );
    expect(results).toHaveLength(HOMES);
    expect(new Set(results.map((r) => r.outcome))).toEqual(new Set(['settled', 'insufficient_data', 'no_baseline']));
    const baseline = Array.from({ length: 12 }, () => 0);
    const actual = Array.from({ length: 12 }, () => 0);
    for (const r of results) {
      r.intervals.forEach((point, i) => {
        if (point.actualKwh === null) return;
        baseline[i]! += point.baselineKwh;
        actual[i]! += point.actualKwh;
      });
    }
    const sentBaseline = valuesOf(report, 'BASELINE');
    const sentUsage = valuesOf(report, 'USAGE');
    expect(sentBaseline).toHaveLength(12);
    baseline.forEach((b, i) => expect(sentBaseline[i]).toBeCloseTo(b, 3));
    actual.forEach((a, i) => expect(sentUsage[i]).toBeCloseTo(a, 3));
    // And in total, the settlement's own totals over the homes it could compare.
    const compared = results.filter((r) => r.outcome !== 'no_baseline');
    expect(sentUsage.reduce((s, v) => s! + v!, 0)).toBeCloseTo(compared.reduce((s, r) => s + r.actualKwh!, 0), 3);
    expect(sentBaseline.reduce((s, v) => s! + v!, 0)).toBeCloseTo(compared.reduce((s, r) => s + r.baselineKwh!, 0), 3);
    const version_ = (await q<{ v: number }>(sql`select settlement_version as v from energy_events where id = ${eventId}::uuid`))[0]!.v;
    expect((await opsOpenAdr(database.db))[0]!.reports[0]).toMatchObject({ stage: 'final', settlementVersion: version_, intervals: 12 });

    // Never twice: the next polls send nothing.
    expect(await poll(minutes(settledAt, 6))).toMatchObject({ ok: true });
    expect(reportWrites()).toHaveLength(writes + 1);
    expect(vtn.violations).toEqual([]);
  });

  it('a restart that lost what it sent finds the report on the VTN and updates it; a re-settlement updates it again', async () => {
    const posts = () => reportWrites().filter((r) => r.startsWith('POST')).length;
    const before = posts();
    // As if the process died after the VTN took the final report and before it was written down.
    await database.db.execute(sql`delete from openadr_reports`);
    const later = minutes(END, 27 * 60);
    expect(await poll(later)).toMatchObject({ ok: true });
    expect(posts()).toBe(before);
    expect(vtn.reports.size).toBe(1);
    expect((await opsOpenAdr(database.db))[0]!.reports).toHaveLength(1);

    await database.db.transaction((tx) => settleEndedEvent(tx, eventId, minutes(later, 1)));
    const writes = reportWrites().length;
    expect(await poll(minutes(later, 2))).toMatchObject({ ok: true });
    expect(reportWrites().slice(writes)).toEqual([`PUT /reports/${theReport().id}`]);
    expect(vtn.violations).toEqual([]);
  });
});
