import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { nameArray, uuidArray } from '../../lib/pg-array';
import { inArea } from '../events/events.repository';
import { notHeldOut } from '../events/event-holdout.filter';

export type EndpointRow = { id: string; url: string; events: string[]; status: 'active' | 'failing'; createdAt: Date };
type RawEndpoint = Omit<EndpointRow, 'createdAt'> & { createdAt: string | Date };
const toEndpoint = (r: RawEndpoint): EndpointRow => ({ ...r, createdAt: new Date(r.createdAt) });
const ENDPOINT_COLUMNS = sql`id, url, events, status, created_at as "createdAt"`;
const utc = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export async function lockMember(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function countEndpoints(db: DbOrTx, userId: string): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from webhook_endpoints where user_id = ${userId} and deleted_at is null`))[0]!.n;
}

export async function insertEndpoint(db: DbOrTx, endpoint: { userId: string; url: string; events: readonly string[]; secret: string; createdAt: Date }): Promise<EndpointRow> {
  const [row] = rowsOf<RawEndpoint>(
    await db.execute(sql`
      insert into webhook_endpoints (user_id, url, events, secret, created_at)
      values (${endpoint.userId}, ${endpoint.url}, ${nameArray(endpoint.events)}::text[], ${endpoint.secret}, ${endpoint.createdAt.toISOString()}::timestamptz)
      returning ${ENDPOINT_COLUMNS}`),
  );
  return toEndpoint(row!);
}

export async function listEndpoints(db: DbOrTx, userId: string): Promise<EndpointRow[]> {
  return rowsOf<RawEndpoint>(
    await db.execute(sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints where user_id = ${userId} and deleted_at is null order by created_at desc, id`),
  ).map(toEndpoint);
}

export async function findEndpoint(db: DbOrTx, userId: string, id: string): Promise<EndpointRow | null> {
  const [row] = rowsOf<RawEndpoint>(await db.execute(sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ${id}::uuid and user_id = ${userId} and deleted_at is null`));
  return row ? toEndpoint(row) : null;
}

/** Removed endpoints keep their rows (the delivery log), but receive nothing more. */
export async function deleteEndpoint(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`update webhook_endpoints set deleted_at = ${now.toISOString()}::timestamptz where id = ${id}::uuid and user_id = ${userId} and deleted_at is null returning id`),
  );
  return rows.length === 1;
}

/**
 * Does any live endpoint subscribe to `type` (among these households' members, when given)? Lets
 * an announcement add nothing at all where nobody listens, which is most of the time.
 */
export async function hasSubscribers(tx: DbOrTx, type: string, householdIds: readonly string[] | null): Promise<boolean> {
  const among = householdIds === null ? sql`true` : sql`w.user_id in (select owner_user_id from households where id = any(${uuidArray(householdIds)}::uuid[]))`;
  const rows = rowsOf(await tx.execute(sql`select 1 from webhook_endpoints w where w.deleted_at is null and ${type} = any(w.events) and ${among} limit 1`));
  return rows.length === 1;
}

/** One delivery to one endpoint (the "send test" button); its id. */
export async function insertDelivery(db: DbOrTx, delivery: { endpointId: string; type: string; eventKey: string; payload: Record<string, unknown>; createdAt: Date }): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into webhook_deliveries (endpoint_id, type, event_key, payload, created_at)
      values (${delivery.endpointId}::uuid, ${delivery.type}, ${delivery.eventKey}, ${JSON.stringify(delivery.payload)}::jsonb, ${delivery.createdAt.toISOString()}::timestamptz)
      returning id`),
  );
  return row!.id;
}

/**
 * Adds a delivery for every live endpoint subscribed to `type` among the members `source`
 * reaches. `source` selects `owner` (the member's user id), `key` and `payload` (jsonb). A key
 * already delivered to an endpoint is skipped, so a fan-out that runs again adds nothing.
 */
async function fanOut(tx: DbOrTx, type: string, source: SQL, now: Date): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into webhook_deliveries (endpoint_id, type, event_key, payload, created_at)
      select w.id, ${type}, s.key, s.payload, ${now.toISOString()}::timestamptz
      from (${source}) s join webhook_endpoints w on w.user_id = s.owner and w.deleted_at is null and ${type} = any(w.events)
      where not exists (select 1 from profiles p where p.id = w.user_id and p.deleted_at is not null)
      on conflict (endpoint_id, event_key) do nothing
      returning id`),
  ).map((r) => r.id);
}

/** Every member whose home is in the event's area hears it was scheduled (whether or not they opt in), unless held out of it (decision 100). */
export function fanOutEventScheduled(tx: DbOrTx, eventId: string, now: Date): Promise<string[]> {
  return fanOut(
    tx,
    'event.scheduled',
    sql`select h.owner_user_id as owner, 'event.scheduled:' || e.id as key,
          jsonb_build_object('eventId', e.id, 'programName', p.name, 'startsAt', ${utc('e.starts_at')}, 'endsAt', ${utc('e.ends_at')},
            'rewardPoints', e.reward_points, 'targetPercent', e.target_percent) as payload
        from energy_events e join event_programs p on p.id = e.program_id join households h on ${inArea('p', 'h')}
        where e.id = ${eventId}::uuid and ${notHeldOut('e.id', 'h.id')}`,
    now,
  );
}

/** Each settled household's own result, and whether its points are paid or held (decision 140). */
export function fanOutEventResults(tx: DbOrTx, eventId: string, now: Date): Promise<string[]> {
  return fanOut(
    tx,
    'event.result',
    sql`select h.owner_user_id as owner, 'event.result:' || r.event_id as key,
          jsonb_build_object('eventId', r.event_id, 'outcome', r.outcome, 'points', r.points, 'baselineKwh', r.baseline_kwh,
            'actualKwh', r.actual_kwh, 'reductionKwh', r.reduction_kwh, 'settledAt', ${utc('r.settled_at')},
            -- How the points are paid (decision 140): at once, held until the season proves the cuts, or released.
            'proofStatus', r.proof_status) as payload
        from event_results r join households h on h.id = r.household_id
        where r.event_id = ${eventId}::uuid`,
    now,
  );
}

/** The month's statements of the households just billed. */
export function fanOutStatements(tx: DbOrTx, periodStart: string, householdIds: readonly string[], now: Date): Promise<string[]> {
  return fanOut(
    tx,
    'bill.issued',
    sql`select h.owner_user_id as owner, 'bill.issued:' || s.id as key,
          jsonb_build_object('statementId', s.id, 'periodStart', s.period_start::text, 'periodEnd', s.period_end::text, 'dueDate', s.due_date::text,
            'chargesCents', s.charges_cents, 'amountDueCents', s.amount_due_cents, 'currency', 'CAD', 'issuedAt', ${utc('s.issued_at')}) as payload
        from statements s join households h on h.id = s.household_id
        where s.household_id = any(${uuidArray(householdIds)}::uuid[]) and s.period_start = ${periodStart}::date`,
    now,
  );
}

export type DeliveryToSend = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  createdAt: Date;
  endpointId: string;
  url: string;
  secret: string;
  endpointDeleted: boolean;
};

/** The delivery and its endpoint, the delivery locked for the caller's transaction. */
export async function lockDelivery(tx: DbOrTx, deliveryId: string): Promise<DeliveryToSend | null> {
  const [row] = rowsOf<Omit<DeliveryToSend, 'createdAt'> & { createdAt: string | Date }>(
    await tx.execute(sql`
      select d.id, d.type, d.payload, d.status, d.attempts, d.created_at as "createdAt", w.id as "endpointId", w.url, w.secret, (w.deleted_at is not null) as "endpointDeleted"
      from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id
      where d.id = ${deliveryId}::uuid for update of d`),
  );
  return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
}

export async function insertAttempt(
  tx: DbOrTx,
  attempt: { deliveryId: string; attempt: number; statusCode: number | null; durationMs: number; error: string | null; attemptedAt: Date },
): Promise<void> {
  await tx.execute(sql`
    insert into webhook_delivery_attempts (delivery_id, attempt, status_code, duration_ms, error, attempted_at)
    values (${attempt.deliveryId}::uuid, ${attempt.attempt}, ${attempt.statusCode}, ${attempt.durationMs}, ${attempt.error}, ${attempt.attemptedAt.toISOString()}::timestamptz)`);
}

export async function updateDelivery(
  tx: DbOrTx,
  id: string,
  change: { status: 'pending' | 'succeeded' | 'failed'; attempts: number; nextAttemptAt: Date | null; deliveredAt: Date | null },
): Promise<void> {
  await tx.execute(sql`
    update webhook_deliveries set status = ${change.status}, attempts = ${change.attempts},
      next_attempt_at = ${change.nextAttemptAt?.toISOString() ?? null}::timestamptz, delivered_at = ${change.deliveredAt?.toISOString() ?? null}::timestamptz
    where id = ${id}::uuid`);
}

export async function setEndpointStatus(tx: DbOrTx, endpointId: string, status: 'active' | 'failing'): Promise<void> {
  await tx.execute(sql`update webhook_endpoints set status = ${status} where id = ${endpointId}::uuid and status <> ${status}`);
}

export type DeliveryLogRow = {
  id: string;
  type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  createdAt: Date;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
};

/** The endpoint's latest deliveries with their latest attempt, newest first. */
export async function recentDeliveries(db: DbOrTx, endpointId: string, limit: number): Promise<DeliveryLogRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select d.id, d.type, d.status, d.attempts, d.created_at as "createdAt", d.next_attempt_at as "nextAttemptAt",
        a.status_code as "lastStatusCode", a.duration_ms as "lastDurationMs", a.attempted_at as "lastAttemptAt"
      from webhook_deliveries d
      left join lateral (select * from webhook_delivery_attempts x where x.delivery_id = d.id order by x.attempt desc limit 1) a on true
      where d.endpoint_id = ${endpointId}::uuid
      order by d.created_at desc, d.id limit ${limit}`),
  );
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return rows.map((r) => ({
    id: r.id as string,
    type: r.type as string,
    status: r.status as DeliveryLogRow['status'],
    attempts: r.attempts as number,
    createdAt: new Date(r.createdAt as string),
    lastStatusCode: (r.lastStatusCode as number | null) ?? null,
    lastDurationMs: (r.lastDurationMs as number | null) ?? null,
    lastAttemptAt: date(r.lastAttemptAt),
    nextAttemptAt: date(r.nextAttemptAt),
  }));
}
