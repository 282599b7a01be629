import { sql } from 'drizzle-orm';
import type { OpenAdrEventReason } from '@peakwise/contracts/openadr.contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type VtnRow = {
  id: string;
  name: string;
  url: string;
  version: '3.0.1' | '3.1.1';
  venName: string;
  venId: string | null;
  lastTokenAt: Date | null;
  lastPollAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  failures: number;
  retryAfter: Date | null;
  subscriptionStatus: 'off' | 'active' | 'failed';
  subscriptionError: string | null;
  subscriptionCheckedAt: Date | null;
  reportError: string | null;
  reportErrorAt: Date | null;
  mqttStatus: 'off' | 'connecting' | 'connected' | 'down' | 'failed';
  mqttBroker: string | null;
  mqttTopics: string[];
  mqttError: string | null;
  mqttChangedAt: Date | null;
  mqttMessageAt: Date | null;
};

export type OpenAdrEventRow = {
  vtnEventId: string;
  vtnProgramId: string;
  fingerprint: string;
  status: 'scheduled' | 'refused' | 'cancelled';
  reason: OpenAdrEventReason | null;
  detail: string | null;
  eventId: string | null;
  firstSeenAt: Date;
  updatedAt: Date;
};

export type ProgramMapRow = { vtnProgramId: string; vtnProgramName: string; programId: string | null };

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

const vtnColumns = sql`id, name, url, version, ven_name as "venName", ven_id as "venId", last_token_at as "lastTokenAt", last_poll_at as "lastPollAt",
  last_error as "lastError", last_error_at as "lastErrorAt", failures, retry_after as "retryAfter",
  subscription_status as "subscriptionStatus", subscription_error as "subscriptionError", subscription_checked_at as "subscriptionCheckedAt",
  report_error as "reportError", report_error_at as "reportErrorAt",
  mqtt_status as "mqttStatus", mqtt_broker as "mqttBroker", mqtt_topics as "mqttTopics", mqtt_error as "mqttError", mqtt_changed_at as "mqttChangedAt", mqtt_message_at as "mqttMessageAt"`;

function toVtn(row: VtnRow): VtnRow {
  return {
    ...row,
    lastTokenAt: date(row.lastTokenAt),
    lastPollAt: date(row.lastPollAt),
    lastErrorAt: date(row.lastErrorAt),
    retryAfter: date(row.retryAfter),
    subscriptionCheckedAt: date(row.subscriptionCheckedAt),
    reportErrorAt: date(row.reportErrorAt),
    mqttChangedAt: date(row.mqttChangedAt),
    mqttMessageAt: date(row.mqttMessageAt),
  };
}

/** The VTN's row, made on first start; a changed version or VEN name follows the configuration. */
export async function ensureVtn(db: DbOrTx, vtn: { url: string; version: string; venName: string; name?: string }): Promise<VtnRow> {
  const [row] = rowsOf<VtnRow>(
    await db.execute(sql`
      insert into openadr_vtns (url, name, version, ven_name) values (${vtn.url}, ${vtn.name ?? 'default'}, ${vtn.version}, ${vtn.venName})
      on conflict (url) do update set name = excluded.name, version = excluded.version, ven_name = excluded.ven_name,
        ven_id = case when openadr_vtns.version = excluded.version and openadr_vtns.ven_name = excluded.ven_name then openadr_vtns.ven_id end
      returning ${vtnColumns}`),
  );
  return toVtn(row!);
}

export async function findVtn(db: DbOrTx, id: string): Promise<VtnRow | null> {
  const [row] = rowsOf<VtnRow>(await db.execute(sql`select ${vtnColumns} from openadr_vtns where id = ${id}::uuid`));
  return row ? toVtn(row) : null;
}

export async function listVtns(db: DbOrTx): Promise<VtnRow[]> {
  return rowsOf<VtnRow>(await db.execute(sql`select ${vtnColumns} from openadr_vtns order by name <> 'default', name, url`)).map(toVtn);
}

export async function setVenId(db: DbOrTx, vtnId: string, venId: string): Promise<void> {
  await db.execute(sql`update openadr_vtns set ven_id = ${venId} where id = ${vtnId}::uuid`);
}

export async function recordPollSuccess(db: DbOrTx, vtnId: string, at: Date, lastTokenAt: Date | null): Promise<void> {
  await db.execute(sql`
    update openadr_vtns set last_poll_at = ${at.toISOString()}::timestamptz, failures = 0, retry_after = null,
      last_token_at = coalesce(${lastTokenAt?.toISOString() ?? null}::timestamptz, last_token_at)
    where id = ${vtnId}::uuid`);
}

export async function recordPollFailure(db: DbOrTx, vtnId: string, at: Date, error: string, retryAfter: Date, lastTokenAt: Date | null): Promise<void> {
  await db.execute(sql`
    update openadr_vtns set last_error = ${error.slice(0, 1000)}, last_error_at = ${at.toISOString()}::timestamptz, failures = failures + 1,
      retry_after = ${retryAfter.toISOString()}::timestamptz, last_token_at = coalesce(${lastTokenAt?.toISOString() ?? null}::timestamptz, last_token_at)
    where id = ${vtnId}::uuid`);
}

export async function resourcesOf(db: DbOrTx, vtnId: string): Promise<{ resourceName: string; programId: string; vtnResourceId: string }[]> {
  return rowsOf(await db.execute(sql`select resource_name as "resourceName", program_id as "programId", vtn_resource_id as "vtnResourceId" from openadr_resources where vtn_id = ${vtnId}::uuid`));
}

export async function saveResource(db: DbOrTx, vtnId: string, resource: { resourceName: string; programId: string; vtnResourceId: string }): Promise<void> {
  await db.execute(sql`
    insert into openadr_resources (vtn_id, resource_name, program_id, vtn_resource_id) values (${vtnId}::uuid, ${resource.resourceName}, ${resource.programId}::uuid, ${resource.vtnResourceId})
    on conflict (vtn_id, resource_name) do update set vtn_resource_id = excluded.vtn_resource_id, program_id = excluded.program_id`);
}

/** The Peakwise programs, each an area the VEN registers as a resource. */
export async function peakwisePrograms(db: DbOrTx): Promise<{ id: string; name: string; provinces: string[]; fsas: string[] | null }[]> {
  return rowsOf(await db.execute(sql`select id, name, provinces, fsas from event_programs order by name`));
}

/** Remembers a VTN program (its name may change); an operator's mapping is kept. */
export async function seeVtnProgram(db: DbOrTx, vtnId: string, vtnProgramId: string, name: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into openadr_program_maps (vtn_id, vtn_program_id, vtn_program_name, updated_at) values (${vtnId}::uuid, ${vtnProgramId}, ${name}, ${now.toISOString()}::timestamptz)
    on conflict (vtn_id, vtn_program_id) do update set vtn_program_name = excluded.vtn_program_name`);
}

export async function programMaps(db: DbOrTx, vtnId: string): Promise<ProgramMapRow[]> {
  return rowsOf<ProgramMapRow>(
    await db.execute(sql`select vtn_program_id as "vtnProgramId", vtn_program_name as "vtnProgramName", program_id as "programId" from openadr_program_maps where vtn_id = ${vtnId}::uuid order by vtn_program_name`),
  );
}

/** False when the VTN program is unknown (never seen in a poll). */
export async function setProgramMap(db: DbOrTx, vtnId: string, vtnProgramId: string, programId: string | null, now: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      update openadr_program_maps set program_id = ${programId}::uuid, updated_at = ${now.toISOString()}::timestamptz
      where vtn_id = ${vtnId}::uuid and vtn_program_id = ${vtnProgramId} returning 1 as one`),
  );
  return rows.length > 0;
}

const eventColumns = sql`vtn_event_id as "vtnEventId", vtn_program_id as "vtnProgramId", fingerprint, status, reason, detail, event_id as "eventId",
  first_seen_at as "firstSeenAt", updated_at as "updatedAt"`;

function toEventRow(row: OpenAdrEventRow): OpenAdrEventRow {
  return { ...row, firstSeenAt: new Date(row.firstSeenAt), updatedAt: new Date(row.updatedAt) };
}

/** Locked for the transaction that applies a change to it: two polls never apply the same event twice. */
export async function findOpenAdrEvent(db: DbOrTx, vtnId: string, vtnEventId: string): Promise<OpenAdrEventRow | null> {
  const [row] = rowsOf<OpenAdrEventRow>(await db.execute(sql`select ${eventColumns} from openadr_events where vtn_id = ${vtnId}::uuid and vtn_event_id = ${vtnEventId} for update`));
  return row ? toEventRow(row) : null;
}

export async function listOpenAdrEvents(db: DbOrTx, vtnId: string, limit: number): Promise<OpenAdrEventRow[]> {
  return rowsOf<OpenAdrEventRow>(await db.execute(sql`select ${eventColumns} from openadr_events where vtn_id = ${vtnId}::uuid order by first_seen_at desc, vtn_event_id limit ${limit}`)).map(toEventRow);
}

/** Events still followed (scheduled, or refused and so perhaps taken up later): those a VTN can withdraw. */
export async function liveOpenAdrEventIds(db: DbOrTx, vtnId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select vtn_event_id as id from openadr_events where vtn_id = ${vtnId}::uuid and status <> 'cancelled'`)).map((r) => r.id);
}

export async function saveOpenAdrEvent(
  db: DbOrTx,
  vtnId: string,
  event: {
    vtnEventId: string;
    vtnProgramId: string;
    fingerprint: string;
    status: OpenAdrEventRow['status'];
    reason: OpenAdrEventReason | null;
    detail: string | null;
    eventId: string | null;
    /** The VTN's reportDescriptors (null: none); left as they were when not given (a withdrawal). */
    reportDescriptors?: unknown[] | null;
  },
  now: Date,
): Promise<void> {
  const keep = event.reportDescriptors === undefined;
  const descriptors = event.reportDescriptors ? JSON.stringify(event.reportDescriptors) : null;
  await db.execute(sql`
    insert into openadr_events (vtn_id, vtn_event_id, vtn_program_id, fingerprint, status, reason, detail, event_id, report_descriptors, first_seen_at, updated_at)
    values (${vtnId}::uuid, ${event.vtnEventId}, ${event.vtnProgramId}, ${event.fingerprint}, ${event.status}, ${event.reason}, ${event.detail?.slice(0, 500) ?? null},
      ${event.eventId}::uuid, ${descriptors}::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (vtn_id, vtn_event_id) do update set vtn_program_id = excluded.vtn_program_id, fingerprint = excluded.fingerprint, status = excluded.status,
      reason = excluded.reason, detail = excluded.detail, event_id = excluded.event_id, updated_at = excluded.updated_at,
      report_descriptors = case when ${keep}::boolean then openadr_events.report_descriptors else excluded.report_descriptors end`);
}
