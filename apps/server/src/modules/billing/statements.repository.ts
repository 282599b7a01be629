import { sql } from 'drizzle-orm';
import type { StatementLine } from '@peakwise/domain/billing-statement';
import type { LocalDate } from '@peakwise/domain/local-time';
import type { CarriedStatement } from '@peakwise/domain/net-metering-credit';
import type { TariffRow } from '@peakwise/domain/tariff-history';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { dateArray, numberArray, parseNumberArray, uuidArray } from '../../lib/pg-array';

/* The SQL of monthly statements (decision 044). */

export type BillableHousehold = { id: string; province: string; timeZone: string; serviceStart: LocalDate; tariffHistory: TariffRow[] };

/**
 * A household's first day of service: the day its first tariff took effect (the demo's history
 * starts before its account). A household without a tariff (no service in its province) is not
 * billed.
 */
const serviceStartSql = sql`(select min(t.effective_from) from household_tariffs t where t.household_id = h.id)`;

const billableColumns = sql`h.id, h.province, h.time_zone as "timeZone", (${serviceStartSql})::text as "serviceStart",
  coalesce((select json_agg(json_build_object('planId', t.plan_id, 'effectiveFrom', t.effective_from::text)) from household_tariffs t where t.household_id = h.id), '[]'::json) as "tariffHistory"`;

/** A slice of the households by id (decision 063): from `min` (inclusive) to `below` (exclusive), after `after` (the last one a lane read). */
export type HouseholdRange = { min?: string; below?: string; after?: string };

/**
 * Households due a statement for the month starting `periodStart`: in service by its last day,
 * past local midnight of the issue day in their own zone at `now`, and without one yet. In id
 * order, within `range` when given: a lane reads its slice on from where it left off, so each
 * read walks the primary key from there rather than past every household already issued.
 */
export async function householdsDueStatement(
  db: DbOrTx,
  periodStart: LocalDate,
  periodEnd: LocalDate,
  issueDate: LocalDate,
  now: Date,
  limit: number,
  range: HouseholdRange = {},
): Promise<BillableHousehold[]> {
  const bounds = [
    range.min === undefined ? undefined : sql`h.id >= ${range.min}::uuid`,
    range.after === undefined ? undefined : sql`h.id > ${range.after}::uuid`,
    range.below === undefined ? undefined : sql`h.id < ${range.below}::uuid`,
  ].filter((b) => b !== undefined);
  return rowsOf<BillableHousehold>(
    await db.execute(sql`
      select ${billableColumns} from households h
      where (${issueDate}::date::timestamp at time zone h.time_zone) <= ${now.toISOString()}::timestamptz
        and ${serviceStartSql} <= ${periodEnd}::date
        and not exists (select 1 from statements s where s.household_id = h.id and s.period_start = ${periodStart}::date)
        ${bounds.length > 0 ? sql`and ${sql.join(bounds, sql` and `)}` : sql``}
      order by h.id limit ${limit}`),
  );
}

/** When the next household reaches local midnight of the issue day, for those not there yet at `now`. */
export async function nextIssueInstant(db: DbOrTx, periodEnd: LocalDate, issueDate: LocalDate, now: Date): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | null }>(
    await db.execute(sql`
      select min(${issueDate}::date::timestamp at time zone h.time_zone)::text as at from households h
      where (${issueDate}::date::timestamp at time zone h.time_zone) > ${now.toISOString()}::timestamptz
        and ${serviceStartSql} <= ${periodEnd}::date`),
  );
  return row?.at ? new Date(row.at) : null;
}

export async function billableHousehold(db: DbOrTx, householdId: string): Promise<BillableHousehold | null> {
  const [row] = rowsOf<BillableHousehold>(
    await db.execute(sql`select ${billableColumns} from households h where h.id = ${householdId}::uuid and ${serviceStartSql} is not null`),
  );
  return row ?? null;
}

export type StoredStatement = {
  id: string;
  householdId: string;
  periodStart: LocalDate;
  periodEnd: LocalDate;
  billedFrom: LocalDate;
  issuedAt: string;
  dueDate: LocalDate;
  previousBalanceCents: number;
  chargesCents: number;
  amountDueCents: number;
  importKwh: number;
  exportKwh: number;
};

const statementColumns = sql`s.id, s.household_id as "householdId", s.period_start::text as "periodStart", s.period_end::text as "periodEnd",
  s.billed_from::text as "billedFrom", to_char(s.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "issuedAt", s.due_date::text as "dueDate",
  s.previous_balance_cents as "previousBalanceCents", s.charges_cents as "chargesCents", s.amount_due_cents as "amountDueCents",
  s.import_kwh as "importKwh", s.export_kwh as "exportKwh"`;

export type PreviousStatement = StoredStatement & { billedOwnPeriodCents: number };

/**
 * Each household's statement before `periodStart`, with what it billed for its own period: not its
 * adjustments (of the period before) nor a lapsed credit's write-off (of the balance carried in),
 * which a recomputation of its period does not produce.
 */
export async function previousStatements(db: DbOrTx, householdIds: readonly string[], periodStart: LocalDate): Promise<Map<string, PreviousStatement>> {
  if (householdIds.length === 0) return new Map();
  const rows = rowsOf<PreviousStatement>(
    await db.execute(sql`
      select distinct on (s.household_id) ${statementColumns},
        (select coalesce(sum(l.amount_cents), 0) from statement_lines l where l.statement_id = s.id and l.kind not in ('adjustment', 'credit-lapse'))::int as "billedOwnPeriodCents"
      from statements s where s.household_id = any(${uuidArray(householdIds)}::uuid[]) and s.period_start < ${periodStart}::date
      order by s.household_id, s.period_start desc`),
  );
  return new Map(rows.map((r) => [r.householdId, r]));
}

/**
 * Each household's statements from `since` to before `periodStart`, with the payments each carried
 * while pending and the credit each wrote off at its start (its `credit-lapse` line, decision
 * 088): what the lapse of Ontario's net-metering credits reads. One statement for the lot.
 */
export async function recentBalances(db: DbOrTx, householdIds: readonly string[], since: LocalDate, periodStart: LocalDate): Promise<Map<string, CarriedStatement[]>> {
  const byHousehold = new Map<string, CarriedStatement[]>(householdIds.map((id) => [id, []]));
  if (householdIds.length === 0) return byHousehold;
  const rows = rowsOf<CarriedStatement & { householdId: string }>(
    await db.execute(sql`
      select s.household_id as "householdId", s.period_start::text as "periodStart", s.previous_balance_cents as "previousBalanceCents",
        (select coalesce(sum(sp.amount_cents), 0) from statement_payments sp where sp.statement_id = s.id and sp.kind = 'carried' and sp.status_at_issue = 'pending')::int as "inFlightCents",
        (select coalesce(sum(l.amount_cents), 0) from statement_lines l where l.statement_id = s.id and l.kind = 'credit-lapse')::int as "lapsedCents"
      from statements s where s.household_id = any(${uuidArray(householdIds)}::uuid[])
        and s.period_start >= ${since}::date and s.period_start < ${periodStart}::date
      order by s.household_id, s.period_start desc`),
  );
  for (const { householdId, ...row } of rows) byHousehold.get(householdId)?.push(row);
  return byHousehold;
}

export type OpenPayment = { householdId: string; paymentId: string; amountCents: number; status: 'succeeded' | 'pending' | 'failed' };

/**
 * Payments no statement has accounted for yet (decision 056): succeeded or pending and never
 * carried into a statement's balance, whichever statement they were made against; and failed ones
 * that a statement carried while pending and none has added back. One statement for the lot.
 */
export async function openPayments(db: DbOrTx, householdIds: readonly string[]): Promise<Map<string, OpenPayment[]>> {
  const byHousehold = new Map<string, OpenPayment[]>(householdIds.map((id) => [id, []]));
  if (householdIds.length === 0) return byHousehold;
  const rows = rowsOf<OpenPayment>(
    await db.execute(sql`
      select p.household_id as "householdId", p.id as "paymentId", p.amount_cents as "amountCents", p.status from payments p
      where p.household_id = any(${uuidArray(householdIds)}::uuid[])
        and case when p.status = 'failed'
          then exists (select 1 from statement_payments c where c.payment_id = p.id and c.kind = 'carried')
            and not exists (select 1 from statement_payments r where r.payment_id = p.id and r.kind = 'returned')
          -- A payment waiting for the member's bank (decision 055) is not yet money on its way: it
          -- is carried once it succeeds, and never if it fails.
          else p.status in ('succeeded', 'pending') and not exists (select 1 from statement_payments c where c.payment_id = p.id and c.kind = 'carried') end
      order by p.created_at, p.id`),
  );
  for (const row of rows) byHousehold.get(row.householdId)?.push(row);
  return byHousehold;
}

export type StatementPaymentView = { kind: 'carried' | 'returned'; amountCents: number; status: 'succeeded' | 'pending' | 'requires_action' | 'failed'; createdAt: string; succeededAt: string | null; failedAt: string | null };

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The payments a statement carried or added back, with where each stands now. */
export async function statementPaymentViews(db: DbOrTx, statementId: string): Promise<StatementPaymentView[]> {
  return rowsOf<StatementPaymentView>(
    await db.execute(sql`
      select sp.kind, sp.amount_cents as "amountCents", p.status, ${iso('p.created_at')} as "createdAt", ${iso('p.succeeded_at')} as "succeededAt", ${iso('p.failed_at')} as "failedAt"
      from statement_payments sp join payments p on p.id = sp.payment_id
      where sp.statement_id = ${statementId}::uuid order by p.created_at, p.id`),
  );
}

/**
 * Settings for the rest of a statement transaction (decision 073). A batch's reads are a few large
 * queries whose cost is heap pages, not planning: JIT compiled each of them again (~0.3 s a query
 * on a loaded 2-core host), parallel workers fought the other lane for the same two cores, and
 * the default 4 MB turned the time-of-use read's bitmap lossy (every row of a lossy page
 * rechecked) and its sort into temporary files. `wide` is for the one read of a job run's
 * time-of-use hours, which has the host to itself and a bitmap of most of the month's pages.
 */
export async function tuneStatementTransaction(tx: DbOrTx, wide = false): Promise<void> {
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', ${wide ? '256MB' : '64MB'}, true),
    set_config('max_parallel_workers_per_gather', ${wide ? '2' : '0'}, true)`);
}

export type HourRow = { householdId: string; ms: number; importKwh: number; exportKwh: number };

/** Several households' hourly grid import and export (UTC hours starting in [from, to)), in one statement. */
export async function hourlyGridMany(db: DbOrTx, householdIds: readonly string[], from: Date, to: Date): Promise<HourRow[]> {
  if (householdIds.length === 0) return [];
  return rowsOf<HourRow>(
    await db.execute(sql`
      select household_id as "householdId", (extract(epoch from hour_start) * 1000)::float8 as ms, grid_import_kwh as "importKwh", grid_export_kwh as "exportKwh"
      from meter_hourly where household_id = any(${uuidArray(householdIds)}::uuid[])
        and hour_start >= ${from.toISOString()}::timestamptz and hour_start < ${to.toISOString()}::timestamptz`),
  );
}

/**
 * Several households' grid import and export summed per time-of-use bucket (decision 056): each
 * UTC hour of [from, to) is given its bucket (`hours`, `buckets`, the same length: a local month,
 * a price version and a period, all hours a statement prices the same), and a row is one bucket's
 * sums, dated at one of its own hours so it is classified as every hour in it. A few dozen rows
 * a household-month instead of 744, summed where the rows are.
 */
export async function bucketGridMany(db: DbOrTx, householdIds: readonly string[], from: Date, to: Date, hours: readonly Date[], buckets: readonly number[]): Promise<HourRow[]> {
  if (householdIds.length === 0) return [];
  // Two rows a bucket: its imports at its first hour and its exports at its first exporting hour,
  // so lines come out in the order the hours would give them.
  return rowsOf<HourRow>(
    await db.execute(sql`
      with b as (
        select m.household_id, min(m.hour_start) as first_hour, min(m.hour_start) filter (where m.grid_export_kwh > 0) as first_export,
          sum(m.grid_import_kwh)::float8 as imp, sum(m.grid_export_kwh)::float8 as exp
        from meter_hourly m
        join unnest(${`{${hours.map((h) => h.toISOString()).join(',')}}`}::timestamptz[], ${numberArray(buckets)}::int[]) as k(hour_start, bucket) on k.hour_start = m.hour_start
        where m.household_id = any(${uuidArray(householdIds)}::uuid[])
          and m.hour_start >= ${from.toISOString()}::timestamptz and m.hour_start < ${to.toISOString()}::timestamptz
        group by m.household_id, k.bucket)
      select household_id as "householdId", (extract(epoch from first_hour) * 1000)::float8 as ms, imp as "importKwh", 0::float8 as "exportKwh" from b
      union all
      select household_id, (extract(epoch from first_export) * 1000)::float8, 0::float8, exp from b where first_export is not null`),
  );
}

/** The start of a daily row's local day, in milliseconds. */
const localMidnightMs = sql`(extract(epoch from (d.local_date::timestamp at time zone h.time_zone)) * 1000)::float8`;

/** Daily rows of these households whose local day starts in [from, to) (the date bounds let the days' index narrow the read first). */
const daysWithin = (householdIds: readonly string[], from: Date, to: Date) => sql`d.household_id = any(${uuidArray(householdIds)}::uuid[])
  and d.local_date between (${from.toISOString()}::timestamptz at time zone 'UTC')::date - 1 and (${to.toISOString()}::timestamptz at time zone 'UTC')::date + 1
  and (d.local_date::timestamp at time zone h.time_zone) >= ${from.toISOString()}::timestamptz
  and (d.local_date::timestamp at time zone h.time_zone) < ${to.toISOString()}::timestamptz`;

/**
 * Several households' grid import and export per local day in each household's zone, one row a
 * day starting at its local midnight, from the daily rollups (which ingest recomputes from the raw
 * rows with the hourly ones, decision 010): what a flat or tiered plan is priced from, a 24th of
 * the rows of the hours, with no per-row zone conversion. Days starting in [from, to), in date
 * order, so that however they were read a household's days add up in the same order.
 */
export async function dailyGridMany(db: DbOrTx, householdIds: readonly string[], from: Date, to: Date): Promise<HourRow[]> {
  if (householdIds.length === 0) return [];
  return rowsOf<HourRow>(
    await db.execute(sql`
      select d.household_id as "householdId", ${localMidnightMs} as ms, d.grid_import_kwh as "importKwh", d.grid_export_kwh as "exportKwh"
      from meter_daily d join households h on h.id = d.household_id
      where ${daysWithin(householdIds, from, to)}
      order by d.local_date`),
  );
}

/** A household's rows as three columns, in order. */
export type HouseholdSeries = { householdId: string; ms: number[]; importKwh: number[]; exportKwh: number[] };

/**
 * The same days as `dailyGridMany`, one row a household with its days in date order as number
 * arrays (decision 076): a job run holds the days of up to a hundred thousand households, and an
 * object a day — a uuid string and three boxed numbers each — would be several times the memory.
 */
export async function dailyGridSeries(db: DbOrTx, householdIds: readonly string[], from: Date, to: Date): Promise<HouseholdSeries[]> {
  if (householdIds.length === 0) return [];
  const rows = rowsOf<{ householdId: string; ms: string; importKwh: string; exportKwh: string }>(
    await db.execute(sql`
      select d.household_id as "householdId", array_agg(${localMidnightMs} order by d.local_date)::text as ms,
        array_agg(d.grid_import_kwh order by d.local_date)::text as "importKwh", array_agg(d.grid_export_kwh order by d.local_date)::text as "exportKwh"
      from meter_daily d join households h on h.id = d.household_id
      where ${daysWithin(householdIds, from, to)}
      group by d.household_id`),
  );
  // The columns are not null, so neither is any element.
  const numbers = (text: string) => parseNumberArray(text) as number[];
  return rows.map((r) => ({ householdId: r.householdId, ms: numbers(r.ms), importKwh: numbers(r.importKwh), exportKwh: numbers(r.exportKwh) }));
}

/** `from`/`to`: the instants the local days `billedFrom`…`periodEnd` start and end at. */
export type IssuedPeriod = { householdId: string; from: Date; to: Date; billedFrom: LocalDate; periodEnd: LocalDate; issuedAt: string; importKwh: number; exportKwh: number };

/** Less than a millionth of a kWh apart: the same sum added in another order, not a new reading. */
const SAME_KWH = 1e-6;

/**
 * The households whose previous statement nothing has touched since it was issued: its period's
 * import and export still sum to what it billed (a late interval adds to them; read from the
 * daily rollups, 31 rows a month rather than 744 hours, decision 049), no meter
 * reading of the period was corrected after it (a correction can move kWh between hours and keep
 * the sum), and no tariff row for it was written after it. Their recomputation would find no
 * adjustment, so it is skipped. One statement for the lot.
 */
export async function unchangedPeriods(db: DbOrTx, periods: readonly IssuedPeriod[]): Promise<Set<string>> {
  if (periods.length === 0) return new Set();
  const instants = (values: readonly string[]) => `{${values.join(',')}}`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with p as (
        select * from unnest(${uuidArray(periods.map((p) => p.householdId))}::uuid[], ${instants(periods.map((p) => p.from.toISOString()))}::timestamptz[],
          ${instants(periods.map((p) => p.to.toISOString()))}::timestamptz[], ${instants(periods.map((p) => p.issuedAt))}::timestamptz[],
          ${dateArray(periods.map((p) => p.billedFrom))}::date[], ${dateArray(periods.map((p) => p.periodEnd))}::date[],
          ${numberArray(periods.map((p) => p.importKwh))}::float8[], ${numberArray(periods.map((p) => p.exportKwh))}::float8[])
          as p(household_id, from_ts, to_ts, issued_at, billed_from, period_end, imp, exp))
      select p.household_id as id from p
      cross join lateral (select coalesce(sum(d.grid_import_kwh), 0) as imp, coalesce(sum(d.grid_export_kwh), 0) as exp
        from meter_daily d where d.household_id = p.household_id and d.local_date between p.billed_from and p.period_end) now_sums
      where abs(now_sums.imp - p.imp) < ${SAME_KWH} and abs(now_sums.exp - p.exp) < ${SAME_KWH}
        and not exists (select 1 from reading_corrections c where c.series = 'meter' and c.household_id = p.household_id
          and c.ts >= p.from_ts and c.ts < p.to_ts and c.corrected_at > p.issued_at)
        and not exists (select 1 from household_tariffs t where t.household_id = p.household_id and t.created_at > p.issued_at and t.effective_from <= p.period_end)`),
  );
  return new Set(rows.map((r) => r.id));
}

export type NewStatement = Omit<StoredStatement, 'id' | 'issuedAt'> & {
  issuedAt: Date;
  province: string;
  timeZone: string;
  lines: readonly StatementLine[];
  /** The payments its previous balance accounts for (decision 056). */
  payments: readonly OpenPayment[];
};

/**
 * Stores statements with their lines, skipping any household that already has one for the period
 * (a second run of the month, or another lane that got there first): the unique (household,
 * period) and ON CONFLICT DO NOTHING, in the caller's transaction. Returns the households whose
 * statement is new.
 *
 * Each table's rows travel as one JSON parameter (decision 063): a batch of 1,000 statements is
 * ~5,000 lines, and binding each value as a parameter of its own cost several times what
 * PostgreSQL then spends storing them. JSON carries a float as the shortest text that reads back
 * to the same double, so quantities and prices are stored exactly as before.
 */
export async function insertStatements(tx: DbOrTx, statements: readonly NewStatement[]): Promise<Set<string>> {
  if (statements.length === 0) return new Set();
  const rows = statements.map((s) => ({
    household_id: s.householdId,
    period_start: s.periodStart,
    period_end: s.periodEnd,
    billed_from: s.billedFrom,
    issued_at: s.issuedAt.toISOString(),
    due_date: s.dueDate,
    province: s.province,
    time_zone: s.timeZone,
    previous_balance_cents: s.previousBalanceCents,
    charges_cents: s.chargesCents,
    amount_due_cents: s.amountDueCents,
    import_kwh: s.importKwh,
    export_kwh: s.exportKwh,
  }));
  const inserted = rowsOf<{ id: string; householdId: string }>(
    await tx.execute(sql`
      insert into statements (household_id, period_start, period_end, billed_from, issued_at, due_date, province, time_zone,
        previous_balance_cents, charges_cents, amount_due_cents, import_kwh, export_kwh)
      select household_id, period_start, period_end, billed_from, issued_at, due_date, province, time_zone,
        previous_balance_cents, charges_cents, amount_due_cents, import_kwh, export_kwh
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(household_id uuid, period_start date, period_end date, billed_from date, issued_at timestamptz,
        due_date date, province text, time_zone text, previous_balance_cents int, charges_cents int, amount_due_cents int, import_kwh float8, export_kwh float8)
      on conflict (household_id, period_start) do nothing
      returning id, household_id as "householdId"`),
  );
  const idOf = new Map(inserted.map((r) => [r.householdId, r.id]));
  const lines = statements.flatMap((s) => {
    const id = idOf.get(s.householdId);
    return id === undefined
      ? []
      : s.lines.map((l, position) => ({
          statement_id: id,
          position,
          kind: l.kind,
          description_key: l.descriptionKey,
          description_params: l.params,
          quantity: l.quantity,
          unit: l.unit,
          unit_price_cents: l.unitPriceCents,
          amount_cents: l.amountCents,
        }));
  });
  const moved = statements.flatMap((s) => {
    const id = idOf.get(s.householdId);
    return id === undefined
      ? []
      : s.payments.map((p) =>
          p.status === 'failed'
            ? sql`(${p.paymentId}::uuid, 'returned', ${id}::uuid, ${p.amountCents}::int, null, ${s.issuedAt.toISOString()}::timestamptz)`
            : sql`(${p.paymentId}::uuid, 'carried', ${id}::uuid, ${p.amountCents}::int, ${p.status}, ${s.issuedAt.toISOString()}::timestamptz)`,
        );
  });
  if (moved.length > 0) {
    await tx.execute(sql`insert into statement_payments (payment_id, kind, statement_id, amount_cents, status_at_issue, created_at) values ${sql.join(moved, sql`, `)}`);
  }
  if (lines.length > 0) {
    await tx.execute(sql`
      insert into statement_lines (statement_id, position, kind, description_key, description_params, quantity, unit, unit_price_cents, amount_cents)
      select statement_id, position, kind, description_key, description_params, quantity, unit, unit_price_cents, amount_cents
      from json_to_recordset(${JSON.stringify(lines)}::json) as l(statement_id uuid, position int, kind text, description_key text, description_params jsonb,
        quantity float8, unit text, unit_price_cents float8, amount_cents int)`);
  }
  return new Set(idOf.keys());
}

/** The household's statements, newest first. */
export async function listStatements(db: DbOrTx, householdId: string, limit: number): Promise<StoredStatement[]> {
  return rowsOf<StoredStatement>(
    await db.execute(sql`select ${statementColumns} from statements s where s.household_id = ${householdId}::uuid order by s.period_start desc limit ${limit}`),
  );
}

/** One of the household's statements; another household's id is as unknown as a missing one. */
export async function findStatement(db: DbOrTx, householdId: string, id: string): Promise<StoredStatement | null> {
  const [row] = rowsOf<StoredStatement>(
    await db.execute(sql`select ${statementColumns} from statements s where s.id = ${id}::uuid and s.household_id = ${householdId}::uuid`),
  );
  return row ?? null;
}

export async function findStatementForPeriod(db: DbOrTx, householdId: string, periodStart: LocalDate): Promise<StoredStatement | null> {
  const [row] = rowsOf<StoredStatement>(
    await db.execute(sql`select ${statementColumns} from statements s where s.household_id = ${householdId}::uuid and s.period_start = ${periodStart}::date`),
  );
  return row ?? null;
}

export async function statementLines(db: DbOrTx, statementId: string): Promise<StatementLine[]> {
  return rowsOf<StatementLine>(
    await db.execute(sql`
      select kind, description_key as "descriptionKey", description_params as params, quantity, unit, unit_price_cents as "unitPriceCents", amount_cents as "amountCents"
      from statement_lines where statement_id = ${statementId}::uuid order by position`),
  );
}
