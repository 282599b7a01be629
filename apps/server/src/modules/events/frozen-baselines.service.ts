import type { Baseline } from '@peakwise/domain/event-baseline';
import { freezeBaseline, isGroupMethod, thawBaseline, type FrozenBaseline, type GroupDay } from '@peakwise/domain/event-baseline-frozen';
import type { ReadingRange } from '@peakwise/domain/event-reading-plan';
import { readingsByDayFromLists } from '@peakwise/domain/event-intervals';
import { eventDateOf, eventDayRanges } from '@peakwise/domain/event-reading-plan';
import type { DbOrTx } from '../../db/client';
import { groupBaselines, groupDays } from './event-baseline-group.service';
import { householdBaselines, methodOf, windowGapOf, type HouseholdBaseline } from './event-baselines.service';
import { gridImportInRanges, otherEventStartsByHousehold } from './event-settlement.repository';
import type { EventRow, Participant } from './events.repository';
import { frozenBaselinesFor, householdsToFreeze, saveFrozenBaselines } from './frozen-baselines.repository';
import { grossDayFlows, grossDayOf, isGrossRow, movesWithProductionTo, withGrossLoadRows } from './frozen-baselines-gross.service';
import { producingHouseholds } from './event-meter-flows.repository';
import { GROSS_LOAD_METHOD } from '@peakwise/domain/event-baseline-frozen-gross';
import { SUN_MATCHED_METHOD } from '@peakwise/domain/event-baseline-frozen-sun';
import { isSunRow, producedBeforeStartOf, withSunMatchedRows, type SunFreezeRow } from './frozen-baselines-sun.service';
import type { GrossDay } from '@peakwise/domain/event-baseline-frozen-gross';
import type { Slice } from '../../lib/time-slices';

/**
 * Where and when an event's baseline is computed (docs/decisions/099-the-frozen-baseline.md): once,
 * before the event, by the same seam settlement always used (`householdBaselines`), and stored.
 * The screens, the live scorecard and settlement then read what was stored, so what a member was
 * shown is what they are paid against. How a baseline is computed is not decided here.
 */

/** Households per read and write, as settlement's batches. */
const FREEZE_BATCH = 2_000;

/**
 * Freezes the baseline of the event's opted-in households that have none for its window yet (all
 * of them at the announcement; one at a later opt-in; at the start, those that still lacked
 * history). Set-based: per batch one read of readings and one write. Only before the start:
 * afterwards what was frozen is fixed. Idempotent: a second run finds nothing left to freeze, or
 * recomputes the same rows and writes nothing.
 */
export async function freezeEventBaselines(db: DbOrTx, event: EventRow, now: Date, options: { householdIds?: readonly string[]; batchSize?: number } = {}): Promise<number> {
  if (event.status !== 'scheduled') return 0;
  const participants = await householdsToFreeze(db, event, options.householdIds);
  if (participants.length === 0) return 0;
  const otherStarts = await otherEventStartsByHousehold(db, event.id, options.householdIds);
  let frozen = 0;
  for await (const batch of householdBaselines(db, event, participants, otherStarts, options.batchSize ?? FREEZE_BATCH)) {
    // A member with too few days of its own is scored by a comparison group when it has one (decision 101).
    const byGroup = await groupBaselines(db, event, batch, otherStarts, now);
    const rows = await withProductionRows(
      db,
      event,
      batch.map(({ household, baseline, readings }) => ({
        household,
        hasBattery: household.hasBattery,
        frozen: byGroup.get(household.householdId) ?? freezeBaseline(baseline, readings, event.startsAt, household.timeZone, methodOf(household)),
        readings,
      })),
    );
    await saveFrozenBaselines(db, event, rows, now);
    frozen += rows.length;
  }
  return frozen;
}

/**
 * A batch's rows with each solar home whose production is measured moved to its method: the
 * gross-load baseline without a battery (decision 138), its days nearest in sun with one (147).
 */
async function withProductionRows(db: DbOrTx, event: EventRow, rows: readonly SunFreezeRow[]): Promise<{ householdId: string; frozen: FrozenBaseline }[]> {
  // Which of them reported production before the event, in one statement for both methods.
  const moving = rows.filter((row) => movesWithProductionTo(GROSS_LOAD_METHOD, row) || movesWithProductionTo(SUN_MATCHED_METHOD, row));
  const producing = await producingHouseholds(db, event.id, moving.map((row) => row.household.householdId));
  return withGrossLoadRows(db, event, await withSunMatchedRows(db, event, rows, producing), producing);
}

/**
 * The baseline an opted-in household is shown before the event (the same-day adjustment not yet
 * known): its frozen one. Without one yet (the fan-out has not run, or the home had too little
 * history when it did), it is frozen now: a new member sees its days grow until the first read
 * that finds a baseline, which is then the one it is paid against.
 */
export async function shownBaseline(db: DbOrTx, event: EventRow, household: Participant, now: Date, known?: FrozenBaseline): Promise<Baseline | null> {
  let frozen = known ?? (await frozenBaselinesFor(db, event, [household.householdId])).get(household.householdId);
  if (frozen?.status !== 'ok' && event.status === 'scheduled' && event.startsAt.getTime() > now.getTime()) {
    await freezeEventBaselines(db, event, now, { householdIds: [household.householdId] });
    frozen = (await frozenBaselinesFor(db, event, [household.householdId])).get(household.householdId);
  }
  // A gross-load row is shown as such, with nothing of the day known yet (decision 138).
  return frozen ? thawBaseline(frozen, event.startsAt, event.endsAt, household.timeZone, undefined, undefined, { gross: undefined, production: undefined }) : null;
}

/**
 * Whether a frozen row is final: one with a baseline always is; one without (too little history)
 * only once the start has re-frozen it, which the start job does before the event becomes active.
 */
const isFinal = (event: EventRow, frozen: FrozenBaseline | undefined): frozen is FrozenBaseline => frozen !== undefined && (frozen.status === 'ok' || event.status !== 'scheduled');

/**
 * The event day's readings a row thaws from: its method's window (an hour or two before the start,
 * or none) and the event. A row frozen under decision 101 keeps its window (decision 138).
 */
function rowDayRanges(event: EventRow, frozen: FrozenBaseline): ReadingRange[] {
  const gap = frozen.status !== 'ok' || isGroupMethod(frozen.method) ? null : windowGapOf(frozen.method);
  return eventDayRanges(event.startsAt, event.endsAt, gap);
}

/**
 * One household's baseline on the event day, from its frozen figures (its row of
 * frozenBaselinesFor, read by the caller with its other reads) and that day's readings (the live
 * scorecard), or null when it has none for this window (the caller computes it as before).
 */
export async function frozenBaselineOnTheDay(db: DbOrTx, event: EventRow, household: Participant, frozen: FrozenBaseline | undefined): Promise<Baseline | null> {
  if (!isFinal(event, frozen)) return null;
  const group = await groupDays(db, event, [{ household, frozen }]);
  if (isGrossRow(frozen)) {
    // A gross-load row reads the day's production too (decision 138), as does a solar member's event-day row (144's Since).
    const flows = (await grossDayFlows(db, event, [household.householdId])).get(household.householdId);
    return thawed(event, household, frozen, flows, group.get(household.householdId), grossDayOf(event, household.timeZone, flows))?.baseline ?? null;
  }
  const readings = await gridImportInRanges(db, [{ householdId: household.householdId, group: 0 }], [rowDayRanges(event, frozen)]);
  // A sun-matched row reads the day's production before the start too (decision 147).
  const produced = isSunRow(frozen) ? (await producedBeforeStartOf(db, event, [household])).get(household.householdId) : undefined;
  return thawed(event, household, frozen, readings.get(household.householdId), group.get(household.householdId), undefined, produced)?.baseline ?? null;
}

function thawed(
  event: EventRow,
  household: Participant,
  frozen: FrozenBaseline,
  rows: { ms: number[]; kwh: number[] } | undefined,
  group?: GroupDay,
  grossDay?: GrossDay,
  produced?: number | null,
): HouseholdBaseline | null {
  const readings = rows ? readingsByDayFromLists(rows.ms, rows.kwh, household.timeZone) : new Map<string, Record<string, number>>();
  return thawedOn(event, household, frozen, readings, group, grossDay, produced);
}

/** `thawed` on readings already by day (a home computed anew has its whole read). */
function thawedOn(
  event: EventRow,
  household: Participant,
  frozen: FrozenBaseline,
  readings: HouseholdBaseline['readings'],
  group?: GroupDay,
  grossDay?: GrossDay,
  produced?: number | null,
): HouseholdBaseline | null {
  const eventDate = eventDateOf(event.startsAt, household.timeZone);
  const baseline = thawBaseline(frozen, event.startsAt, event.endsAt, household.timeZone, readings.get(eventDate), group, grossDay, produced);
  if (!baseline) return null;
  // A gross-load row's σ is its days' draws under the day's sun once every slot's sun is in (decision 141), a
  // sun-matched row's its kept days' (147); else the frozen σ.
  const dayNoise = baseline.ok ? baseline.noiseKwh : undefined;
  return { household, baseline, readings, eventDate, noiseKwh: dayNoise !== undefined ? dayNoise : frozen.status === 'ok' ? (frozen.noiseKwh ?? null) : null };
}

/**
 * Every household's baseline for settlement (and the operator's live view), batch by batch: the
 * frozen one with the event day's readings (one read of a few hours per batch, not the look-back),
 * and for a household with none (an event scheduled before frozen baselines existed, or a freeze
 * that never ran), the baseline computed from its readings as before. The next batch's reads are
 * sent before this one is computed, as in `householdBaselines`. `slice` (settlement's) lets those
 * reads, and the caller's writes, go on while a batch is thawed.
 */
export async function* settlementBaselines(
  db: DbOrTx,
  event: EventRow,
  participants: readonly Participant[],
  otherStarts: ReadonlyMap<string, number[]>,
  batchSize: number,
  slice: Slice = () => undefined,
): AsyncGenerator<HouseholdBaseline[]> {
  const load = async (batch: readonly Participant[]) => {
    const frozen = await frozenBaselinesFor(db, event, batch.map((p) => p.householdId));
    const withRow = batch.filter((p) => isFinal(event, frozen.get(p.householdId)));
    // Only rows on gross load read production (decision 138); the rest keep the index-only read.
    const gross = withRow.filter((p) => isGrossRow(frozen.get(p.householdId)));
    const onGrid = withRow.filter((p) => !isGrossRow(frozen.get(p.householdId)));
    // One read for the batch, each row's ranges by its method's window (a handful of groups).
    const ranges: ReadingRange[][] = [];
    const groupOf = new Map<string, number>();
    const members = onGrid.map((p) => {
      const dayRanges = rowDayRanges(event, frozen.get(p.householdId)!);
      const key = JSON.stringify(dayRanges);
      let group = groupOf.get(key);
      if (group === undefined) {
        group = ranges.push(dayRanges) - 1;
        groupOf.set(key, group);
      }
      return { householdId: p.householdId, group };
    });
    const readings: Map<string, { ms: number[]; kwh: number[] }> = await gridImportInRanges(db, members, ranges);
    const flows = await grossDayFlows(db, event, gross.map((p) => p.householdId));
    for (const [householdId, rows] of flows) readings.set(householdId, rows);
    const groups = await groupDays(db, event, withRow.map((household) => ({ household, frozen: frozen.get(household.householdId)! })));
    const produced = await producedBeforeStartOf(db, event, onGrid.filter((p) => isSunRow(frozen.get(p.householdId))));
    return { frozen, readings, groups, flows, produced };
  };
  const prefetch = (batch: readonly Participant[]) => {
    const loading = load(batch);
    // Awaited on its own turn; a failure there fails the caller, not the process.
    loading.catch(() => {});
    return loading;
  };
  const computeAnew: Participant[] = [];
  let next = participants.length > 0 ? prefetch(participants.slice(0, batchSize)) : null;
  for (let from = 0; from < participants.length; from += batchSize) {
    const batch = participants.slice(from, from + batchSize);
    const { frozen, readings, groups, flows, produced } = await next!;
    next = from + batchSize < participants.length ? prefetch(participants.slice(from + batchSize, from + 2 * batchSize)) : null;
    const out: HouseholdBaseline[] = [];
    for (const household of batch) {
      await slice();
      const row = frozen.get(household.householdId);
      const grossDay = isGrossRow(row) ? grossDayOf(event, household.timeZone, flows.get(household.householdId)) : undefined;
      const computed = isFinal(event, row) ? thawed(event, household, row, readings.get(household.householdId), groups.get(household.householdId), grossDay, produced.get(household.householdId)) : null;
      if (computed) out.push(computed);
      else computeAnew.push(household);
    }
    if (out.length > 0) yield out;
  }
  if (computeAnew.length > 0) yield* computedAnew(db, event, computeAnew, otherStarts, batchSize);
}

/**
 * Households with no frozen row, computed from their readings under the method the freeze would
 * have chosen (decisions 138 and 147): a solar home with measured production on gross load, or with
 * a battery on its days nearest in sun, as if frozen now and thawed with the event day's flows; the
 * others as `householdBaselines` gives.
 */
async function* computedAnew(db: DbOrTx, event: EventRow, households: readonly Participant[], otherStarts: ReadonlyMap<string, number[]>, batchSize: number): AsyncGenerator<HouseholdBaseline[]> {
  for await (const batch of householdBaselines(db, event, households, otherStarts, batchSize)) {
    const rows = await withProductionRows(
      db,
      event,
      batch.map(({ household, baseline, readings }) => ({ household, hasBattery: household.hasBattery, frozen: freezeBaseline(baseline, readings, event.startsAt, household.timeZone, methodOf(household)), readings })),
    );
    // σ as the freeze would have kept it (decision 140): of the days on the quantity the row averages.
    const noise = new Map(rows.map((row) => [row.householdId, row.frozen.status === 'ok' ? (row.frozen.noiseKwh ?? null) : null]));
    const withNoise = (computed: HouseholdBaseline): HouseholdBaseline => ({ ...computed, noiseKwh: noise.get(computed.household.householdId) ?? null });
    const gross = new Map(rows.filter((row) => isGrossRow(row.frozen)).map((row) => [row.householdId, row.frozen]));
    const sun = new Map(rows.filter((row) => isSunRow(row.frozen)).map((row) => [row.householdId, row.frozen]));
    if (gross.size === 0 && sun.size === 0) {
      yield batch.map(withNoise);
      continue;
    }
    const flows = await grossDayFlows(db, event, [...gross.keys()]);
    const produced = await producedBeforeStartOf(db, event, batch.filter(({ household }) => sun.has(household.householdId)).map(({ household }) => household));
    yield batch.map((computed) => {
      const { household } = computed;
      const sunRow = sun.get(household.householdId);
      if (sunRow) return thawedOn(event, household, sunRow, computed.readings, undefined, undefined, produced.get(household.householdId)) ?? withNoise(computed);
      const row = gross.get(household.householdId);
      if (!row) return withNoise(computed);
      const day = flows.get(household.householdId);
      return thawed(event, household, row, day, undefined, grossDayOf(event, household.timeZone, day)) ?? withNoise(computed);
    });
  }
}
