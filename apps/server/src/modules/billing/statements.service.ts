import { BILLING_MESSAGES, type BillingSummary, type StatementDetail, type StatementSummary } from '@peakwise/contracts/billing.contract';
import { adjustmentLine, billingMonth, computeStatement, issueInstant, previousMonth, statementDueDate, type MeteredHour } from '@peakwise/domain/billing-statement';
import { statementStatus } from '@peakwise/domain/billing-status';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import { addDays, localDateOf, parseLocalDate, startOfLocalDate, type LocalDate } from '@peakwise/domain/local-time';
import { carriedForward, creditLapseLine, CREDITS_LAPSE_AFTER_12_PERIODS, NET_METERING_CARRY_PERIODS, type CarriedStatement } from '@peakwise/domain/net-metering-credit';
import type { ProvinceCode } from '@peakwise/domain/postal-code';
import { planIdOn } from '@peakwise/domain/tariff-history';
import { priceIntervals, type TariffPlan } from '@peakwise/domain/tariff';
import { planById } from '@peakwise/domain/tariff-plans';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { paidByStatement, statementPayments } from '../payments/payments.repository';
import { announceToWebhooks } from '../webhooks/webhook-announce';
import { localHoursAreUtcHours, rawSums } from '../energy/energy-rollups.repository';
import {
  billableHousehold,
  bucketGridMany,
  findStatement,
  findStatementForPeriod,
  dailyGridMany,
  dailyGridSeries,
  hourlyGridMany,
  householdsDueStatement,
  insertStatements,
  listStatements,
  nextIssueInstant,
  openPayments,
  previousStatements,
  recentBalances,
  statementLines,
  statementPaymentViews,
  tuneStatementTransaction,
  unchangedPeriods,
  type BillableHousehold,
  type HouseholdRange,
  type HourRow,
  type HouseholdSeries,
  type NewStatement,
  type OpenPayment,
  type PreviousStatement,
  type StoredStatement,
} from './statements.repository';

/**
 * Monthly statements (decision 044): issued on the 1st at local midnight in each household's
 * zone for the previous month, by one durable job per month; never edited once issued.
 */

export const STATEMENT_JOB = 'billing.issue-statements';
const HISTORY_LIMIT = 24;
/** The earliest local midnight anywhere (UTC+14): the month's job starts there and waits for each zone. */
const EARLIEST_OFFSET_MS = 14 * HOUR_MS;

const statementJobKey = (month: string) => `billing:statements:${month}`;
const nextMonth = (month: string) => {
  const { year, month: m } = parseLocalDate(`${month}-01`);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};

/** Schedules a month's statement run, once (the key): from the first zone's midnight on the 1st. */
export async function scheduleStatementRun(db: DbOrTx, month: string): Promise<void> {
  const runAt = new Date(Date.parse(`${billingMonth(month).issueDate}T00:00:00Z`) - EARLIEST_OFFSET_MS);
  await scheduleJob(db, { name: STATEMENT_JOB, key: statementJobKey(month), runAt, payload: { month } });
}

/**
 * At start-up: the run for the month now ending anywhere (each run schedules the next, so this
 * only matters on a first start): the month in UTC and, in the hours after UTC midnight on the
 * 1st, also the month still running at UTC−12. Not older months: their run on a first start would
 * race data still arriving (the demo's back-fill); a household's owed months are issued by
 * `catchUpStatements` once its history is in.
 */
export async function scheduleStatementRuns(db: DbOrTx, now: Date): Promise<void> {
  const months = new Set([localDateOf(now, 'Etc/GMT+12').slice(0, 7), localDateOf(now, 'UTC').slice(0, 7)]);
  for (const month of months) await scheduleStatementRun(db, month);
}

/** Households issued per run: each run is one transaction, so a large month commits as it goes. */
export const STATEMENTS_PER_RUN = 1_000;

/**
 * The job: statements for up to `limit` households past their local midnight of the 1st, read
 * and written a batch at a time. With more waiting it asks to run again at once; otherwise at the
 * next zone's midnight, until every zone is done. Each run schedules the next month's run (once:
 * the key).
 */
export async function runStatementJob(tx: DbOrTx, month: string, now: Date, limit = STATEMENTS_PER_RUN): Promise<{ issued: number; retryAt: Date | null }> {
  const { periodStart, periodEnd, issueDate } = billingMonth(month);
  const due = await householdsDueStatement(tx, periodStart, periodEnd, issueDate, now, limit);
  const issued = await issueStatements(tx, due, month, now);
  await scheduleStatementRun(tx, nextMonth(month));
  // A full batch that issued nothing is households that cannot be priced: do not spin on them.
  const retryAt = due.length >= limit && issued > 0 ? now : await nextIssueInstant(tx, periodEnd, issueDate, now);
  return { issued, retryAt };
}

/**
 * Transactions a lane runs per job run before it hands back to the worker (which runs it again at
 * once). A run reads its households' energy ahead in one pass over the month's rollups (decisions
 * 073, 076), and that pass costs about the same for ten thousand households as for all of them:
 * so a run takes 64,000 households a lane (two lanes: a 100,000-household month in one run, about
 * a minute here, well inside the worker's 5-minute lease; the process peaked at about 820 MB).
 */
const RUNS_PER_LANE = 64;

/**
 * The households split into `count` slices of the id space, as uuid bounds (decision 063). Ids
 * are random (gen_random_uuid), so equal slices of the space are near-equal numbers of households.
 */
export function laneRanges(count: number): { min?: string; below?: string }[] {
  const bound = (k: number) => `${Math.floor((k * 2 ** 32) / count).toString(16).padStart(8, '0')}-0000-0000-0000-000000000000`;
  return Array.from({ length: count }, (_, k) => ({ min: k === 0 ? undefined : bound(k), below: k === count - 1 ? undefined : bound(k + 1) }));
}

/**
 * The job on PostgreSQL with `lanes` slices of the households side by side (decision 063): each
 * lane issues its slice a batch at a time, each batch in a transaction of its own on its own
 * connection, so the database works on one batch while this process prices another. A household
 * gets one statement whichever lane or run reaches it (the unique (household, period) and ON
 * CONFLICT DO NOTHING), and a batch commits or leaves nothing, so a run stopped anywhere is
 * finished by the next one. `tx` is the job's own transaction: it only schedules.
 *
 * Not on PGlite: its one connection cannot open a lane's transaction while the job's is open.
 */
export async function runStatementLanes(
  db: Db,
  tx: DbOrTx,
  month: string,
  now: Date,
  lanes: number,
  limit = STATEMENTS_PER_RUN,
): Promise<{ issued: number; retryAt: Date | null }> {
  const { periodStart, periodEnd, issueDate } = billingMonth(month);
  const slices = laneRanges(lanes);
  // The households each lane is about to issue in this run, and their energy in one read for all
  // of them (decision 073).
  const upcoming = await Promise.all(slices.map((slice) => householdsDueStatement(db, periodStart, periodEnd, issueDate, now, limit * RUNS_PER_LANE, slice)));
  const ahead = await readEnergyAhead(db, month, upcoming.flat());
  const settled = await Promise.allSettled(
    slices.map(async (slice) => {
      let range: HouseholdRange = slice;
      let issued = 0;
      for (let run = 0; run < RUNS_PER_LANE; run += 1) {
        const batch = await db.transaction(async (laneTx) => {
          await tuneStatementTransaction(laneTx);
          const due = await householdsDueStatement(laneTx, periodStart, periodEnd, issueDate, now, limit, range);
          return { due, issued: await issueStatements(laneTx, due, month, now, ahead) };
        });
        issued += batch.issued;
        const last = batch.due[batch.due.length - 1];
        if (batch.due.length < limit || !last) return { issued, more: false };
        range = { ...slice, after: last.id };
      }
      // More may wait in this slice; a slice that issued nothing this run is households that
      // cannot be priced: do not spin on them.
      return { issued, more: issued > 0 };
    }),
  );
  // A lane that failed fails the run (the worker retries it) once the others have finished: none
  // is left writing behind the job's back, and what they committed stands.
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const runs = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  await scheduleStatementRun(tx, nextMonth(month));
  const issued = runs.reduce((sum, r) => sum + r.issued, 0);
  const retryAt = runs.some((r) => r.more) ? now : await nextIssueInstant(tx, periodEnd, issueDate, now);
  return { issued, retryAt };
}

/** The days and instants a household's statement reads: from its previous statement's period (for the adjustment) to the issue day. */
function readRange(household: BillableHousehold, periodStart: LocalDate, periodEnd: LocalDate, previous: PreviousStatement | undefined) {
  const firstDay = previous?.periodStart ?? periodStart;
  return { firstDay, from: startOfLocalDate(firstDay, household.timeZone), to: startOfLocalDate(addDays(periodEnd, 1), household.timeZone) };
}

/** Is any day from `first` to `last` under a time-of-use plan? */
function usesTimeOfUse(household: BillableHousehold, first: LocalDate, last: LocalDate): boolean {
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const planId = planIdOn(household.tariffHistory, household.province, day);
    const kind = planId ? planById(planId)?.kind : undefined;
    if (kind !== 'flat' && kind !== 'tiered') return true;
  }
  return false;
}

/**
 * The time-of-use plan a household is on for every day from `first` to `last`, in service before
 * them; null when it is not time-of-use, changes plan or starts service in the range (its hours
 * are then read one by one).
 */
function singleTimeOfUsePlan(household: BillableHousehold, first: LocalDate, last: LocalDate): TariffPlan | null {
  if (household.serviceStart > first) return null;
  const planId = planIdOn(household.tariffHistory, household.province, first);
  for (let day = addDays(first, 1); day <= last; day = addDays(day, 1)) {
    if (planIdOn(household.tariffHistory, household.province, day) !== planId) return null;
  }
  const plan = planId ? planById(planId) : undefined;
  return plan?.kind === 'time-of-use' ? plan : null;
}

/**
 * Each UTC hour of [from, to) numbered by what a statement prices it as: its local month (the
 * statement it belongs to), and the plan version and period the tariff engine itself gives it
 * (weekends, holidays and seasons included). Hours with the same number add up into one priced
 * interval without changing a line. An hour the engine cannot price (before the plan's first
 * version) keeps a number of its own, so the statement fails for it as it would hour by hour.
 */
function timeOfUseBuckets(plan: TariffPlan, timeZone: string, from: Date, to: Date): BucketMap {
  const key = `${plan.id}|${timeZone}|${from.getTime()}|${to.getTime()}`;
  const known = bucketMaps.get(key);
  if (known) return known;
  const built = buildBuckets(plan, timeZone, from, to);
  if (bucketMaps.size >= BUCKET_MAPS_KEPT) bucketMaps.delete(bucketMaps.keys().next().value!);
  bucketMaps.set(key, built);
  return built;
}

type BucketMap = { readonly hours: readonly Date[]; readonly buckets: readonly number[] };

/**
 * Bucket maps built in this process (decision 063). Every batch of a month asks for the same few
 * (a plan, a zone, the month's hours), and one is ~700 hours through the tariff engine, tens of
 * milliseconds: a hundred batches would build it a hundred times. Plans are code, so a map never
 * goes stale; the oldest is dropped past a few months' worth.
 */
const bucketMaps = new Map<string, BucketMap>();
const BUCKET_MAPS_KEPT = 64;

function buildBuckets(plan: TariffPlan, timeZone: string, from: Date, to: Date): BucketMap {
  const numbers = new Map<string, number>();
  const hours: Date[] = [];
  const buckets: number[] = [];
  for (let ms = from.getTime(); ms < to.getTime(); ms += HOUR_MS) {
    const start = new Date(ms);
    let key: string;
    try {
      const line = priceIntervals(plan, [{ start, kwh: 1 }], timeZone).lines.find((l) => l.kind === 'energy');
      key = `${localDateOf(start, timeZone).slice(0, 7)}|${line?.effectiveFrom}|${line?.label}`;
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      key = `unpriced|${ms}`;
    }
    if (!numbers.has(key)) numbers.set(key, numbers.size);
    hours.push(start);
    buckets.push(numbers.get(key)!);
  }
  return { hours, buckets };
}

/**
 * A household's energy for its billing month read before its batch: its days (flat and tiered
 * plans), or its time-of-use hours summed per bucket under `planId`, in `timeZone`.
 */
type ReadAhead = ReadonlyMap<string, { planId: string | null; timeZone: string; series: HouseholdSeries }>;

/**
 * The energy of the households a job run is about to issue, in one read per kind (and per plan
 * and zone for time-of-use) rather than one per batch (decision 073). Rollup rows arrive an hour
 * (a day) at a time for every household, so a page holds one hour (one day) of many households:
 * a batch of 1,000 read a page for almost each of its households' hours or days, and every later
 * batch read the same pages again for other households. One read for the run reads each page of
 * the month about once. Only the billing month itself: a household whose previous statement is
 * recomputed reads in its batch, as before.
 */
async function readEnergyAhead(db: Db, month: string, households: readonly BillableHousehold[]): Promise<ReadAhead> {
  const { periodStart, periodEnd } = billingMonth(month);
  const days: BillableHousehold[] = [];
  const groups = new Map<string, { plan: TariffPlan; timeZone: string; ids: string[] }>();
  for (const h of households) {
    const { from, to } = readRange(h, periodStart, periodEnd, undefined);
    if (!localHoursAreUtcHours(h.timeZone, from, to)) continue;
    if (!usesTimeOfUse(h, periodStart, periodEnd)) {
      days.push(h);
      continue;
    }
    const plan = singleTimeOfUsePlan(h, periodStart, periodEnd);
    if (!plan) continue;
    const key = `${plan.id}|${h.timeZone}`;
    const group = groups.get(key) ?? { plan, timeZone: h.timeZone, ids: [] };
    group.ids.push(h.id);
    groups.set(key, group);
  }
  const ahead = new Map<string, { planId: string | null; timeZone: string; series: HouseholdSeries }>();
  const emptySeries = (householdId: string): HouseholdSeries => ({ householdId, ms: [], importKwh: [], exportKwh: [] });
  if (days.length === 0 && groups.size === 0) return ahead;
  await db.transaction(async (tx) => {
    await tuneStatementTransaction(tx, true);
    if (days.length > 0) {
      for (const h of days) ahead.set(h.id, { planId: null, timeZone: h.timeZone, series: emptySeries(h.id) });
      const ranges = days.map((h) => readRange(h, periodStart, periodEnd, undefined));
      const from = new Date(Math.min(...ranges.map((r) => r.from.getTime())));
      const to = new Date(Math.max(...ranges.map((r) => r.to.getTime())));
      for (const series of await dailyGridSeries(tx, days.map((h) => h.id), from, to)) ahead.get(series.householdId)!.series = series;
    }
    for (const { plan, timeZone, ids } of groups.values()) {
      const from = startOfLocalDate(periodStart, timeZone);
      const to = startOfLocalDate(addDays(periodEnd, 1), timeZone);
      const { hours, buckets } = timeOfUseBuckets(plan, timeZone, from, to);
      for (const id of ids) ahead.set(id, { planId: plan.id, timeZone, series: emptySeries(id) });
      // A few rows a household (two a bucket): kept as columns like the days.
      for (const row of await bucketGridMany(tx, ids, from, to, hours, buckets)) {
        const series = ahead.get(row.householdId)?.series;
        series?.ms.push(row.ms);
        series?.importKwh.push(row.importKwh);
        series?.exportKwh.push(row.exportKwh);
      }
    }
  });
  return ahead;
}

/**
 * Issues several households' statements for a month in the caller's transaction; returns how many
 * were new. Hourly rows of every household in whole-hour zones come in one read; a household in a
 * half-hour zone reads its raw rows. `ahead`: time-of-use hours the job run read before the batch.
 */
async function issueStatements(tx: DbOrTx, households: readonly BillableHousehold[], month: string, now: Date, ahead?: ReadAhead): Promise<number> {
  if (households.length === 0) return 0;
  const { periodStart, periodEnd } = billingMonth(month);
  const previousAll = await previousStatements(tx, households.map((h) => h.id), periodStart);
  const open = await openPayments(tx, households.map((h) => h.id));
  // Where net-metering credits lapse (decision 088): the statements of the 12 months before, to
  // count the periods that carried a credit. Only for a household taking a credit in: one that
  // owes has nothing to lapse, whatever came before.
  let since = periodStart;
  for (let i = 0; i < NET_METERING_CARRY_PERIODS; i += 1) since = `${previousMonth(since)}-01`;
  const lapsing = households.filter((h) => {
    if (!CREDITS_LAPSE_AFTER_12_PERIODS.includes(h.province as ProvinceCode)) return false;
    const { previousBalanceCents, inFlightCents } = takenIn(previousAll.get(h.id), open.get(h.id) ?? []);
    return previousBalanceCents + inFlightCents < 0;
  });
  const recent = await recentBalances(tx, lapsing.map((h) => h.id), since, periodStart);
  const unchanged = await unchangedPeriods(
    tx,
    households.flatMap((h) => {
      const p = previousAll.get(h.id);
      if (!p) return [];
      const range = { from: startOfLocalDate(p.billedFrom, h.timeZone), to: startOfLocalDate(addDays(p.periodEnd, 1), h.timeZone) };
      return [{ householdId: h.id, ...range, billedFrom: p.billedFrom, periodEnd: p.periodEnd, issuedAt: p.issuedAt, importKwh: p.importKwh, exportKwh: p.exportKwh }];
    }),
  );
  // Only a previous statement something may have changed is recomputed (for its adjustment).
  const recompute = new Map([...previousAll].filter(([id]) => !unchanged.has(id)));
  const ranges = new Map(households.map((h) => [h.id, readRange(h, periodStart, periodEnd, recompute.get(h.id))]));
  const hourly = households.filter((h) => localHoursAreUtcHours(h.timeZone, ranges.get(h.id)!.from, ranges.get(h.id)!.to));
  const hoursOf = new Map<string, MeteredHour[]>(households.map((h) => [h.id, []]));
  // Flat and tiered plans are priced from daily sums (billing-statement.ts): read them summed, a
  // 24th of the rows. Time-of-use under one plan for every day read is summed per bucket of hours
  // priced alike (decision 056); any other time-of-use household reads every hour.
  const daily = hourly.filter((h) => !usesTimeOfUse(h, ranges.get(h.id)!.firstDay, periodEnd));
  const bucketed = new Map<string, { plan: TariffPlan; timeZone: string; households: BillableHousehold[] }>();
  for (const h of hourly) {
    if (daily.includes(h)) continue;
    const plan = singleTimeOfUsePlan(h, ranges.get(h.id)!.firstDay, periodEnd);
    if (!plan) continue;
    const key = `${plan.id}|${h.timeZone}`;
    const group = bucketed.get(key) ?? { plan, timeZone: h.timeZone, households: [] };
    group.households.push(h);
    bucketed.set(key, group);
  }
  const inBuckets = new Set([...bucketed.values()].flatMap((g) => g.households));
  const perHour = hourly.filter((h) => !daily.includes(h) && !inBuckets.has(h));
  const span = (group: readonly BillableHousehold[]) => ({
    from: new Date(Math.min(...group.map((h) => ranges.get(h.id)!.from.getTime()))),
    to: new Date(Math.max(...group.map((h) => ranges.get(h.id)!.to.getTime()))),
  });
  const keep = (rows: readonly HourRow[]) => {
    for (const row of rows) hoursOf.get(row.householdId)?.push({ start: new Date(row.ms), importKwh: row.importKwh, exportKwh: row.exportKwh });
  };
  // What was read ahead stands for a household priced as it was read: its own month only
  // (nothing to recompute), the same zone, and the same plan for time-of-use.
  const readAhead = (h: BillableHousehold, planId: string | null) => {
    const read = recompute.has(h.id) ? undefined : ahead?.get(h.id);
    if (!read || read.planId !== planId || read.timeZone !== h.timeZone) return false;
    const { ms, importKwh, exportKwh } = read.series;
    const hours = hoursOf.get(h.id)!;
    for (let i = 0; i < ms.length; i += 1) hours.push({ start: new Date(ms[i]!), importKwh: importKwh[i]!, exportKwh: exportKwh[i]! });
    return true;
  };
  for (const [group, read] of [
    [perHour, hourlyGridMany],
    [daily.filter((h) => !readAhead(h, null)), dailyGridMany],
  ] as const) {
    if (group.length === 0) continue;
    const { from, to } = span(group);
    keep(await read(tx, group.map((h) => h.id), from, to));
  }
  for (const { plan, timeZone, households: group } of bucketed.values()) {
    const unread = group.filter((h) => !readAhead(h, plan.id));
    if (unread.length === 0) continue;
    const { from, to } = span(unread);
    const { hours, buckets } = timeOfUseBuckets(plan, timeZone, from, to);
    keep(await bucketGridMany(tx, unread.map((h) => h.id), from, to, hours, buckets));
  }
  for (const household of households) {
    if (hourly.includes(household)) continue;
    const { from, to } = ranges.get(household.id)!;
    const sums = await rawSums(tx, household.id, from, to);
    hoursOf.set(household.id, [...sums].map(([ms, x]) => ({ start: new Date(ms), importKwh: x.gridImportKwh, exportKwh: x.gridExportKwh })));
  }
  const statements = households.flatMap((h) => {
    try {
      return [buildStatement(h, month, now, previousAll.get(h.id), recompute.has(h.id), hoursOf.get(h.id) ?? [], open.get(h.id) ?? [], recent.get(h.id) ?? [])];
    } catch (error) {
      // Days before the first published price of the plan (a history imported from before the
      // tariff data starts) cannot be billed: that household gets no statement for the month
      // rather than failing everyone's.
      if (error instanceof RangeError) return [];
      throw error;
    }
  });
  const issued = await insertStatements(tx, statements);
  // Members' webhooks hear of the new statements once this commits (decision 060).
  await announceToWebhooks(tx, { type: 'bill.issued', periodStart, householdIds: [...issued] }, now);
  return issued.size;
}

/** What open payments take off a balance: succeeded and pending ones, less failed ones added back. */
const balanceMovedBy = (payments: readonly OpenPayment[]) => payments.reduce((sum, p) => sum + (p.status === 'failed' ? -p.amountCents : p.amountCents), 0);

/**
 * The balance a statement takes in: what was due less every payment not yet accounted for,
 * succeeded or still pending, plus any carried while pending that failed since (decision 056):
 * money in flight is never ignored, and each payment is counted once (statement_payments' key).
 * `inFlightCents`: the pending part, which may yet fail and so is no credit (decision 088).
 */
function takenIn(previous: PreviousStatement | undefined, payments: readonly OpenPayment[]) {
  return {
    previousBalanceCents: (previous?.amountDueCents ?? 0) - balanceMovedBy(payments),
    inFlightCents: payments.reduce((sum, p) => sum + (p.status === 'pending' ? p.amountCents : 0), 0),
  };
}

/**
 * One household's statement for a month. The previous statement, when something may have changed
 * it (`recompute`), is recomputed from today's readings: a difference (a late reading) becomes an
 * adjustment line here, never an edit there. `recent`: the statements of the 12 months before, for
 * a household whose credit may lapse (decision 088); empty for any other.
 */
function buildStatement(
  household: BillableHousehold,
  month: string,
  now: Date,
  previous: PreviousStatement | undefined,
  recompute: boolean,
  hours: readonly MeteredHour[],
  payments: readonly OpenPayment[],
  recent: readonly CarriedStatement[],
): NewStatement {
  const { periodStart, periodEnd } = billingMonth(month);
  const dueDate = statementDueDate(month, localDateOf(now, household.timeZone));
  const province = household.province as ProvinceCode;
  const base = { province, timeZone: household.timeZone, tariffHistory: household.tariffHistory, serviceStart: household.serviceStart, hours };
  const computed = computeStatement({ ...base, periodStart, periodEnd });
  const lines = [...computed.lines];
  if (previous && recompute) {
    const recomputed = computeStatement({ ...base, periodStart: previous.periodStart, periodEnd: previous.periodEnd });
    const adjustment = adjustmentLine({ start: previous.periodStart, end: previous.periodEnd }, previous.billedOwnPeriodCents, recomputed.chargesCents);
    if (adjustment) lines.push(adjustment);
  }
  const balance = takenIn(previous, payments);
  const { previousBalanceCents } = balance;
  // A credit carried through the last 12 periods lapses at the start of this one: its write-off
  // comes first, outside what rebates and taxes were computed on (decision 088).
  const lapse = creditLapseLine(province, periodStart, carriedForward(periodStart, balance, recent));
  if (lapse) lines.unshift(lapse);
  const chargesCents = lines.reduce((s, l) => s + l.amountCents, 0);
  return {
    householdId: household.id,
    periodStart,
    periodEnd,
    billedFrom: computed.billedFrom,
    issuedAt: now,
    dueDate,
    province,
    timeZone: household.timeZone,
    previousBalanceCents,
    chargesCents,
    amountDueCents: previousBalanceCents + chargesCents,
    importKwh: computed.importKwh,
    exportKwh: computed.exportKwh,
    lines,
    payments,
  };
}

/**
 * Every month a household is owed a statement for, oldest first, up to the month before `now`
 * (the demo household after its back-fill; the same path as the monthly job).
 */
export async function catchUpStatements(
  tx: DbOrTx,
  householdId: string,
  now: Date,
  /** Runs after each month is issued (as of `issuedAt`), before the next: the demo pays its older statements here (decision 048). */
  afterMonth?: (month: string, issuedAt: Date) => Promise<void>,
): Promise<number> {
  const household = await billableHousehold(tx, householdId);
  if (!household) return 0;
  const last = previousMonth(localDateOf(now, household.timeZone));
  let issued = 0;
  for (let month = household.serviceStart.slice(0, 7); month <= last; month = nextMonth(month)) {
    // Each month is issued as of its own 1st, as the monthly job would have issued it, so a
    // back-filled history reads like the bills its months would have had (issued on the 1st, due
    // the 15th), never "issued today, due weeks ago".
    const issuedAt = new Date(Math.min(now.getTime(), issueInstant(month, household.timeZone).getTime()));
    issued += await issueStatements(tx, [household], month, issuedAt);
    await afterMonth?.(month, issuedAt);
  }
  return issued;
}

const dayCount = (s: StoredStatement) => Math.round((Date.parse(s.periodEnd) - Date.parse(s.billedFrom)) / 86_400_000) + 1;

function summaryOf(s: StoredStatement, today: LocalDate, paidCents: number): StatementSummary {
  return {
    id: s.id,
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    issuedAt: s.issuedAt,
    dueDate: s.dueDate,
    chargesCents: s.chargesCents,
    amountDueCents: s.amountDueCents,
    status: statementStatus(s.amountDueCents, paidCents, s.dueDate, today),
  };
}

export async function billingSummary(db: DbOrTx, household: { id: string; timeZone: string }, now: Date): Promise<BillingSummary> {
  const today = localDateOf(now, household.timeZone);
  const statements = await listStatements(db, household.id, HISTORY_LIMIT);
  const paid = await paidByStatement(db, statements.map((s) => s.id));
  const history = statements.map((s) => summaryOf(s, today, paid.get(s.id) ?? 0));
  const last = history[0] ?? null;
  // What is owed now: the latest amount due (every earlier balance is carried in it) less the
  // succeeded payments it has not carried, plus any it carried while pending that failed since
  // (decision 056); before any statement, payments made are a credit. A payment still pending and
  // not yet carried is not taken off: it may still fail.
  const open = ((await openPayments(db, [household.id])).get(household.id) ?? []).filter((p) => p.status !== 'pending');
  const balanceCents = (last?.amountDueCents ?? 0) - balanceMovedBy(open);
  return { balanceCents, dueDate: last?.dueDate ?? null, lastStatement: last, history };
}

export async function memberStatement(db: DbOrTx, household: { id: string; timeZone: string }, id: string, now: Date): Promise<StatementDetail> {
  const statement = await findStatement(db, household.id, id);
  if (!statement) throw new AppError(404, 'not_found', BILLING_MESSAGES.statementNotFound);
  const { year, month } = parseLocalDate(statement.periodStart);
  const [lines, lastYear, paidAgainst, moved] = await Promise.all([
    statementLines(db, statement.id),
    findStatementForPeriod(db, household.id, `${year - 1}-${String(month).padStart(2, '0')}-01`),
    statementPayments(db, statement.id),
    statementPaymentViews(db, statement.id),
  ]);
  // The payments this statement's previous balance accounts for (decision 056), shown as a paper
  // bill does: the previous amount due gross, then each payment where it stands now (a pending one
  // moves to received when it succeeds), and any earlier one added back because it failed.
  const carried = moved.filter((p) => p.kind === 'carried');
  const returned = moved.filter((p) => p.kind === 'returned');
  const total = (ps: readonly { amountCents: number }[]) => ps.reduce((sum, p) => sum + p.amountCents, 0);
  const usage = (s: StoredStatement) => ({ importKwh: s.importKwh, exportKwh: s.exportKwh, days: dayCount(s) });
  return {
    ...summaryOf(statement, localDateOf(now, household.timeZone), total(paidAgainst)),
    billedFrom: statement.billedFrom,
    previousBalanceCents: statement.previousBalanceCents + total(carried) - total(returned),
    payments: carried.filter((p) => p.status === 'succeeded').map((p) => ({ at: p.succeededAt!, amountCents: p.amountCents })),
    // A carried payment the bank then asked the member to confirm (decision 055) is still on its way.
    pendingPayments: carried.flatMap((p) => (p.status === 'succeeded' ? [] : [{ at: p.createdAt, amountCents: p.amountCents, status: p.status === 'failed' ? ('failed' as const) : ('pending' as const) }])),
    returnedPayments: returned.map((p) => ({ at: p.failedAt!, amountCents: p.amountCents })),
    paidAgainst,
    lines,
    usage: usage(statement),
    lastYear: lastYear ? { id: lastYear.id, periodStart: lastYear.periodStart, chargesCents: lastYear.chargesCents, usage: usage(lastYear) } : null,
  };
}
