import type pg from 'pg';
import { localDay } from './demo-backfill';
import type { RawMeterRow } from './ontario-bill';

/** Last month in a zone: its first and last day, "YYYY-MM", and its name as the portal writes it in English. */
export function lastMonth(timeZone: string, now = new Date()) {
  const [y, m] = localDay(now, timeZone).split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 2, 1));
  const end = new Date(Date.UTC(y, m - 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    start: iso(start),
    end: iso(end),
    month: iso(start).slice(0, 7),
    label: new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(start),
  };
}

export type StatementRow = {
  id: string;
  periodStart: string;
  periodEnd: string;
  billedFrom: string;
  dueDate: string;
  issuedAt: Date;
  previousBalanceCents: number;
  chargesCents: number;
  amountDueCents: number;
  timeZone: string;
};

/** A household's statements as stored, oldest first. */
export async function statementsOf(db: pg.Client, householdId: string): Promise<StatementRow[]> {
  const { rows } = await db.query<StatementRow>(
    `select id, period_start::text as "periodStart", period_end::text as "periodEnd", billed_from::text as "billedFrom", due_date::text as "dueDate",
       issued_at as "issuedAt", previous_balance_cents as "previousBalanceCents", charges_cents as "chargesCents", amount_due_cents as "amountDueCents", time_zone as "timeZone"
     from statements where household_id = $1 order by period_start`,
    [householdId],
  );
  return rows;
}

/** Polls until the household has a statement for the month starting `periodStart`; fails naming what it waited for. */
export async function waitForStatement(db: pg.Client, householdId: string, periodStart: string, timeoutMs: number): Promise<StatementRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await statementsOf(db, householdId)).find((s) => s.periodStart === periodStart);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No statement for ${periodStart} after ${timeoutMs / 1000} s (household ${householdId})`);
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/**
 * The raw 5-minute meter rows of a household from the day before `from` to the day after `to`
 * (local days are cut from them by the caller, in the household's zone).
 */
export async function rawMeterRows(db: pg.Client, householdId: string, from: string, to: string): Promise<RawMeterRow[]> {
  const { rows } = await db.query<{ ts: Date; gridImportKwh: number; gridExportKwh: number }>(
    `select ts, grid_import_kwh as "gridImportKwh", grid_export_kwh as "gridExportKwh" from meter_readings
     where household_id = $1 and ts >= $2::date - 1 and ts < $3::date + 2 order by ts`,
    [householdId, from, to],
  );
  return rows;
}

/** A statement's lines by kind: their number and their cents. */
export async function lineSums(db: pg.Client, statementId: string): Promise<Map<string, { count: number; cents: number }>> {
  const { rows } = await db.query<{ kind: string; count: number; cents: number }>(
    'select kind, count(*)::int as count, sum(amount_cents)::int as cents from statement_lines where statement_id = $1 group by kind',
    [statementId],
  );
  return new Map(rows.map((r) => [r.kind, { count: r.count, cents: r.cents }]));
}
