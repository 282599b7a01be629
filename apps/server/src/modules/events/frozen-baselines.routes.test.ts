import { sql } from 'drizzle-orm';
import { addDays, isWeekend, localDateOf, zonedTimeToUtc } from '@peakwise/domain/local-time';
import { provincialHolidayDates } from '@peakwise/domain/provincial-holidays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { eventJobHandlers } from '../../jobs/event-jobs';
import { notificationJobHandlers } from '../../jobs/notification-jobs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { issueIngestCredential } from '../devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../households/household.service';
import type { EventNotifier } from '../notifications/event-notifications.service';
import { settleEndedEvent } from './event-settlement.service';
import { upsertProgram } from './events.repository';
import { gridOnlyDays, gridOnlyReading } from '../../test/grid-only-readings';

const ZONE = 'America/Toronto';
const FIVE_MINUTES = 300_000;
const holidaysNear = (date: string) => new Set(provincialHolidayDates('ON', Number(date.slice(0, 4)) - 1, Number(date.slice(0, 4))));

/** A weekday six or more days ago that is not an Ontario holiday (late readings stay within the week). */
function pastWeekday(): string {
  let date = addDays(localDateOf(new Date(), ZONE), -6);
  const holidays = holidaysNear(date);
  while (isWeekend(date) || holidays.has(date)) date = addDays(date, -1);
  return date;
}

/** The `count` ordinary weekdays before `date`, most recent first. */
function weekdaysBefore(date: string, count: number): string[] {
  const holidays = holidaysNear(date);
  const days: string[] = [];
  for (let d = addDays(date, -1); days.length < count; d = addDays(d, -1)) if (!isWeekend(d) && !holidays.has(d)) days.push(d);
  return days;
}

type Frozen = { household: string; status: string; dayKind: string | null; days: string; baselineKwh: number | null; startsAt: string; frozenAt: string; method: string };

describe('the baseline frozen at the announcement, shown, and settled against (decision 099)', () => {
  let t: TestApp;
  let now = new Date();
  let operator: Member;
  let keen: Member; // opted in to every event, ten weekdays of history
  let newcomer: Member; // opted in to every event, two weekdays of history
  let late: Member; // opts in by hand after the announcement
  let battery: Member; // opted in to every event, ten weekdays of history, a battery (decision 138)
  const homes = new Map<string, string>();
  let programId: string;
  const eventDate = pastWeekday();
  const usual = weekdaysBefore(eventDate, 10);
  const at = (date: string, hour: number, minute = 0) => zonedTimeToUtc(date, hour, minute, ZONE);
  const reading = gridOnlyReading;
  const credentials = new Map<string, string>();
  const ingest = async (m: Member, meter: unknown[]) => {
    const res = await t.app.request('/api/ingest/readings', {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.get(m.userId)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ meter }),
    });
    expect(await res.json()).toMatchObject({ rejected: [] });
  };
  /** 11:00–20:00 every 5 minutes of each day, `kwh(day, ms)` per interval (a 16:00 event's window starts at 11:00). */
  const daysOf = (days: string[], kwh: (day: string, ms: number) => number) => gridOnlyDays(days, (day) => [at(day, 11), at(day, 20)], kwh);
  // Telling members is another test's business; the announcement's fan-out and the freeze are run by hand.
  const handlers = { ...eventJobHandlers, ...notificationJobHandlers({ announce: async () => 0 } as unknown as EventNotifier) };
  const run = (name: string, eventId: string) => t.database.db.transaction((tx) => handlers[name]!({ db: t.database.db, tx, job: { payload: { eventId } } as never, now }));
  const call = async (who: Member, method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, { method, headers: asMember(who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  const schedule = async (startsAt: Date, endsAt: Date) => {
    const res = await call(operator, 'POST', '/api/ops/events', { programId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const frozenRows = async (eventId: string) =>
    rowsOf<Frozen>(
      await t.database.db.execute(sql`
        select household_id as household, status, day_kind as "dayKind", array_to_string(days, ',') as days, baseline_kwh as "baselineKwh",
          event_starts_at::text as "startsAt", frozen_at::text as "frozenAt", method
        from event_baselines where event_id = ${eventId}::uuid order by household_id`),
    ).map((r) => ({ ...r, baselineKwh: r.baselineKwh === null ? null : Number(r.baselineKwh) }));
  const rowOf = async (eventId: string, m: Member) => (await frozenRows(eventId)).find((r) => r.household === homes.get(m.userId));
  /**
   * The home's usual use over [from, to) local time, straight from the stored readings: the sum over
   * the given days ÷ their number. Shares no code with the baseline rule.
   */
  const rawMean = async (m: Member, days: string[], from: [number, number], to: [number, number]) => {
    let sum = 0;
    for (const day of days) {
      const [row] = rowsOf<{ kwh: number }>(
        await t.database.db.execute(sql`
          select coalesce(sum(consumption_kwh), 0)::float8 as kwh from meter_readings
          where household_id = ${homes.get(m.userId)!}::uuid and ts >= ${at(day, ...from).toISOString()}::timestamptz and ts < ${at(day, ...to).toISOString()}::timestamptz`),
      );
      sum += Number(row!.kwh);
    }
    return sum / days.length;
  };

  let eventId: string;
  // Ten usual weekdays at 0.2 kWh per 5 minutes (Monday's at 0.3, so the mean is not one reading;
  // half as much again from 17:00, so two windows differ), 1.0 on the older days and 5.0 on
  // weekends: a wrong day in the mean shows.
  const keenKwh = (day: string, ms: number) =>
    (usual.includes(day) ? (new Date(`${day}T12:00:00Z`).getUTCDay() === 1 ? 0.3 : 0.2) : isWeekend(day) ? 5 : 1) * (ms >= at(day, 17).getTime() ? 1.5 : 1);

  beforeAll(async () => {
    now = at(eventDate, 8);
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    [keen, newcomer, late, battery] = [await createMember(t.app), await createMember(t.app), await createMember(t.app), await createMember(t.app)];
    for (const m of [keen, newcomer, late, battery]) {
      const household = await ensureHouseholdForUser(t.database.db, m.userId);
      homes.set(m.userId, household.id);
      credentials.set(m.userId, (await issueIngestCredential(t.database.db, household.id, null, 'test')).token);
    }
    // The member's word, set in Settings (not this test's business).
    await t.database.db.execute(sql`update households set has_battery = true where id = ${homes.get(battery.userId)!}::uuid`);
    for (const m of [keen, newcomer, battery]) expect((await call(m, 'PUT', '/api/event-preferences', { optInEveryEvent: true })).status).toBe(200);
    programId = await upsertProgram(t.database.db, { name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, noticeHours: 4 });
    const older: string[] = [];
    for (let back = 1; back <= 45; back++) if (!usual.includes(addDays(eventDate, -back))) older.push(addDays(eventDate, -back));
    await ingest(keen, daysOf([...usual, ...older], keenKwh));
    await ingest(late, daysOf(usual, () => 0.25));
    await ingest(newcomer, daysOf(usual.slice(0, 2), () => 0.2));
    await ingest(battery, daysOf(usual, keenKwh));
  }, 180_000);
  afterAll(() => t.close());

  const startsAt = () => at(eventDate, 18);
  const endsAt = () => at(eventDate, 19);

  it('freezes each opted-in home at the announcement, from the raw readings, and a second run changes nothing', async () => {
    now = at(eventDate, 8);
    eventId = await schedule(startsAt(), endsAt());
    expect(await frozenRows(eventId)).toEqual([]);
    await run('event.announce', eventId);
    // The announcement schedules the freeze as a job of its own; run it as the worker would.
    const [job] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select name from durable_jobs where key = ${`event:${eventId}:freeze`} and status = 'queued'`));
    expect(job?.name).toBe('event.freeze-baselines');
    await run('event.freeze-baselines', eventId);

    const rows = await frozenRows(eventId);
    expect(rows.map((r) => r.household).sort()).toEqual([homes.get(keen.userId), homes.get(newcomer.userId), homes.get(battery.userId)].sort());
    const keenRow = rows.find((r) => r.household === homes.get(keen.userId))!;
    // Decision 138: a home without a battery under the window ending two hours before, a battery home on its days alone.
    expect(keenRow).toMatchObject({ status: 'ok', dayKind: 'weekday', days: usual.join(','), method: 'mean-of-days-additive-early-window' });
    const batteryRow = rows.find((r) => r.household === homes.get(battery.userId))!;
    expect(batteryRow).toMatchObject({ status: 'ok', dayKind: 'weekday', days: usual.join(','), method: 'mean-of-days-unadjusted' });
    expect(batteryRow.baselineKwh).toBeCloseTo(await rawMean(battery, usual, [18, 0], [19, 0]), 9);
    expect(new Date(keenRow.frozenAt).getTime()).toBe(now.getTime());
    const expected = await rawMean(keen, usual, [18, 0], [19, 0]);
    expect(keenRow.baselineKwh).toBeCloseTo(expected, 9);
    expect(rows.find((r) => r.household === homes.get(newcomer.userId))).toMatchObject({ status: 'insufficient_history', dayKind: null, days: usual.slice(0, 2).join(','), baselineKwh: null });

    // Idempotent: the announcement and the freeze run again, later, and every row is as it was.
    now = at(eventDate, 9);
    await run('event.announce', eventId);
    await run('event.freeze-baselines', eventId);
    expect(await frozenRows(eventId)).toEqual(rows);
  });

  it('shows the frozen figures, and does not move when earlier readings change after the freeze', async () => {
    now = at(eventDate, 10);
    const before = (await call(keen, 'GET', `/api/events/${eventId}`)).body.outlook as { baselineKwh: number; targetKwh: number; days: string[] };
    const frozen = (await rowOf(eventId, keen))!;
    expect(before).toMatchObject({ status: 'estimate', days: usual, windowGapMinutes: 120 });
    expect(before).not.toHaveProperty('notAdjusted');
    const batteryOutlook = (await call(battery, 'GET', `/api/events/${eventId}`)).body.outlook;
    expect(batteryOutlook).toMatchObject({ status: 'estimate', days: usual, notAdjusted: true, baselineKwh: (await rowOf(eventId, battery))!.baselineKwh });
    expect(batteryOutlook).not.toHaveProperty('windowGapMinutes');
    expect(before.baselineKwh).toBe(frozen.baselineKwh);
    expect(before.targetKwh).toBe(Math.floor(frozen.baselineKwh! * 90 + 1e-6) / 100);
    // A late correction of the most recent usual day (within the week): computed anew, the mean would move.
    await ingest(keen, daysOf([usual[0]!], () => 0.4));
    expect(await rawMean(keen, usual, [18, 0], [19, 0])).not.toBeCloseTo(frozen.baselineKwh!, 6);
    const next = (await call(keen, 'GET', '/api/events/next')).body.outlook;
    const upcoming = (await call(keen, 'GET', '/api/events/upcoming')).body.outlooks as Record<string, unknown>;
    expect(next).toEqual(before);
    expect(upcoming[eventId]).toEqual(before);
    // Put back as it was, so the settlement below is "nothing changed".
    await ingest(keen, daysOf([usual[0]!], keenKwh));
  });

  it('freezes a later opt-in at its opt-in, and a new member as soon as it has the days', async () => {
    now = at(eventDate, 11);
    expect(await rowOf(eventId, late)).toBeUndefined();
    expect((await call(late, 'PUT', `/api/events/${eventId}/participation`, { optedIn: true })).status).toBe(200);
    const lateRow = (await rowOf(eventId, late))!;
    expect(lateRow).toMatchObject({ status: 'ok', days: usual.join(',') });
    expect(new Date(lateRow.frozenAt).getTime()).toBe(now.getTime());
    expect(lateRow.baselineKwh).toBeCloseTo(await rawMean(late, usual, [18, 0], [19, 0]), 9);
    // Out and in again: the row frozen at the first opt-in stays.
    now = at(eventDate, 11, 30);
    await call(late, 'PUT', `/api/events/${eventId}/participation`, { optedIn: false });
    await call(late, 'PUT', `/api/events/${eventId}/participation`, { optedIn: true });
    expect(await rowOf(eventId, late)).toEqual(lateRow);

    // The newcomer's missing days arrive (a history import): the next read freezes its baseline.
    await ingest(newcomer, daysOf(usual.slice(2, 5), () => 0.3));
    now = at(eventDate, 12);
    const outlook = (await call(newcomer, 'GET', `/api/events/${eventId}`)).body.outlook as { status: string; baselineKwh: number };
    const row = (await rowOf(eventId, newcomer))!;
    expect(row).toMatchObject({ status: 'ok', days: usual.slice(0, 5).join(',') });
    expect(new Date(row.frozenAt).getTime()).toBe(now.getTime());
    expect(outlook.status).toBe('estimate');
    expect(outlook.baselineKwh).toBe(row.baselineKwh);
    expect(row.baselineKwh).toBeCloseTo(await rawMean(newcomer, usual.slice(0, 5), [18, 0], [19, 0]), 9);
  });

  it('settles against the frozen baseline, with the same-day adjustment worked out on the day (by hand)', async () => {
    // The event day: 0.22 kWh per 5 minutes over 11:00–16:30 (the window 13:00–16:00, against a
    // usual 0.21: 0.01 more per interval, 0.12 kWh over the event's 12), a pre-cool at 0.8 from
    // 16:30 to 18:00 (decision 101's window, 14:00–17:00, would take in half an hour of it), 0.27
    // during the event (against about 0.33: a cut of 17 %).
    const today: unknown[] = [];
    const preCool = at(eventDate, 16, 30).getTime();
    for (let ms = at(eventDate, 11).getTime(); ms < endsAt().getTime(); ms += FIVE_MINUTES) today.push(reading(ms, ms >= startsAt().getTime() ? 0.27 : ms >= preCool ? 0.8 : 0.22));
    now = at(eventDate, 20);
    await ingest(keen, today);
    await ingest(battery, today);
    // The live scorecard runs against the same frozen baseline and factor.
    const card = (await call(keen, 'GET', `/api/events/${eventId}/scorecard`)).body as { status: string; intervalsIn: number; baselineKwh: number };
    expect(card).toMatchObject({ status: 'live', intervalsIn: 12 });
    now = new Date(endsAt().getTime() + 20 * 60_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));

    const frozen = (await rowOf(eventId, keen))!;
    const [result] = rowsOf<{ baselineKwh: number; actualKwh: number; points: number; detail: { baselineDays: string[]; adjustmentFactor: number; adjustmentMethod: string; adjustmentStatus: string } }>(
      await t.database.db.execute(sql`select baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", points, detail from event_results where event_id = ${eventId}::uuid and household_id = ${homes.get(keen.userId)!}::uuid`),
    );
    // Decision 101's rule over decision 138's window, from the raw rows: the use on the day over
    // 13:00–16:00 minus its usual, per interval (36 of them, all in), times the event's 12
    // intervals, added to the usual 18:00–19:00, within ±20 %.
    const usualEvening = await rawMean(keen, usual, [18, 0], [19, 0]);
    const dayWindow = await rawMean(keen, [eventDate], [13, 0], [16, 0]);
    const usualWindow = await rawMean(keen, usual, [13, 0], [16, 0]);
    const added = ((dayWindow - usualWindow) / 36) * 12;
    expect(Math.abs(added)).toBeLessThan(0.2 * usualEvening);
    const baseline = usualEvening + added;
    const factor = baseline / usualEvening;
    const actual = await rawMean(keen, [eventDate], [18, 0], [19, 0]);
    expect(result!.detail.baselineDays).toEqual(frozen.days.split(','));
    expect(result!.detail.adjustmentMethod).toBe('additive');
    expect(result!.detail).toMatchObject({ adjustmentWindowGapMinutes: 120, adjustmentStatus: 'applied' });
    expect(result!.detail.adjustmentFactor).toBeCloseTo(factor, 9);
    // The frozen figure is the settled one before the factor: what was shown is what was paid against.
    expect(Number(result!.baselineKwh) / result!.detail.adjustmentFactor).toBeCloseTo(frozen.baselineKwh!, 9);
    expect(Number(result!.baselineKwh)).toBeCloseTo(baseline, 9);
    expect(card.baselineKwh).toBeCloseTo(Number(result!.baselineKwh), 9);
    expect(Number(result!.actualKwh)).toBeCloseTo(actual, 9);
    // Points by the curve (decision 029): 10 % target, 100 at it, +50 per further 10 %, floored.
    const cut = ((baseline - actual) / baseline) * 100;
    expect(cut).toBeGreaterThan(10);
    expect(cut).toBeLessThan(30);
    expect(result!.points).toBe(Math.floor(100 * (1 + (cut - 10) / 20)));

    // A late correction of a baseline day, within decision 031's week, then the re-settlement: the
    // frozen baseline does not move with it (computed anew, the mean would).
    await ingest(keen, daysOf([usual[1]!], () => 0.6));
    expect(await rawMean(keen, usual, [18, 0], [19, 0])).not.toBeCloseTo(frozen.baselineKwh!, 3);
    now = new Date(endsAt().getTime() + 24 * 3_600_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));
    const [again] = rowsOf<{ baselineKwh: number; points: number }>(
      await t.database.db.execute(sql`select baseline_kwh as "baselineKwh", points from event_results where event_id = ${eventId}::uuid and household_id = ${homes.get(keen.userId)!}::uuid`),
    );
    expect(Number(again!.baselineKwh)).toBe(Number(result!.baselineKwh));
    expect(again!.points).toBe(result!.points);

    // A battery home: paid against its frozen days' mean, the afternoon's pre-cool and all
    // ignored (decision 138): its baseline is the frozen figure, the factor 1.
    const batteryResult = async () =>
      rowsOf<{ baselineKwh: number; actualKwh: number; points: number; detail: Record<string, unknown> }>(
        await t.database.db.execute(sql`select baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", points, detail from event_results where event_id = ${eventId}::uuid and household_id = ${homes.get(battery.userId)!}::uuid`),
      )[0]!;
    const batteryFrozen = (await rowOf(eventId, battery))!;
    const settledBattery = await batteryResult();
    expect(settledBattery.detail).toMatchObject({ adjustmentMethod: 'none', adjustmentStatus: 'not_adjusted_battery', adjustmentFactor: 1 });
    expect(settledBattery.detail).not.toHaveProperty('adjustmentWindowGapMinutes');
    expect(Number(settledBattery.baselineKwh)).toBe(batteryFrozen.baselineKwh);
    expect(Number(settledBattery.baselineKwh)).toBeCloseTo(await rawMean(battery, usual, [18, 0], [19, 0]), 9);
    expect(Number(settledBattery.actualKwh)).toBeCloseTo(await rawMean(battery, [eventDate], [18, 0], [19, 0]), 9);

    // A row frozen under decision 101 (its window 14:00–17:00, whose usual means are the same as
    // 13:00–16:00's on these days, read before the correction above) is still paid by that window:
    // the pre-cool's half hour in it pushes the added amount past the cap, +20 %.
    const keenWhere = sql`event_id = ${eventId}::uuid and household_id = ${homes.get(keen.userId)!}::uuid`;
    await t.database.db.execute(sql`update event_baselines set method = 'mean-of-days-additive-window' where ${keenWhere}`);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));
    const [by101] = rowsOf<{ baselineKwh: number; detail: { adjustmentFactor: number; adjustmentMethod: string; adjustmentStatus: string; adjustmentWindowGapMinutes: number } }>(
      await t.database.db.execute(sql`select baseline_kwh as "baselineKwh", detail from event_results where ${keenWhere}`),
    );
    const day101 = await rawMean(keen, [eventDate], [14, 0], [17, 0]);
    const usual101 = usualWindow;
    expect(((day101 - usual101) / 36) * 12).toBeGreaterThan(0.2 * usualEvening);
    expect(by101!.detail).toMatchObject({ adjustmentMethod: 'additive', adjustmentStatus: 'clamped', adjustmentWindowGapMinutes: 60 });
    expect(Number(by101!.baselineKwh)).toBeCloseTo(frozen.baselineKwh! * 1.2, 9);

    // A row frozen before decision 101 is paid by the rule it was frozen under: the window's
    // ratio (14:00–17:00), clamped to 0.8–1.2, times the frozen figure.
    await t.database.db.execute(sql`update event_baselines set method = 'mean-of-days-same-day-factor' where ${keenWhere}`);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));
    const [old] = rowsOf<{ baselineKwh: number; detail: { adjustmentFactor: number; adjustmentMethod: string } }>(
      await t.database.db.execute(sql`select baseline_kwh as "baselineKwh", detail from event_results where ${keenWhere}`),
    );
    const ratio = day101 / usual101;
    expect(old!.detail.adjustmentMethod).toBe('multiplicative');
    expect(old!.detail.adjustmentFactor).toBeCloseTo(Math.min(1.2, Math.max(0.8, ratio)), 9);
    expect(Number(old!.baselineKwh)).toBeCloseTo(frozen.baselineKwh! * old!.detail.adjustmentFactor, 9);
  });

  it('freezes again for a moved window, and never reads a row frozen for another one', async () => {
    now = at(eventDate, 8);
    const moved = await schedule(at(eventDate, 16), at(eventDate, 17));
    await run('event.announce', moved);
    await run('event.freeze-baselines', moved);
    const first = (await rowOf(moved, keen))!;
    expect(first.startsAt).toBeDefined();
    // An hour later: 17:00–18:00. The rows of 16:00 no longer count; the edit schedules a new freeze.
    expect((await call(operator, 'PATCH', `/api/ops/events/${moved}`, { startsAt: at(eventDate, 17).toISOString(), endsAt: at(eventDate, 18).toISOString() })).status).toBeLessThan(300);
    const [job] = rowsOf<{ key: string }>(await t.database.db.execute(sql`select key from durable_jobs where name = 'event.freeze-baselines' and key like ${`event:${moved}:freeze-%`} and status = 'queued'`));
    expect(job).toBeDefined();
    // Read before the job ran: the 16:00 row is not shown; the read freezes the new window's.
    now = at(eventDate, 8, 15);
    const outlook = (await call(keen, 'GET', `/api/events/${moved}`)).body.outlook as { baselineKwh: number };
    const expected = await rawMean(keen, usual, [17, 0], [18, 0]);
    expect(expected).not.toBeCloseTo(first.baselineKwh!, 6);
    expect(outlook.baselineKwh).toBeCloseTo(expected, 9);
    const again = (await rowOf(moved, keen))!;
    expect(new Date(again.startsAt).getTime()).toBe(at(eventDate, 17).getTime());
    expect(new Date(again.frozenAt).getTime()).toBe(now.getTime());
    expect(again.baselineKwh).toBe(outlook.baselineKwh);
    // The job then freezes the others (the newcomer) and leaves that one as it was.
    now = at(eventDate, 8, 30);
    await run('event.freeze-baselines', moved);
    expect(await rowOf(moved, keen)).toEqual(again);
    expect(new Date((await rowOf(moved, newcomer))!.startsAt).getTime()).toBe(at(eventDate, 17).getTime());
  });

  it('settles a battery home without a frozen row by the same choice: its days alone', async () => {
    // A freeze that never ran for it: settlement computes anew, and the household's battery still decides.
    await t.database.db.execute(sql`delete from event_baselines where event_id = ${eventId}::uuid and household_id = ${homes.get(battery.userId)!}::uuid`);
    now = new Date(endsAt().getTime() + 25 * 3_600_000);
    await t.database.db.transaction((tx) => settleEndedEvent(tx, eventId, now));
    const [row] = rowsOf<{ baselineKwh: number; detail: Record<string, unknown> }>(
      await t.database.db.execute(sql`select baseline_kwh as "baselineKwh", detail from event_results where event_id = ${eventId}::uuid and household_id = ${homes.get(battery.userId)!}::uuid`),
    );
    expect(row!.detail).toMatchObject({ adjustmentMethod: 'none', adjustmentStatus: 'not_adjusted_battery', adjustmentFactor: 1, baselineDays: usual });
    expect(Number(row!.baselineKwh)).toBeCloseTo(await rawMean(battery, usual, [18, 0], [19, 0]), 9);
  });
});
