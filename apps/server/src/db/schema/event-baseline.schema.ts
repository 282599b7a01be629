import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { energyEvents, eventParticipations } from './energy-event.schema';
import { households } from './household.schema';

/**
 * The baseline a household was shown before an event, frozen (decision 099): what the baseline rule
 * gave when the event was announced (or when the household opted in later), before the same-day
 * adjustment. The event screens, the live scorecard and settlement read it, so what was shown is
 * what is paid. `event_kwh` is the mean of the days per event slot and `window_kwh` per slot of
 * the adjustment window, both in slot order; the adjustment itself is worked out on the day.
 * The event's window it was frozen for is kept: a row for another window is never used.
 */
export const eventBaselines = pgTable(
  'event_baselines',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => energyEvents.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    status: text('status', { enum: ['ok', 'insufficient_history', 'event_crosses_midnight'] }).notNull(),
    dayKind: text('day_kind', { enum: ['weekday', 'weekend-or-holiday'] }),
    days: date('days', { mode: 'string' }).array().notNull(),
    baselineKwh: doublePrecision('baseline_kwh'),
    eventKwh: doublePrecision('event_kwh').array(),
    windowKwh: doublePrecision('window_kwh').array(),
    /** A member scored by a comparison group (decision 101): the peers, and their mean per event slot over its days, peer-major. */
    groupIds: uuid('group_ids').array(),
    groupKwh: doublePrecision('group_kwh').array(),
    /** A gross-load row (decision 138): its days' mean gross load per window slot and per event slot, in slot order. */
    windowGrossKwh: doublePrecision('window_gross_kwh').array(),
    eventGrossKwh: doublePrecision('event_gross_kwh').array(),
    /** Each baseline day's gross load per event slot, day-major in date order (decision 141); null on rows frozen before it. */
    eventGrossDayKwh: doublePrecision('event_gross_day_kwh').array(),
    /** A sun-matched row (decision 147): each day's production from midnight to the start, and its draw per event slot (day-major), days in date order. */
    sunProducedKwh: doublePrecision('sun_produced_kwh').array(),
    sunEventDayKwh: doublePrecision('sun_event_day_kwh').array(),
    /** σ of the days' kWh over the event's slots, on the quantity the baseline averages (decision 140); null: too few days, or frozen before it. */
    noiseKwh: doublePrecision('noise_kwh'),
    eventStartsAt: timestamp('event_starts_at', { withTimezone: true }).notNull(),
    eventEndsAt: timestamp('event_ends_at', { withTimezone: true }).notNull(),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'event_baselines_pk', columns: [t.eventId, t.householdId] }),
    foreignKey({ name: 'event_baselines_participation_fk', columns: [t.eventId, t.householdId], foreignColumns: [eventParticipations.eventId, eventParticipations.householdId] }).onDelete('cascade'),
    check('event_baselines_method', sql`length(${t.method}) between 1 and 64`),
    check('event_baselines_status', sql`${t.status} in ('ok', 'insufficient_history', 'event_crosses_midnight')`),
    check('event_baselines_day_kind', sql`${t.dayKind} in ('weekday', 'weekend-or-holiday')`),
    check('event_baselines_window', sql`${t.eventEndsAt} > ${t.eventStartsAt}`),
    check(
      'event_baselines_figures',
      sql`(${t.status} = 'ok') = (${t.baselineKwh} is not null and ${t.eventKwh} is not null and ${t.windowKwh} is not null and ${t.dayKind} is not null)`,
    ),
    check('event_baselines_kwh', sql`${t.baselineKwh} >= 0`),
    check('event_baselines_ok_days', sql`${t.status} <> 'ok' or cardinality(${t.days}) > 0`),
    check('event_baselines_event_slots', sql`${t.status} <> 'ok' or cardinality(${t.eventKwh}) > 0`),
    check(
      'event_baselines_group',
      sql`(${t.groupIds} is null) = (${t.groupKwh} is null) and (${t.groupIds} is null or (${t.status} = 'ok' and cardinality(${t.groupIds}) >= 5 and cardinality(${t.groupKwh}) = cardinality(${t.groupIds}) * cardinality(${t.eventKwh})))`,
    ),
    check(
      'event_baselines_gross_days',
      sql`${t.eventGrossDayKwh} is null or (${t.eventGrossKwh} is not null and cardinality(${t.eventGrossDayKwh}) = cardinality(${t.days}) * cardinality(${t.eventKwh}))`,
    ),
    check(
      'event_baselines_sun',
      sql`(${t.method} = 'mean-of-sun-matched-days' and ${t.status} = 'ok') = (${t.sunProducedKwh} is not null and ${t.sunEventDayKwh} is not null) and (${t.sunProducedKwh} is null or (cardinality(${t.sunProducedKwh}) = cardinality(${t.days}) and cardinality(${t.sunEventDayKwh}) = cardinality(${t.days}) * cardinality(${t.eventKwh})))`,
    ),
    check('event_baselines_noise', sql`${t.noiseKwh} is null or (${t.noiseKwh} >= 0 and ${t.status} = 'ok')`),
    check(
      'event_baselines_gross',
      sql`(${t.method} = 'mean-of-days-gross-load' and ${t.status} = 'ok') = (${t.eventGrossKwh} is not null and ${t.windowGrossKwh} is not null) and (${t.eventGrossKwh} is null or (cardinality(${t.eventGrossKwh}) = cardinality(${t.eventKwh}) and cardinality(${t.windowGrossKwh}) = cardinality(${t.windowKwh})))`,
    ),
  ],
);
