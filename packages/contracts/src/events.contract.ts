import { z } from 'zod';
import { EVENT_STATUSES } from '@peakwise/domain/event-status';
import { holdoutPercentSchema } from './event-holdout.contract';
import { activityEntrySchema } from './points-ledger.contract';
import { nextRewardSchema } from './rewards.contract';
import { payShareSchema, stackingConflictSchema } from './event-stacking.contract';

/**
 * Energy Saving Events (decision 034): what a member sees of them, what an operator sends to
 * schedule one, and the points a member has. Instants are ISO strings; the member's time zone
 * comes with them so the web shows the window on the household's clock.
 */

export const EVENT_MESSAGES = {
  startInPast: 'The event must start in the future.',
  endBeforeStart: 'The event must end after it starts.',
  tooLong: 'An event lasts at most 4 hours.',
  rewardTooSmall: 'The reward must be at least 1 point.',
  targetOutOfRange: 'The target must be between 1% and 90% below baseline.',
  unknownProgram: 'No such program.',
  notFound: 'No such event.',
  alreadyStarted: 'This event has already started; it can no longer be changed.',
  optInClosed: 'Opting in or out closes when the event starts.',
  notInArea: 'This event does not cover your home.',
  cancelled: 'This event was cancelled.',
  scorecardNotStarted: 'The live scorecard starts when the event starts.',
  scorecardNotOptedIn: 'Your home is not taking part in this event.',
  liveNotStarted: 'The live view opens when the event starts.',
  noticeTooShort: 'This program gives its members more notice than that: start the event later, or use a program with shorter notice.',
  exclusiveClash: 'Moved there, the event would overlap an exclusive program’s event that some of its members take part in: choose another time.',
} as const;

export const EVENT_MAX_HOURS = 4;

export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatusValue = z.infer<typeof eventStatusSchema>;

const instant = z.iso.datetime({ offset: true });

/** The next or current event for the member's home, for the Dashboard banner. */
export const memberEventSchema = z.object({
  id: z.string(),
  programName: z.string(),
  /** The program's French name, when it has one: a member reading in French sees it. */
  programNameFr: z.string().optional(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The household's zone: the banner shows the window on its clock. */
  timeZone: z.string(),
  rewardPoints: z.number().int(),
  targetPercent: z.number().int(),
  /** Points per kWh saved beyond the target, on top of the reward (decision 113); absent when the program pays none. */
  pointsPerKwh: z.number().int().positive().optional(),
  status: eventStatusSchema,
  optedIn: z.boolean(),
  /** Opting in or out is possible until the start. */
  canChange: z.boolean(),
  /** Opted in by the household's "opt me in to every event" choice (decision 036), not by hand. */
  optedInAutomatically: z.boolean().optional(),
  /** The home is in this event's random hold-out (decision 100): not called, nothing to opt in to, nothing lost. */
  heldOut: z.boolean().optional(),
  /** The program asks homes to pre-heat (or pre-cool) in the hour before the event; rooms chosen on Devices do (decision 109). */
  preheat: z.boolean().optional(),
  /**
   * On the event page, when the home takes part (or would, once opted in) in another event at the
   * same time: who pays which stretch of this window (decision 108).
   */
  payShares: z.array(payShareSchema).optional(),
  /** On the event page: the event the home takes part in that keeps it out of this one (an exclusive program). */
  stackingConflict: stackingConflictSchema.optional(),
});
export type MemberEvent = z.infer<typeof memberEventSchema>;

/**
 * Before an event, the baseline the member's home will be scored against as far as its readings
 * tell now (decision 098): an estimate (the same-day adjustment comes on the day), or why there
 * is none and what is missing. Null once the event has started, for an event that is over or
 * cancelled.
 */
export const baselineOutlookSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('estimate'),
    kind: z.enum(['weekday', 'weekend-or-holiday']),
    days: z.array(z.string()),
    baselineKwh: z.number(),
    /** The most the home can use and earn: the target under the figure, and the least cut under it (decision 148); 0 when no use can. */
    targetKwh: z.number(),
    /** The least cut that earns points over the event, kWh (decision 148). */
    minimumCutKwh: z.number(),
    /** The figure is under the least cut: as far as its readings tell, no use of the home's earns points. */
    belowMinimumCut: z.literal(true).optional(),
    /** Too few days of its own: scored by a comparison group of homes not called (decision 101); the figure is its own days' mean. */
    byGroup: z.literal(true).optional(),
    /** With byGroup, no complete past day: the figure is its use over the event day's window at that rate (decision 144). */
    byEventDay: z.literal(true).optional(),
    /** A battery home: the figure is not adjusted on the day, it is the baseline (decision 138). */
    notAdjusted: z.literal(true).optional(),
    /** How long before the start the same-day window ends, minutes: 60 for a row frozen under decision 101, 120 since 138. */
    windowGapMinutes: z.number().int().optional(),
    /** The home has solar: the figures are what it draws from the grid, after what its panels supply (decision 112). */
    fromGrid: z.literal(true).optional(),
    /** Solar panels whose production is measured, no battery: scored on gross load (decision 138); the figure is its days' grid draw. */
    grossLoad: z.literal(true).optional(),
    /**
     * A battery home whose panels' production is measured (decision 147): the figure is the mean of all its
     * days; on the day it is scored on the 5 of them whose panels made the nearest to the event day's before the start.
     */
    sunMatched: z.literal(true).optional(),
  }),
  z.object({
    status: z.literal('insufficient_history'),
    kind: z.enum(['weekday', 'weekend-or-holiday']),
    days: z.array(z.string()),
    needed: z.number().int(),
    daysLeft: z.number().int(),
    /**
     * No complete day of its own, none to come in time, and no solar panels: on the day it is scored
     * from its use over the 3 h ending 2 h before the start, moved as a group of at least 5 similar
     * homes not called move from those hours into the event (decision 144).
     */
    byEventDay: z.literal(true).optional(),
    /**
     * With byEventDay, solar panels whose production is measured and no battery: those hours are read on gross
     * load, and the panels' production over the event taken off (decision 144's Since). No figure before the
     * event: it depends on the event's own sun. Also once those hours are over and the row is frozen.
     */
    grossLoad: z.literal(true).optional(),
    /** No day of the event's kind and none to come, but complete days of another kind: a comparison group scores it over those (decision 101's Since). */
    byAnyDays: z.literal(true).optional(),
  }),
  z.object({ status: z.literal('event_crosses_midnight') }),
]);
export type BaselineOutlookView = z.infer<typeof baselineOutlookSchema>;

export const nextEventSchema = z.object({ event: memberEventSchema.nullable(), outlook: baselineOutlookSchema.nullable().optional() });
export type NextEvent = z.infer<typeof nextEventSchema>;

/** How many upcoming events the member is shown at once. */
export const UPCOMING_EVENTS_LIMIT = 5;

/** GET /api/events/upcoming: the running and scheduled events of the member's area, soonest first. */
export const upcomingEventsSchema = z.object({
  events: z.array(memberEventSchema).max(UPCOMING_EVENTS_LIMIT),
  /** Each scheduled event's outlook for the home, by event id (decision 098); absent once it has started. */
  outlooks: z.record(z.string(), baselineOutlookSchema).optional(),
});
export type UpcomingEvents = z.infer<typeof upcomingEventsSchema>;

/** The season test of a member's events (decision 140), as it stands when read. */
export const proofSeasonSchema = z.object({
  /** The season the event fell in: `YYYY-summer` (May–October) or `YYYY-winter` (November–April, named for the year it starts). */
  id: z.string(),
  /** The season's last day, YYYY-MM-DD. */
  endsOn: z.string(),
  /** The season is over on the household's clock (past `endsOn`). */
  ended: z.boolean(),
  /**
   * The day, YYYY-MM-DD on the household's clock, from which the season's held points are final:
   * until then its last events can still be re-settled with late readings and release them; from
   * then on held points have lapsed. The ninth day after `endsOn`: a day for the season's last event to
   * end, then the seven-day correction window (decision 031).
   */
  finalOn: z.string(),
  /** The member's settled events of the season with a baseline, this one included. */
  events: z.number().int(),
  /** Σ (baseline − actual) over them, kWh. */
  savedKwh: z.number(),
  /** √Σ σ² over them: the swing their summed saving is measured against, kWh. */
  sigmaKwh: z.number(),
  /** savedKwh ÷ sigmaKwh. */
  z: z.number(),
  /** Proven, and held events released, once `z` reaches it. */
  boundaryZ: z.number(),
  /** Points of the season's events still held. */
  heldPoints: z.number().int(),
});
export type ProofSeason = z.infer<typeof proofSeasonSchema>;

export const proofSchema = z.object({
  status: z.enum(['paid_at_once', 'held', 'released', 'lapsed']),
  /** The saving this event counts in the season test: baseline − actual, kWh (negative when it used more). */
  savingKwh: z.number(),
  /** The home's usual day-to-day swing over the event's hours (σ), kWh. */
  sigmaKwh: z.number(),
  /** The saving that is paid at once: z × σ, kWh. */
  atOnceKwh: z.number(),
  /** When a held event's points were paid (released), else null. */
  releasedAt: z.string().nullable(),
  /** The event whose settlement released them (this event's own when its own settlement proved the season). */
  releasedByEventId: z.string().nullable(),
  /**
   * What the event paid before late readings (or a later rule) settled it again for fewer points: points
   * paid are never taken back, so the member keeps these. Present only when more than the result's points.
   */
  keptPoints: z.number().int().positive().optional(),
  season: proofSeasonSchema,
});
export type Proof = z.infer<typeof proofSchema>;

const intervalPointSchema = z.object({ slot: z.string(), baselineKwh: z.number(), actualKwh: z.number().nullable() });

/** A settled (or provisional) outcome, with what the baseline was made of. */
export const eventResultSchema = z.object({
  outcome: z.enum(['settled', 'insufficient_data', 'no_baseline']),
  reason: z.string().nullable(),
  baselineDays: z.array(z.string()),
  /** Which kind of day the baseline came from; null on results stored before it was kept. */
  dayKind: z.enum(['weekday', 'weekend-or-holiday']).nullable().optional(),
  /**
   * additive: the window's difference per interval was added over the event (decision 101);
   * multiplicative: the baseline was multiplied by the window's ratio (decision 029, baselines frozen
   * before 101); comparison: a member with too few days of its own, its usual use multiplied by the
   * change of a group of similar homes not called; none: a battery home, its usual use not adjusted
   * (decision 138). Null on results stored before it was kept, all of them multiplicative.
   */
  adjustmentMethod: z.enum(['additive', 'multiplicative', 'comparison', 'none']).nullable().optional(),
  /** How long before the start the window the adjustment read ended, minutes (decision 138: 120; 60 before, and when absent). */
  adjustmentWindowGapMinutes: z.number().int().nullable().optional(),
  /** comparison: how many homes of the group the change was read from. */
  adjustmentPeers: z.number().int().nullable().optional(),
  /** The adjusted baseline ÷ the unadjusted one. */
  adjustmentFactor: z.number().nullable(),
  /** The factor before the clamp (multiplicative) or the ±20 % cap (additive); null when not computable or not stored. */
  adjustmentUnclamped: z.number().nullable().optional(),
  /** Why the factor is what it is (applied, clamped, or 1 for want of data). */
  adjustmentStatus: z.enum(['applied', 'clamped', 'missing_data', 'zero_baseline', 'window_outside_day', 'not_adjusted_battery']).nullable().optional(),
  /** Event intervals whose reading never arrived (insufficient_data). */
  missingIntervals: z.number().int().optional(),
  baselineKwh: z.number(),
  actualKwh: z.number(),
  reductionKwh: z.number(),
  reductionPercent: z.number().nullable(),
  targetMet: z.boolean(),
  /**
   * The least cut that earns points over the intervals the event paid, kWh (decision 148: 0.05 kWh an
   * hour); a cut under it paid nothing whatever its percent. Absent on results settled before it.
   */
  minimumCutKwh: z.number().optional(),
  /** Everything the event paid, the per-kWh part included. */
  points: z.number().int(),
  /** When the event paid per kWh (decision 113): its rate, the kWh saved beyond the target, and the points they made (in `points`). */
  kwhPay: z.object({ pointsPerKwh: z.number().int(), kwhBeyondTarget: z.number(), points: z.number().int() }).optional(),
  intervals: z.array(intervalPointSchema),
  /**
   * The home has solar (a panel, or a meter that reports production or export): its figures are
   * what it drew from the grid, its use less what its panels supplied (decision 112). Absent on
   * results stored before it was kept.
   */
  fromGrid: z.boolean().optional(),
  /**
   * Scored on gross load (decision 138, a solar home whose production is measured, no battery): its
   * days' usual use before the panels' own power over the event, what the window moved it by, and
   * the panels' production during the event that was taken off. Absent for every other result.
   */
  grossLoad: z.object({ usualKwh: z.number(), shiftKwh: z.number(), productionKwh: z.number() }).optional(),
  /**
   * Scored on its days nearest in sun (decision 147, a battery home whose production is measured):
   * what its panels made from midnight to the start on the event day, the least and the most its kept
   * days made over the same hours, and how many days they were kept from. `baselineDays` are the
   * kept days; the baseline is their mean, not adjusted (`adjustmentMethod` none).
   */
  sunMatched: z.object({ todayKwh: z.number(), fromKwh: z.number(), toKwh: z.number(), ofDays: z.number().int() }).optional(),
  /**
   * A member with no complete day before the event (decision 144): the use the group moved was its own
   * over the 3 h ending 2 h before the start on the event day, at that rate over the event's length;
   * `baselineDays` is the event day.
   */
  baselineFromEventDay: z.literal(true).optional(),
  /**
   * How the result's points are paid (decision 140, points held until proven). A saving clear of
   * the home's usual swing over the event's hours (above `atOnceKwh`) is paid at once; one under it
   * keeps its points, held, until the member's events of the season together are clear of their
   * swing (`season.z` reaching `season.boundaryZ`), when every held event of the season is released.
   * Held points still held on the season's final day (`season.finalOn`, a grace after its end for
   * late corrections) are not paid (`lapsed`). Absent on results that
   * earn no points and on results settled before the rule.
   */
  proof: proofSchema.optional(),
  settledAt: z.string(),
});
export type EventResult = z.infer<typeof eventResultSchema>;

export const memberEventDetailSchema = z.object({ event: memberEventSchema, result: eventResultSchema.nullable(), outlook: baselineOutlookSchema.nullable().optional() });
export type MemberEventDetail = z.infer<typeof memberEventDetailSchema>;

export const pointsSummarySchema = z.object({
  balance: z.number().int(),
  /** 100 points = $1, in cents. */
  valueCents: z.number().int(),
  lifetimeEarned: z.number().int(),
  /** Points of events held until the member's cuts are proven (decision 140): not in the balance, not spendable. */
  heldPoints: z.number().int().optional(),
  /** The cheapest active reward the balance does not cover yet; null when it covers them all. */
  nextReward: nextRewardSchema.nullable(),
  /** Newest first, each with the balance it left; `nextCursor` asks for the page after (decision 041). */
  activity: z.array(activityEntrySchema.extend({ id: z.string() })),
  nextCursor: z.string().nullable(),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;

/**
 * GET /api/events/{id}/scorecard and the live stream's `scorecard` event: an opted-in household's
 * provisional figures while an event runs (decision 038). Totals are over the intervals that are
 * in; `intervals` are those begun so far, in average kW.
 */
export const liveScorecardSchema = z.object({
  eventId: z.string(),
  provisional: z.literal(true),
  status: z.enum(['live', 'no_baseline']),
  /** Why there is no baseline (too little history), else null. */
  reason: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  intervals: z.array(z.object({ startsAt: z.string(), baselineKw: z.number(), actualKw: z.number().nullable() })),
  intervalsIn: z.number().int(),
  intervalsTotal: z.number().int(),
  baselineKwh: z.number(),
  actualKwh: z.number(),
  savedKwh: z.number(),
  reductionPercent: z.number().nullable(),
  targetPercent: z.number().int(),
  targetMet: z.boolean(),
  pointsOnTrack: z.number().int(),
  rewardPoints: z.number().int(),
  /** The home has solar: the figures are what it draws from the grid, after what its panels supply (decision 112). */
  fromGrid: z.literal(true).optional(),
});
export type LiveScorecard = z.infer<typeof liveScorecardSchema>;

/** GET /api/ops/events/{id}/live: an active event's participation and aggregate baseline vs actual. */
export const opsLiveEventSchema = z.object({
  eventId: z.string(),
  status: eventStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  optedIn: z.number().int(),
  /** Opted-in households with at least one event interval in. */
  reporting: z.number().int(),
  /** Opted-in households with a baseline (enough history): the baseline line sums theirs. */
  withBaseline: z.number().int(),
  /**
   * Summed over opted-in households, per elapsed interval, in kW; baseline over households that
   * have one. `actualKw` is null while no household's reading for the interval is in (pending, not 0 kW).
   */
  intervals: z.array(z.object({ startsAt: z.string(), baselineKw: z.number(), actualKw: z.number().nullable(), households: z.number().int() })),
  asOf: z.string(),
});
export type OpsLiveEvent = z.infer<typeof opsLiveEventSchema>;

/** POST /api/ops/events. Reward and target default to the program's; the hold-out to 5 % (decision 100). */
export const scheduleEventSchema = z.object({
  programId: z.uuid({ error: EVENT_MESSAGES.unknownProgram }),
  startsAt: instant,
  endsAt: instant,
  rewardPoints: z.number().int({ error: EVENT_MESSAGES.rewardTooSmall }).min(1, { error: EVENT_MESSAGES.rewardTooSmall }).max(10_000).optional(),
  targetPercent: z.number().int({ error: EVENT_MESSAGES.targetOutOfRange }).min(1, { error: EVENT_MESSAGES.targetOutOfRange }).max(90, { error: EVENT_MESSAGES.targetOutOfRange }).optional(),
  /** Share of the area's households not called, drawn at announcement. */
  holdoutPercent: holdoutPercentSchema.optional(),
});
export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;

/** PATCH /api/ops/events/{id}: any of the window and terms, before the start. The hold-out was drawn at announcement and stays. */
export const editEventSchema = scheduleEventSchema.omit({ programId: true, holdoutPercent: true }).partial();
export type EditEvent = z.infer<typeof editEventSchema>;

export const opsEventSchema = z.object({
  id: z.string(),
  programId: z.string(),
  programName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  rewardPoints: z.number().int(),
  targetPercent: z.number().int(),
  status: eventStatusSchema,
  reach: z.number().int(),
  optedIn: z.number().int(),
  holdoutPercent: z.number().int().optional(),
  /** Households held out at announcement; null when the event was not drawn (made before hold-outs, or outside the console). */
  heldOut: z.number().int().nullable().optional(),
  settled: z.object({
    households: z.number().int(),
    /** Paid: at once, released, or settled before decision 140. */
    pointsAwarded: z.number().int(),
    /** Held until the members' seasons prove their cuts (decision 140), lapsed ones included: not paid. */
    pointsHeld: z.number().int().optional(),
    reductionKwh: z.number(),
    insufficientData: z.number().int(),
  }).nullable(),
});
export type OpsEvent = z.infer<typeof opsEventSchema>;
