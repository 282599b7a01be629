import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { startTestVtn, type TestVtn } from '../../test/openadr-test-vtn';
import { createTestDatabase } from '../../test/test-database';
import { settleEndedEvent } from '../events/event-settlement.service';
import { upsertProgram } from '../events/events.repository';
import { recordUtilityDataConsent } from '../profile/profile.repository';
import { createOpenAdrClient, type OpenAdrClient } from './openadr-client';
import { homeResourceNameFor, resourceNameFor } from './openadr-resource-name';
import { pollVtn } from './openadr-ven.service';
import { mapVtnProgram, opsOpenAdr } from './ops-openadr.service';

/*
 * A VTN event whose descriptor asks for each resource's figures (aggregate: false), run by two homes
 * (decision 121). Home 0's member agreed; home 1's agreed and then withdrew. The final report has
 * the sum of both and one resource more, home 0's, under a name that says nothing of it; its
 * values are read here from home 0's own event_results row.
 */

const START = new Date('2026-10-14T22:00:00Z');
const END = new Date('2026-10-14T23:00:00Z');
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

type Report = { resources: { resourceName: string; intervals: { id: number; payloads: { type: string; values: number[] }[] }[] }[] };

describe.each(['3.0.1', '3.1.1'] as const)('OpenADR %s per-resource reports, with the members’ consent', (version) => {
  let database: Database;
  let vtn: TestVtn;
  let client: OpenAdrClient;
  let ontario: string;
  let vtnId: string;
  let eventId: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const poll = (now: Date) => pollVtn(database.db, client, { url: vtn.url, version, venName: 'peakwise-per-home' }, now);
  const valuesOf = (resource: Report['resources'][number], type: string) => resource.intervals.map((i) => i.payloads.find((p) => p.type === type)?.values[0] ?? null);

  beforeAll(async () => {
    database = await createTestDatabase();
    ontario = await upsertProgram(database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    vtn = await startTestVtn(version);
    client = createOpenAdrClient({ config: { vtnUrl: vtn.url, clientId: vtn.clientId, clientSecret: vtn.clientSecret, version } });
    const vtnProgram = vtn.addProgram('Utility autumn DR');
    const before = minutes(START, -12 * 60);
    await poll(before);
    vtnId = (await opsOpenAdr(database.db))[0]!.id;
    await database.db.transaction((tx) => mapVtnProgram(tx, vtnId, vtnProgram, ontario, before));
    const vtnEvent = vtn.putEvent({
      programID: vtnProgram,
      intervalPeriod: { start: START.toISOString().replace('.000Z', 'Z'), duration: 'PT1H' },
      intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [1] }] }],
      reportDescriptors: [{ payloadType: 'USAGE', units: 'KWH', aggregate: false }],
    });
    expect(await poll(minutes(before, 1))).toMatchObject({ ok: true, applied: 1 });
    eventId = (await q<{ id: string }>(sql`select event_id as id from openadr_events where vtn_event_id = ${vtnEvent}`))[0]!.id;

    await database.db.execute(sql`insert into users (id, name, email) select 'per-home-' || i, 'Member ' || i, 'per-home-' || i || '@example.ca' from generate_series(0, 1) as i`);
    await database.db.execute(sql`insert into households (owner_user_id, name, province, time_zone) select 'per-home-' || i, 'Home ' || i, 'ON', 'America/Toronto' from generate_series(0, 1) as i`);
    await database.db.execute(sql`insert into event_participations (event_id, household_id, opted_in, source) select ${eventId}::uuid, id, true, 'member' from households`);
    await database.db.execute(sql`
      insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
      select h.id, ts, 0, k.kwh, k.kwh, 0
      from households h
      cross join lateral (select substr(h.owner_user_id, 10)::int as i) n
      cross join generate_series(${START.toISOString()}::timestamptz - interval '30 days', ${END.toISOString()}::timestamptz - interval '5 minutes', interval '5 minutes') as ts
      cross join lateral (select (0.2 + ((n.i * 7919 + (extract(epoch from ts) / 300)::int8 * 104729) % 1000) / 2000.0)
        * case when ts >= ${START.toISOString()}::timestamptz then 0.8 else 1 end as kwh) k
      where extract(hour from ts at time zone 'UTC') >= 17`);
    // Home 0 agreed; home 1 agreed, then withdrew: its latest record, the withdrawal, wins.
    await recordUtilityDataConsent(database.db, 'per-home-0', true, 'fr', 'settings');
    await recordUtilityDataConsent(database.db, 'per-home-1', true, 'en', 'settings');
    await database.db.execute(sql`update consents set recorded_at = recorded_at - interval '1 minute' where user_id = 'per-home-1'`);
    await recordUtilityDataConsent(database.db, 'per-home-1', false, 'en', 'settings');
  }, 120_000);
  afterAll(async () => {
    await vtn?.close();
    await database?.close();
  });

  it('the final report: the sum of both homes, and one resource more, the agreeing home’s, equal to its own results', async () => {
    const settledAt = minutes(END, 25 * 60);
    await database.db.transaction((tx) => settleEndedEvent(tx, eventId, settledAt));
    expect(await poll(minutes(settledAt, 1))).toMatchObject({ ok: true });
    expect(vtn.reports.size).toBe(1);
    const report = [...vtn.reports.values()][0] as unknown as Report;

    const homes = await q<{ id: string; owner: string; intervals: { baselineKwh: number; actualKwh: number | null }[] }>(sql`
      select h.id, h.owner_user_id as owner, coalesce(r.detail->'intervals', '[]'::jsonb) as intervals
      from households h join event_results r on r.household_id = h.id and r.event_id = ${eventId}::uuid order by h.owner_user_id`);
    expect(homes).toHaveLength(2);
    const [agreed, withdrew] = homes;
    expect(report.resources.map((r) => r.resourceName)).toEqual([resourceNameFor(ontario), homeResourceNameFor(vtnId, agreed!.id)]);
    expect(report.resources[1]!.resourceName).toMatch(/^peakwise-home-[0-9a-f]{24}$/);

    // The home's own values, interval by interval, are its event_results row's.
    const own = report.resources[1]!;
    expect(own.intervals).toHaveLength(12);
    expect(agreed!.intervals).toHaveLength(12);
    agreed!.intervals.forEach((point, i) => {
      expect(valuesOf(own, 'BASELINE')[i]).toBeCloseTo(point.baselineKwh, 4);
      expect(valuesOf(own, 'USAGE')[i]).toBeCloseTo(point.actualKwh!, 4);
    });
    // The sum is still both homes', the withdrawn one included.
    const sum = report.resources[0]!;
    agreed!.intervals.forEach((point, i) => expect(valuesOf(sum, 'USAGE')[i]).toBeCloseTo(point.actualKwh! + withdrew!.intervals[i]!.actualKwh!, 4));
    // Nothing that names a home or a member goes to the VTN.
    const sent = JSON.stringify(report);
    for (const home of homes) {
      expect(sent).not.toContain(home.id);
      expect(sent).not.toContain(home.owner);
    }
    expect(vtn.violations).toEqual([]);
  });

  it('without a consent left, a re-settlement’s report is the sum alone', async () => {
    await recordUtilityDataConsent(database.db, 'per-home-0', false, 'fr', 'settings');
    await database.db.transaction((tx) => settleEndedEvent(tx, eventId, minutes(END, 27 * 60)));
    expect(await poll(minutes(END, 27 * 60 + 1))).toMatchObject({ ok: true });
    const report = [...vtn.reports.values()][0] as unknown as Report;
    expect(report.resources.map((r) => r.resourceName)).toEqual([resourceNameFor(ontario)]);
    expect(vtn.violations).toEqual([]);
  });
});
