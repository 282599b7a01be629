import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signUpInBrowser } from '../support/browser-sign-up';
import { signInThroughPanel } from '../support/demo-session';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { waitForEmail } from '../support/mailbox';
import { resetOpsClock, setOpsClock } from '../support/ops-clock';
import { DAY, DEMO_OPERATOR, FIVE_MINUTES, HOUR, MINUTE, PHONE } from '../support/journey-constants';

/*
 * Issue 33's "done when": a utility's VTN publishes an event, Peakwise (its VEN) turns it into an
 * Energy Saving Event, the member is told and opts in on the phone, the event runs and settles
 * through the real jobs on a moved clock, and the VTN gets the provisional and then the final
 * report, whose figures are the settlement's. The VTN is the server's own stateful test VTN (it
 * checks both directions against the official 3.1.1 document) on the port the server was
 * configured with, with its MQTT broker: the server hears of the event there (decision 114).
 */

// A province no other journey uses, so this member is called only by this event.
const PROGRAM = 'E2E OpenADR journey (Nova Scotia)';
const PROVINCE = 'NS';
const ZONE = 'America/Halifax';
const CUTS = [0.3, 0.22, 0.35, 0.12, 0.2, 0.28];
const VTN_PROGRAM = 'E2E utility winter DR';

type Report = { resources: { intervals: { id: number; payloads: { type: string; values: number[] }[] }[] }[] };
type TestVtn = {
  url: string;
  violations: string[];
  requests: string[];
  reports: Map<string, Report & { id: string }>;
  published: { topic: string; operation: string; id: string }[];
  addProgram(name: string): string;
  putEvent(event: { programID: string; intervalPeriod: unknown; intervals: unknown[]; reportDescriptors?: unknown[] }): string;
  close(): Promise<void>;
};

/**
 * The server's test VTN, loaded by path: the journeys compile on their own (tsc -p e2e, rootDir e2e)
 * and the VTN is the same one the server's own OpenADR tests use.
 */
async function startVtn(): Promise<TestVtn> {
  const { port, clientSecret } = inject('openAdrVtn');
  const module = (await import(pathToFileURL(resolve(import.meta.dirname, '../../apps/server/src/test/openadr-test-vtn.ts')).href)) as {
    startTestVtn(version: '3.1.1', options: { port: number; clientSecret: string; mqtt: 'aedes' }): Promise<TestVtn>;
  };
  return module.startTestVtn('3.1.1', { port, clientSecret, mqtt: 'aedes' });
}

let page: Page;
const journey = pagePerTest('openadr-event', (p) => (page = p), { viewport: PHONE });
const db = journeyDatabase();

const LOCAL = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const local = (at: number) => {
  const parts = Object.fromEntries(LOCAL.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute), clock: `${parts.hour}:${parts.minute}` };
};
const usualKwh = (hour: number, minute: number) => 0.18 + 0.01 * ((hour * 12 + minute / 5) % 9);
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const vtnTime = (at: number) => new Date(at).toISOString().replace('.000Z', 'Z');

describe('an OpenADR event from the utility’s VTN to the final report', () => {
  it('the VTN publishes, the member opts in on the phone, the event settles and the VTN gets the settlement’s figures', { timeout: 900_000 }, async () => {
    const operator = await journey.newPage({ viewport: { width: 1440, height: 1100 } });
    let vtn: TestVtn | undefined;
    /** The server's clock (the test clock moves it forward). */
    let offset = 0;
    const serverNow = () => Date.now() + offset;
    const setClock = async (at: number) => {
      await setOpsClock(operator, at);
      offset = Math.max(offset, Math.ceil(at - Date.now()));
    };
    const vtnRow = async () =>
      (
        await db.query<{ id: string; failures: number; retryAfter: Date | null; mqttStatus: string }>(
          `select id, failures, retry_after as "retryAfter", mqtt_status as "mqttStatus" from openadr_vtns where url = $1`,
          [`http://127.0.0.1:${inject('openAdrVtn').port}`],
        )
      ).rows[0];
    try {
      await signInThroughPanel(operator, DEMO_OPERATOR, (url) => url.pathname !== '/');
      await resetOpsClock(operator);

      const member = await signUpInBrowser(page, db, { prefix: 'openadr', name: 'Maud Lewis', birth: { month: '6', day: '21', year: '1979' } });
      await db.query(`update households set province = $2, postal_code = 'B3H 1A1', time_zone = $3 where id = $1`, [member.householdId, PROVINCE, ZONE]);
      const { rows: programs } = await db.query<{ id: string }>(
        `insert into event_programs (name, provinces, holdout_percent) values ($1, $2, 0) on conflict (name) do update set provinces = excluded.provinces, holdout_percent = 0 returning id`,
        [PROGRAM, [PROVINCE]],
      );
      const programId = programs[0]!.id;

      // The VTN comes up where the server was told it is. Its polls so far failed and backed off: the
      // clock is moved past the back-off (as an hour passing would), and the next poll finds it.
      vtn = await startVtn();
      const vtnProgram = vtn.addProgram(VTN_PROGRAM);
      const before = await vtnRow();
      if (before && before.failures > 0 && before.retryAfter && before.retryAfter.getTime() > serverNow()) await setClock(before.retryAfter.getTime() + 5_000);
      await expect
        .poll(async () => (await db.query(`select 1 from openadr_program_maps where vtn_program_id = $1`, [vtnProgram])).rowCount, { timeout: 120_000, interval: 1_000 })
        .toBe(1);
      // The VTN offered MQTT in /notifiers: the server listens on its broker.
      await expect.poll(async () => (await vtnRow())?.mqttStatus, { timeout: 60_000, interval: 500 }).toBe('connected');
      const vtnId = (await vtnRow())!.id;

      // The operator maps the VTN's program to the Peakwise program in the console.
      await operator.goto('/ops/openadr');
      const section = operator.getByRole('region', { name: `VTN default — ${vtn.url}` });
      await section.waitFor();
      await expect.poll(async () => section.textContent()).toContain('Connected to mqtt://127.0.0.1:');
      await expect.poll(async () => section.textContent()).toContain('Not needed: the VTN’s MQTT broker tells us');
      const select = section.getByRole('combobox', { name: `Peakwise program fed by ${VTN_PROGRAM}` });
      await select.selectOption(programId);
      await section.getByRole('button', { name: `Save the program for ${VTN_PROGRAM}` }).click();
      await section.getByText('Saved. Its waiting events are taken up at the next poll.').waitFor();
      expect((await db.query(`select program_id as "programId" from openadr_program_maps where vtn_id = $1 and vtn_program_id = $2`, [vtnId, vtnProgram])).rows).toEqual([{ programId }]);
      await screenshot(operator, 'openadr-event-ops-mapped');
      expect(await axeViolations(operator)).toEqual([]);

      // Half an hour from at least 20 minutes ahead (server time), on a 5-minute boundary, within one local day.
      let start = Math.ceil((serverNow() + 20 * MINUTE) / FIVE_MINUTES) * FIVE_MINUTES;
      while (local(start).date !== local(start + 30 * MINUTE - 1).date) start += FIVE_MINUTES;
      const end = start + 30 * MINUTE;
      const eventDate = local(start).date;

      // Three weeks of history as a meter would have sent it, up to an hour before the start.
      const history: { ts: number; kwh: number }[] = [];
      for (let ts = Math.floor((start - 22 * DAY) / FIVE_MINUTES) * FIVE_MINUTES; ts < start - HOUR; ts += FIVE_MINUTES) {
        const at = local(ts);
        history.push({ ts, kwh: round4(usualKwh(at.hour, at.minute) * (at.date === eventDate ? 1.1 : 1)) });
      }
      await db.query(
        `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
         select $1, t, 0, kwh, kwh, 0 from unnest($2::timestamptz[], $3::float8[]) as r(t, kwh)`,
        [member.householdId, history.map((r) => new Date(r.ts).toISOString()), history.map((r) => r.kwh)],
      );

      // The utility publishes the event, asking for the baseline and the usage back.
      const vtnEvent = vtn.putEvent({
        programID: vtnProgram,
        intervalPeriod: { start: vtnTime(start), duration: 'PT30M' },
        intervals: [{ id: 0, payloads: [{ type: 'SIMPLE', values: [2] }] }],
        reportDescriptors: [{ payloadType: 'BASELINE', units: 'KWH' }, { payloadType: 'USAGE', units: 'KWH', aggregate: true }],
      });
      expect(vtn.published.at(-1)).toMatchObject({ topic: `programs/${vtnProgram}/events/create`, operation: 'CREATE', id: vtnEvent });
      await expect
        .poll(async () => (await db.query<{ status: string }>(`select status from openadr_events where vtn_id = $1 and vtn_event_id = $2`, [vtnId, vtnEvent])).rows[0]?.status, { timeout: 60_000, interval: 500 })
        .toBe('scheduled');
      const { rows: events } = await db.query<{ id: string; startsAt: Date; endsAt: Date; createdBy: string }>(
        `select e.id, e.starts_at as "startsAt", e.ends_at as "endsAt", e.created_by as "createdBy" from openadr_events o join energy_events e on e.id = o.event_id where o.vtn_id = $1 and o.vtn_event_id = $2`,
        [vtnId, vtnEvent],
      );
      const event = events[0]!;
      expect([event.startsAt.getTime(), event.endsAt.getTime(), event.createdBy]).toEqual([start, end, `openadr:${vtnId}`]);

      // The member is told: the outbox's row, and the e-mail with the invitation for the VTN's instants.
      await expect
        .poll(async () => (await db.query(`select kind, channel from event_notifications where event_id = $1 and household_id = $2 and channel = 'email'`, [event.id, member.householdId])).rows.length, { timeout: 60_000 })
        .toBeGreaterThan(0);
      const utc = (at: number) => new Date(at).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      const email = await waitForEmail(member.email, (e) => e.text.includes('BEGIN:VCALENDAR'), 0, 60_000);
      expect(email.text).toContain(`DTSTART:${utc(start)}`);

      // On the phone: the banner, and opting in.
      await page.goto('/app/dashboard');
      const banner = page.getByTestId('event-banner');
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Opt In Now' }).click();
      await banner.getByText('You’re opted in').waitFor();
      await banner.getByText('Saving your choice…').waitFor({ state: 'hidden' });
      await expect.poll(async () => (await db.query(`select 1 from event_participations where event_id = $1 and household_id = $2`, [event.id, member.householdId])).rowCount).toBe(1);
      await screenshot(page, 'openadr-event-member-opted-in-390');
      expect(await axeViolations(page)).toEqual([]);

      // The member's meter: readings come in through the ingest API as a real meter's would.
      const slots = Array.from({ length: 6 }, (_, i) => start + i * FIVE_MINUTES);
      const actual = slots.map((ts, i) => round4(usualKwh(local(ts).hour, local(ts).minute) * (1 - CUTS[i]!)));
      const tokenRes = await page.request.post('/api/household/ingest-tokens', { data: { label: 'Smart meter' } });
      expect(tokenRes.status()).toBe(201);
      const { token } = (await tokenRes.json()) as { token: string };
      const send = async (indexes: number[]) => {
        const res = await page.request.post('/api/ingest/readings', {
          headers: { authorization: `Bearer ${token}` },
          data: { meter: indexes.map((i) => ({ ts: new Date(slots[i]!).toISOString(), productionKwh: 0, consumptionKwh: actual[i], gridImportKwh: actual[i], gridExportKwh: 0 })) },
        });
        expect(res.status(), await res.text()).toBe(200);
      };
      const reportRow = async () => (await db.query<{ stage: string; vtnReportId: string }>(`select stage, vtn_report_id as "vtnReportId" from openadr_reports where vtn_id = $1 and vtn_event_id = $2`, [vtnId, vtnEvent])).rows[0];

      // Into the event: the start job runs on the moved clock, and the next poll sends the provisional report.
      await setClock(start + 11 * MINUTE);
      await expect.poll(async () => (await db.query(`select status from energy_events where id = $1`, [event.id])).rows[0]?.status, { timeout: 60_000, interval: 500 }).toBe('active');
      await send([0, 1]);
      await expect.poll(async () => (await reportRow())?.stage, { timeout: 120_000, interval: 1_000 }).toBe('provisional');
      expect(vtn.requests.filter((r) => /^(POST|PUT) \/reports/.test(r))[0]).toBe('POST /reports');

      // The end, the last readings, and past the settlement time: the real settlement job, then the final report.
      await setClock(end + MINUTE);
      await expect.poll(async () => (await db.query(`select status from energy_events where id = $1`, [event.id])).rows[0]?.status, { timeout: 60_000, interval: 500 }).toBe('ended');
      await send([2, 3, 4, 5]);
      await setClock(end + 16 * MINUTE);
      await expect.poll(async () => (await db.query(`select status from energy_events where id = $1`, [event.id])).rows[0]?.status, { timeout: 120_000, interval: 500 }).toBe('settled');
      await expect.poll(async () => (await reportRow())?.stage, { timeout: 120_000, interval: 1_000 }).toBe('final');
      const { vtnReportId } = (await reportRow())!;
      expect(vtn.requests.filter((r) => /^(POST|PUT) \/reports/.test(r)).at(-1)).toBe(`PUT /reports/${vtnReportId}`);

      // The figures: the settlement's, summed here from its rows, interval by interval and in total.
      const { rows: results } = await db.query<{ outcome: string; baselineKwh: number | null; actualKwh: number | null; intervals: { baselineKwh: number; actualKwh: number | null }[] }>(
        `select outcome, baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", coalesce(detail->'intervals', '[]'::jsonb) as intervals from event_results where event_id = $1`,
        [event.id],
      );
      expect(results.map((r) => r.outcome)).toEqual(['settled']);
      const baseline = Array.from({ length: 6 }, () => 0);
      const usage = Array.from({ length: 6 }, () => 0);
      for (const r of results) {
        r.intervals.forEach((point, i) => {
          if (point.actualKwh === null) return;
          baseline[i]! += point.baselineKwh;
          usage[i]! += point.actualKwh;
        });
      }
      const report = vtn.reports.get(vtnReportId)!;
      const valuesOf = (type: string) => report.resources[0]!.intervals.map((i) => i.payloads.find((p) => p.type === type)?.values[0] ?? null);
      expect(valuesOf('BASELINE')).toHaveLength(6);
      baseline.forEach((b, i) => expect(valuesOf('BASELINE')[i]).toBeCloseTo(b, 3));
      usage.forEach((a, i) => expect(valuesOf('USAGE')[i]).toBeCloseTo(a, 3));
      expect(valuesOf('USAGE').reduce((s, v) => s! + v!, 0)).toBeCloseTo(results[0]!.actualKwh!, 3);
      expect(valuesOf('BASELINE').reduce((s, v) => s! + v!, 0)).toBeCloseTo(results[0]!.baselineKwh!, 3);
      // The member's readings, as sent, are what the VTN was told was used.
      usage.forEach((a, i) => expect(a).toBeCloseTo(actual[i]!, 4));
      expect(vtn.violations).toEqual([]);

      // The console shows the final report sent.
      await operator.goto('/ops/openadr');
      const reports = operator.getByRole('region', { name: `VTN default — ${vtn.url}` }).getByRole('table', { name: 'Reports sent' });
      await reports.getByText(vtnEvent).waitFor();
      await screenshot(operator, 'openadr-event-ops-final-report');
      expect(await axeViolations(operator)).toEqual([]);
    } catch (error) {
      await screenshot(operator, 'failed-openadr-event-operator').catch(() => undefined);
      throw error;
    } finally {
      await resetOpsClock(operator).catch(() => undefined);
      await operator.context().close();
      await vtn?.close();
    }
  });
});
