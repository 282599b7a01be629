import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { signUpInBrowser } from '../support/browser-sign-up';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { resetOpsClock, setOpsClock } from '../support/ops-clock';
import { signInThroughPanel } from '../support/demo-session';
import { chooseLanguage } from '../support/choose-language';
import { DAY, DEMO_OPERATOR, EVENT_JOURNEY_TIMEOUT, FIVE_MINUTES, HOUR, MINUTE } from '../support/journey-constants';

// Issue 32, after the event. A Montréal member of its own rather than the demo's Camille: the demo
// home's simulated thermometer reports on real time, so once the server's clock is moved it falls
// silent and the restore would read "sensor stopped reporting", not the cold room this journey is about.
// A program of its own too, so no other journey's event or opt-in is touched.
const PROGRAM = 'E2E comfort restore (Québec)';
const PROVINCE = 'QC';
const ZONE = 'America/Toronto';
const REWARD = 120;
const TARGET = 10;
const FLOOR_C = 20;
const WARM_C = 21.5;
const COLD_C = 18.5;
/** The share of its usual use each of the event's intervals is cut by. */
const CUT = 0.2;
const HEATER = 'Plinthe du salon';

let page: Page;
const journey = pagePerTest('montreal-comfort-restore', (p) => (page = p), { viewport: { width: 1440, height: 1400 } });
const db = journeyDatabase();

const LOCAL = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
function local(at: number) {
  const parts = Object.fromEntries(LOCAL.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute), clock: `${parts.hour}:${parts.minute}` };
}
/** A home's usual kWh in the 5 minutes starting at this clock time: the same every day, different every slot. */
const usualKwh = (hour: number, minute: number) => 0.2 + 0.01 * ((hour * 12 + minute / 5) % 7);
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/\s+/g, ' ').trim();
const iso = (at: number) => new Date(at).toISOString();

/** Decision 029's curve, by hand: the reward at the target, rising linearly to twice it at three times the target. */
function expectedPoints(baselineKwh: number, actualKwh: number): number {
  const percent = round6(((baselineKwh - actualKwh) / baselineKwh) * 100);
  if (percent < TARGET) return 0;
  return Math.floor(round6(REWARD * Math.min(2, 1 + (percent - TARGET) / (2 * TARGET))));
}

describe('a Montréal member after a winter event (issue 32)', () => {
  it('in French, sees its baseboard restored when the living room fell below its 20 °C floor, with the time and why, and the points', { timeout: EVENT_JOURNEY_TIMEOUT }, async () => {
    const operator = await journey.newPage({ viewport: { width: 1280, height: 1000 } });
    const setClock = (at: number) => setOpsClock(operator, at);
    try {
      await signInThroughPanel(operator, DEMO_OPERATOR, (url) => url.pathname !== '/');
      await resetOpsClock(operator);

      const { householdId } = await signUpInBrowser(page, db, { prefix: 'montreal-comfort', name: 'Élise Gagnon', birth: { month: '1', day: '14', year: '1979' } });
      await db.query(`update households set province = $2, postal_code = 'H2X 1Y4', time_zone = $3 where id = $1`, [householdId, PROVINCE, ZONE]);

      // A 30-minute event on one local day, far enough ahead for the operator to schedule it.
      let start = Math.ceil((Date.now() + 15 * MINUTE) / FIVE_MINUTES) * FIVE_MINUTES;
      while (local(start).date !== local(start + 30 * MINUTE - 1).date) start += FIVE_MINUTES;
      const end = start + 30 * MINUTE;
      const slots = Array.from({ length: 6 }, (_, i) => start + i * FIVE_MINUTES);

      // Three weeks of the same usual day, up to an hour before the start: whatever days the baseline
      // picks average to the usual figure, and the event day's morning runs as usual (no adjustment).
      const history: { ts: number; kwh: number }[] = [];
      for (let ts = Math.floor((start - 22 * DAY) / FIVE_MINUTES) * FIVE_MINUTES; ts < start - HOUR; ts += FIVE_MINUTES) {
        const at = local(ts);
        history.push({ ts, kwh: round4(usualKwh(at.hour, at.minute)) });
      }
      await db.query(
        `insert into meter_readings (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
         select $1, t, 0, kwh, kwh, 0 from unnest($2::timestamptz[], $3::float8[]) as r(t, kwh)`,
        [householdId, history.map((r) => iso(r.ts)), history.map((r) => r.kwh)],
      );
      const usualBySlot = slots.map((ts) => round4(usualKwh(local(ts).hour, local(ts).minute)));
      const actualBySlot = usualBySlot.map((kwh) => round4(kwh * (1 - CUT)));
      const points = expectedPoints(sum(usualBySlot), sum(actualBySlot));
      expect(points).toBeGreaterThan(REWARD);

      // The living room: its thermometer, its baseboard on a smart plug, and a 20 °C floor with pre-heat.
      const { rows: rooms } = await db.query<{ id: string }>(`select id from rooms where household_id = $1 and name = 'Living Room'`, [householdId]);
      const roomId = rooms[0]!.id;
      const added = async (data: object) => {
        const res = await page.request.post('/api/devices', { data });
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as { device: { id: string; externalId: string } }).device;
      };
      const thermometer = await added({ name: 'Thermomètre du salon', kind: 'temperature', roomId });
      const heater = await added({ name: HEATER, kind: 'smart_plug', roomId });
      // Chosen to power down during events, and marked as the room's heating, so comfort decides it.
      expect((await page.request.put(`/api/event-preferences/plugs/${heater.id}`, { data: { powerDown: true } })).status()).toBe(200);
      expect((await page.request.put(`/api/comfort/plugs/${heater.id}`, { data: { load: 'heating' } })).status()).toBe(200);
      expect((await page.request.put(`/api/comfort/rooms/${roomId}`, { data: { floorC: FLOOR_C, ceilingC: 26, preheat: true } })).status()).toBe(200);
      const tokenRes = await page.request.post('/api/household/ingest-tokens', { data: { label: 'Passerelle' } });
      expect(tokenRes.status()).toBe(201);
      const { token } = (await tokenRes.json()) as { token: string };
      const ingest = async (body: object) => {
        const res = await page.request.post('/api/ingest/readings', { headers: { authorization: `Bearer ${token}` }, data: body });
        expect(res.status(), await res.text()).toBe(200);
        expect(((await res.json()) as { rejected: unknown[] }).rejected).toEqual([]);
      };
      /** The room's temperature as the gateway reports it, with the baseboard's relay when given. */
      const report = (ts: number, temperatureC: number, heaterOn?: boolean) =>
        ingest({
          devices: [
            { device: thermometer.externalId, ts: iso(ts), metrics: { temperatureC } },
            ...(heaterOn === undefined ? [] : [{ device: heater.externalId, ts: iso(ts), on: heaterOn, powerW: heaterOn ? 1500 : 0 }]),
          ],
        });

      const { rows: programs } = await db.query<{ id: string }>(
        // No notice: the event starts a quarter of an hour after it is scheduled.
        `insert into event_programs (name, provinces, notice_hours) values ($1, $2, 0)
         on conflict (name) do update set provinces = excluded.provinces, notice_hours = 0 returning id`,
        [PROGRAM, [PROVINCE]],
      );
      const programId = programs[0]!.id;
      await operator.goto('/ops');
      await operator.getByRole('heading', { level: 1, name: 'Energy Saving Events' }).waitFor();
      await operator.getByRole('option', { name: new RegExp(`^${PROGRAM.replace(/[()]/g, '\\$&')} \\(${PROVINCE}\\)`) }).waitFor({ state: 'attached' });
      await operator.getByLabel('Program').selectOption(programId);
      await operator.getByLabel('Time zone').selectOption(ZONE);
      await operator.getByLabel('Date').fill(local(start).date);
      await operator.getByLabel('Start time').fill(local(start).clock);
      await operator.getByLabel('End time').fill(local(end).clock);
      await operator.getByLabel('Reward (points)').fill(String(REWARD));
      await operator.getByLabel('Held out (% of households not called)').fill('0');
      await operator.getByRole('button', { name: 'Schedule event' }).click();
      await operator.getByText('The event was scheduled.').waitFor();
      const { rows: events } = await db.query<{ id: string; starts_at: Date }>(`select id, starts_at from energy_events where program_id = $1 order by created_at desc limit 1`, [programId]);
      const eventId = events[0]!.id;
      expect(events[0]!.starts_at.getTime()).toBe(start);

      // In French, the member opts in on the event page.
      await chooseLanguage(page, 'fr');
      await page.goto(`/app/events/${eventId}`);
      await page.getByRole('heading', { level: 1, name: 'Événement d’économie d’énergie' }).waitFor();
      await page.getByRole('button', { name: 'Je participe' }).click();
      await page.getByText('Vous participez', { exact: true }).waitFor();
      await expect.poll(async () => (await db.query(`select opted_in from event_participations where event_id = $1 and household_id = $2`, [eventId, householdId])).rows).toEqual([{ opted_in: true }]);

      // Just before the start the room is warm and the baseboard on, so the first check switches it off.
      await setClock(start - 2 * MINUTE);
      await report(start - FIVE_MINUTES, WARM_C, true);
      await setClock(start + MINUTE);
      await expect
        .poll(async () => (await db.query(`select action, reason from event_comfort_actions where event_id = $1 and device_id = $2 order by at`, [eventId, heater.id])).rows, { timeout: 90_000, interval: 500 })
        .toEqual([{ action: 'switched_off', reason: 'within_limit' }]);
      // The "off" goes out to the plug before the clock moves on.
      await expect
        .poll(async () => (await db.query(`select count(*)::int as n from plug_switch_events where device_id = $1 and source = 'event_automation' and not requested_on`, [heater.id])).rows[0]?.n, { timeout: 30_000, interval: 500 })
        .toBe(1);

      // Five minutes in, the plug confirms it is off and the room has fallen below its floor: the next
      // minute's check restores the baseboard, which the plug confirms at its next report.
      await setClock(start + 6 * MINUTE);
      await report(start + FIVE_MINUTES, COLD_C, false);
      await expect
        .poll(async () => (await db.query(`select action from event_comfort_actions where event_id = $1 and device_id = $2 order by at`, [eventId, heater.id])).rows.map((r) => r.action), { timeout: 90_000, interval: 500 })
        .toEqual(['switched_off', 'restored']);
      await setClock(start + 11 * MINUTE);
      await report(start + 2 * FIVE_MINUTES, COLD_C + 0.5, true);

      // The meter's six intervals after the end, then past settlement: the real jobs pay it.
      await setClock(end + MINUTE);
      await ingest({ meter: slots.map((ts, i) => ({ ts: iso(ts), productionKwh: 0, consumptionKwh: actualBySlot[i], gridImportKwh: actualBySlot[i], gridExportKwh: 0 })) });
      await setClock(end + 16 * MINUTE);
      await expect.poll(async () => (await db.query(`select status from energy_events where id = $1`, [eventId])).rows[0]?.status, { timeout: 90_000, interval: 500 }).toBe('settled');

      // What the page must say, from the stored rows.
      const { rows: restores } = await db.query<{ at: Date; temperature_c: number; limit_c: string; reason: string }>(
        `select at, temperature_c, limit_c, reason from event_comfort_actions where event_id = $1 and device_id = $2 and action = 'restored'`,
        [eventId, heater.id],
      );
      expect(restores).toHaveLength(1);
      const restore = restores[0]!;
      expect([restore.reason, restore.temperature_c, Number(restore.limit_c)]).toEqual(['crossed_limit', COLD_C, FLOOR_C]);
      const { rows: results } = await db.query<{ points: number; baseline: number }>(`select points, baseline_kwh as baseline from event_results where event_id = $1 and household_id = $2`, [eventId, householdId]);
      expect(results).toHaveLength(1);
      expect(Number(results[0]!.baseline)).toBeCloseTo(sum(usualBySlot), 4);
      expect(results[0]!.points).toBe(points);

      const celsius = (x: number) => plain(new Intl.NumberFormat('fr-CA', { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }).format(x));
      const time = plain(new Intl.DateTimeFormat('fr-CA', { hour: 'numeric', minute: '2-digit', timeZone: ZONE }).format(restore.at));
      const restoredLine = `L’appareil « ${HEATER} » a été rallumé : la pièce a atteint ${celsius(restore.temperature_c)}, au-delà de sa limite de ${celsius(Number(restore.limit_c))}`;

      await page.goto(`/app/events/${eventId}`);
      const log = page.getByTestId('event-comfort-actions');
      await log.waitFor();
      await page.getByRole('heading', { level: 3, name: 'Le confort de vos pièces pendant cet événement' }).waitFor();
      // Each line is its time, then what happened and why.
      const items = log.getByRole('listitem');
      const lines = await Promise.all((await items.all()).map(async (item) => [plain(await item.locator('time').textContent()), plain(await item.locator('span').first().textContent())]));
      expect(lines).toContainEqual([time, restoredLine]);
      expect(await log.locator(`time[datetime="${restore.at.toISOString()}"]`).count()).toBe(1);
      // The plug confirmed every switch, so the plug log above names no failure.
      const { rows: plugActions } = await db.query<{ action: string }>(`select action from event_plug_actions where event_id = $1 and device_id = $2 order by at`, [eventId, heater.id]);
      expect(plugActions.filter((a) => a.action.endsWith('_failed'))).toEqual([]);
      expect(plain(await page.getByTestId('event-plug-actions').textContent())).not.toContain('n’a pas pu');
      expect(plain(await page.locator('main').textContent())).toMatch(new RegExp(`Points gagnés ?${points}(?!\\d)`));
      for (const [width, height] of [[1440, 1400], [390, 2600]] as const) {
        await page.setViewportSize({ width, height });
        await log.scrollIntoViewIfNeeded();
        await screenshot(page, `montreal-comfort-restore-fr-${width}`);
        expect(await axeViolations(page)).toEqual([]);
      }
    } catch (error) {
      await screenshot(operator, 'failed-montreal-comfort-restore-operator').catch(() => undefined);
      throw error;
    } finally {
      // Every journey shares this server: leave its clock on real time.
      await resetOpsClock(operator).catch(() => undefined);
      await operator.context().close();
    }
  });
});
