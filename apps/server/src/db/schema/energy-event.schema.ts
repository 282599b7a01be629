import { sql } from 'drizzle-orm';
import { EVENT_STATUSES } from '@peakwise/domain/event-status';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PROGRAM_STATUSES, type ProgramWindow } from '@peakwise/domain/event-program';

/**
 * Where and on what terms Energy Saving Events run (decision 034). A program covers whole
 * provinces, or only some postal FSAs in them; its defaults fill a new event.
 */
export const eventPrograms = pgTable(
  'event_programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    provinces: text('provinces').array().notNull(),
    /** Forward sortation areas ("M5V"); null = every FSA of the provinces. */
    fsas: text('fsas').array(),
    defaultRewardPoints: integer('default_reward_points').notNull().default(100),
    /** Percent below baseline that earns the reward. */
    defaultTargetPercent: integer('default_target_percent').notNull().default(10),
    /** How long before the start members are told at the latest. */
    noticeHours: integer('notice_hours').notNull().default(4),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the English name is shown in French too. */
    nameFr: text('name_fr'),
    /** Local dates, inclusive: events fall on these days only (decision 103). */
    seasonStart: date('season_start').notNull().default('2000-01-01'),
    seasonEnd: date('season_end').notNull().default('2099-12-31'),
    /** Weekly windows on the home's clock that an event must fit in one of. */
    windows: jsonb('windows')
      .$type<ProgramWindow[]>()
      .notNull()
      .default(sql`'[{"weekdays":[1,2,3,4,5,6,7],"start":"00:00","end":"24:00"}]'::jsonb`),
    pointsPerKwh: integer('points_per_kwh').notNull().default(0),
    baselineMethod: text('baseline_method').notNull().default('high-ten-adjusted'),
    holdoutPercent: integer('holdout_percent').notNull().default(5),
    /** Stored now; the stacking rules read it later. */
    stacks: boolean('stacks').notNull().default(false),
    /** The program asks homes to pre-heat before its events (Québec winters). */
    preheat: boolean('preheat').notNull().default(false),
    status: text('status', { enum: PROGRAM_STATUSES }).notNull().default('active'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_programs_reward', sql`${t.defaultRewardPoints} >= 1`),
    check('event_programs_target', sql`${t.defaultTargetPercent} between 1 and 90`),
    check('event_programs_notice', sql`${t.noticeHours} >= 0`),
    check('event_programs_season', sql`${t.seasonEnd} >= ${t.seasonStart}`),
    check('event_programs_points_per_kwh', sql`${t.pointsPerKwh} >= 0`),
    check('event_programs_holdout', sql`${t.holdoutPercent} between 0 and 50`),
    check('event_programs_status', sql`${t.status} in ('active', 'paused', 'ended')`),
    check('event_programs_provinces', sql`cardinality(${t.provinces}) >= 1`),
  ],
);


export const energyEvents = pgTable(
  'energy_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => eventPrograms.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    rewardPoints: integer('reward_points').notNull(),
    targetPercent: integer('target_percent').notNull(),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('scheduled'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Bumped by every settlement run; ledger keys carry it so a re-run moves only the difference. */
    settlementVersion: integer('settlement_version').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Bumped each time the window moves: calendar invitations carry it in their SEQUENCE (decision 084). */
    revision: integer('revision').notNull().default(0),
    /** Share of the area's households not called (decision 100); drawn at announcement. 0 for events made outside the console. */
    holdoutPercent: integer('holdout_percent').notNull().default(0),
    /** Copied from the program at scheduling, so a later edit of the program leaves the event as announced. */
    pointsPerKwh: integer('points_per_kwh').notNull().default(0),
    baselineMethod: text('baseline_method').notNull().default('high-ten-adjusted'),
    /** Copied from the program: false takes the household out of other programs' events at the same times (decision 108). */
    stacks: boolean('stacks').notNull().default(false),
  },
  (t) => [
    index('energy_events_starts_idx').on(t.startsAt),
    check('energy_events_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('energy_events_reward', sql`${t.rewardPoints} >= 1`),
    check('energy_events_target', sql`${t.targetPercent} between 1 and 90`),
    check('energy_events_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check('energy_events_revision', sql`${t.revision} >= 0`),
    check('energy_events_holdout_percent', sql`${t.holdoutPercent} between 0 and 50`),
    check('energy_events_points_per_kwh', sql`${t.pointsPerKwh} >= 0`),
  ],
);

/** A household's part in an event: opted in (by the member, or by their "every event" choice), or out again. */
export const eventParticipations = pgTable(
  'event_participations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => energyEvents.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id').notNull(),
    optedIn: boolean('opted_in').notNull(),
    source: text('source', { enum: ['member', 'always'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.householdId] }), index('event_participations_household_idx').on(t.householdId)],
);

/** The outcome of the latest settlement for one household, with what the member is shown of it. */
export const eventResults = pgTable(
  'event_results',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => energyEvents.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id').notNull(),
    version: integer('version').notNull(),
    outcome: text('outcome', { enum: ['settled', 'insufficient_data', 'no_baseline'] }).notNull(),
    baselineKwh: doublePrecision('baseline_kwh'),
    actualKwh: doublePrecision('actual_kwh'),
    reductionKwh: doublePrecision('reduction_kwh'),
    points: integer('points').notNull().default(0),
    /** Baseline days, adjustment factor, per-interval baseline and actual: the transparency page. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    /**
     * Points held until proven (decision 140). A settled result with a baseline keeps what the
     * member's season test sums: the season of the event's local date, baseline − actual and the σ
     * it was tested against. One that earns points says how they are paid: `paid_at_once`, `held`
     * (nothing in the ledger) or `released` (an `event_release` transfer), and when and by whose
     * settlement it was released.
     */
    season: text('season'),
    savingKwh: doublePrecision('saving_kwh'),
    sigmaKwh: doublePrecision('sigma_kwh'),
    /** The saving above which it was paid at once (decision 141: σ of the saving × Student's t; 1.645 σ before). */
    atOnceKwh: doublePrecision('at_once_kwh'),
    proofStatus: text('proof_status', { enum: ['paid_at_once', 'held', 'released'] }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedByEventId: uuid('released_by_event_id').references(() => energyEvents.id),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.householdId] }),
    check('event_results_points', sql`${t.points} >= 0`),
    check('event_results_season', sql`${t.season} ~ '^[0-9]{4}-(summer|winter)$'`),
    check(
      'event_results_proof_figures',
      sql`(${t.season} is null) = (${t.savingKwh} is null) and (${t.season} is null) = (${t.sigmaKwh} is null) and (${t.sigmaKwh} is null or ${t.sigmaKwh} >= 0) and (${t.season} is null or ${t.outcome} = 'settled')`,
    ),
    check(
      'event_results_proof_status',
      sql`${t.proofStatus} is null or (${t.proofStatus} in ('paid_at_once', 'held', 'released') and ${t.season} is not null and (${t.proofStatus} <> 'held' or ${t.points} > 0))`,
    ),
    check('event_results_at_once', sql`(${t.sigmaKwh} is null) = (${t.atOnceKwh} is null) and (${t.atOnceKwh} is null or ${t.atOnceKwh} >= 0)`),
    check('event_results_released', sql`(${t.proofStatus} is not distinct from 'released') = (${t.releasedAt} is not null) and (${t.releasedAt} is null) = (${t.releasedByEventId} is null)`),
    index('event_results_household_season_idx').on(t.householdId, t.season).where(sql`season is not null`),
  ],
);

/**
 * An event's figures as its latest settlement run left them (decision 146): the operator's list
 * reads these rather than totalling the event's results on every call. Written by the run, in its
 * transaction, for its event and for each event whose held points it released.
 */
export const eventTotals = pgTable(
  'event_totals',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => energyEvents.id, { onDelete: 'cascade' }),
    optedIn: integer('opted_in').notNull(),
    results: integer('results').notNull(),
    /** Results without a settled outcome: insufficient data or no baseline. */
    notSettled: integer('not_settled').notNull(),
    /** Points paid at once or released; held points apart (decision 140). */
    pointsPaid: bigint('points_paid', { mode: 'number' }).notNull(),
    pointsHeld: bigint('points_held', { mode: 'number' }).notNull(),
    reductionKwh: doublePrecision('reduction_kwh').notNull(),
  },
  (t) => [
    check(
      'event_totals_counts',
      sql`${t.optedIn} >= 0 and ${t.results} >= 0 and ${t.notSettled} between 0 and ${t.results} and ${t.pointsPaid} >= 0 and ${t.pointsHeld} >= 0`,
    ),
  ],
);
