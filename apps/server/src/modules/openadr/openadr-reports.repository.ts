import { UTILITY_DATA_CONSENT_PURPOSE } from '@peakwise/contracts/account.contract';
import { sql } from 'drizzle-orm';
import type { ReportFigure } from '@peakwise/domain/openadr-report';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type DueReport = {
  vtnEventId: string;
  vtnProgramId: string;
  eventId: string;
  programId: string;
  descriptors: unknown;
  stage: 'provisional' | 'final';
  startsAt: Date;
  settlementVersion: number;
  /** The VTN's id of the report already made, if any. */
  vtnReportId: string | null;
};

/**
 * The reports a poll at `now` sends (decision 110): provisional while the event runs (an update at
 * every poll), final once it is settled and not yet reported at that settlement.
 */
export async function dueReports(db: DbOrTx, vtnId: string, now: Date): Promise<DueReport[]> {
  const at = now.toISOString();
  const rows = rowsOf<Omit<DueReport, 'startsAt'> & { startsAt: string }>(
    await db.execute(sql`
      select oe.vtn_event_id as "vtnEventId", oe.vtn_program_id as "vtnProgramId", e.id as "eventId", e.program_id as "programId",
        oe.report_descriptors as descriptors, case when e.status = 'settled' then 'final' else 'provisional' end as stage,
        e.starts_at as "startsAt", e.settlement_version as "settlementVersion", r.vtn_report_id as "vtnReportId"
      from openadr_events oe
      join energy_events e on e.id = oe.event_id
      left join openadr_reports r on r.vtn_id = oe.vtn_id and r.vtn_event_id = oe.vtn_event_id
      where oe.vtn_id = ${vtnId}::uuid and oe.report_descriptors is not null
        and ((e.status in ('scheduled', 'active') and e.starts_at <= ${at}::timestamptz and e.ends_at > ${at}::timestamptz)
          or (e.status = 'settled' and (r.stage is distinct from 'final' or r.settlement_version < e.settlement_version)))
      order by e.starts_at, oe.vtn_event_id`),
  );
  return rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt) }));
}

/**
 * The settlement's figures per interval, summed over the event's results: each home's baseline
 * where its actual is in (as its own totals count it), and its actual.
 */
export async function settledFigures(db: DbOrTx, eventId: string): Promise<ReportFigure[]> {
  const rows = rowsOf<{ index: number; baselineKwh: number; actualKwh: number | null }>(
    await db.execute(sql`
      select (i.ord - 1)::int as index,
        coalesce(sum((i.point->>'baselineKwh')::float8) filter (where i.point->>'actualKwh' is not null), 0) as "baselineKwh",
        sum((i.point->>'actualKwh')::float8) as "actualKwh"
      from event_results r
      cross join lateral jsonb_array_elements(coalesce(r.detail->'intervals', '[]'::jsonb)) with ordinality as i(point, ord)
      where r.event_id = ${eventId}::uuid
      group by i.ord order by i.ord`),
  );
  return rows.map((r) => ({ index: r.index, baselineKwh: Number(r.baselineKwh), actualKwh: r.actualKwh === null ? null : Number(r.actualKwh) }));
}

/**
 * Each settled home's own intervals, for a per-resource report (decision 121): only homes whose
 * member's latest utility-data consent is a grant. A withdrawal is a newer record and wins.
 */
export async function consentedHomeFigures(db: DbOrTx, eventId: string): Promise<{ householdId: string; figures: ReportFigure[] }[]> {
  const rows = rowsOf<{ householdId: string; index: number; baselineKwh: number; actualKwh: number | null }>(
    await db.execute(sql`
      select r.household_id as "householdId", (i.ord - 1)::int as index, (i.point->>'baselineKwh')::float8 as "baselineKwh", (i.point->>'actualKwh')::float8 as "actualKwh"
      from event_results r
      join households h on h.id = r.household_id
      cross join lateral jsonb_array_elements(coalesce(r.detail->'intervals', '[]'::jsonb)) with ordinality as i(point, ord)
      where r.event_id = ${eventId}::uuid
        and (select c.granted from consents c where c.user_id = h.owner_user_id and c.purpose = ${UTILITY_DATA_CONSENT_PURPOSE} order by c.recorded_at desc, c.id desc limit 1) is true
      order by r.household_id, i.ord`),
  );
  const homes = new Map<string, ReportFigure[]>();
  for (const r of rows) {
    const figures = homes.get(r.householdId) ?? [];
    figures.push({ index: r.index, baselineKwh: Number(r.baselineKwh), actualKwh: r.actualKwh === null ? null : Number(r.actualKwh) });
    homes.set(r.householdId, figures);
  }
  return [...homes].map(([householdId, figures]) => ({ householdId, figures }));
}

export type SentReport = {
  vtnEventId: string;
  eventId: string;
  vtnReportId: string;
  stage: 'provisional' | 'final';
  settlementVersion: number | null;
  intervals: number;
  baselineKwh: number;
  actualKwh: number;
};

export async function saveSentReport(db: DbOrTx, vtnId: string, report: SentReport, now: Date): Promise<void> {
  await db.execute(sql`
    insert into openadr_reports (vtn_id, vtn_event_id, event_id, vtn_report_id, stage, settlement_version, intervals, baseline_kwh, actual_kwh, sent_at)
    values (${vtnId}::uuid, ${report.vtnEventId}, ${report.eventId}::uuid, ${report.vtnReportId}, ${report.stage}, ${report.settlementVersion}, ${report.intervals},
      ${report.baselineKwh}, ${report.actualKwh}, ${now.toISOString()}::timestamptz)
    on conflict (vtn_id, vtn_event_id) do update set vtn_report_id = excluded.vtn_report_id, stage = excluded.stage, settlement_version = excluded.settlement_version,
      intervals = excluded.intervals, baseline_kwh = excluded.baseline_kwh, actual_kwh = excluded.actual_kwh, sent_at = excluded.sent_at`);
}

export async function recordReportError(db: DbOrTx, vtnId: string, error: string | null, at: Date): Promise<void> {
  await db.execute(sql`
    update openadr_vtns set report_error = ${error?.slice(0, 1000) ?? null}, report_error_at = case when ${error}::text is null then null else ${at.toISOString()}::timestamptz end
    where id = ${vtnId}::uuid`);
}

export type ReportRow = SentReport & { sentAt: Date };

export async function listSentReports(db: DbOrTx, vtnId: string, limit: number): Promise<ReportRow[]> {
  return rowsOf<SentReport & { sentAt: string }>(
    await db.execute(sql`
      select vtn_event_id as "vtnEventId", event_id as "eventId", vtn_report_id as "vtnReportId", stage, settlement_version as "settlementVersion", intervals,
        baseline_kwh as "baselineKwh", actual_kwh as "actualKwh", sent_at as "sentAt"
      from openadr_reports where vtn_id = ${vtnId}::uuid order by sent_at desc, vtn_event_id limit ${limit}`),
  ).map((r) => ({ ...r, sentAt: new Date(r.sentAt) }));
}
