import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * What the privacy export reads about one member (decision 052). Column lists are explicit, so a
 * secret added to a table later (a token, a hash) never reaches an archive by accident. Times are
 * ISO 8601 in UTC, written by the database so both drivers give the same text.
 */

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const c = (name: string) => sql.raw(name);

type Row = Record<string, unknown>;
const all = async (db: DbOrTx, query: SQL) => rowsOf<Row>(await db.execute(query));

export async function exportAccount(db: DbOrTx, userId: string): Promise<Row | null> {
  const [row] = await all(
    db,
    sql`
    select u.id, u.email, u.name, u.email_verified as "emailVerified", coalesce(u.two_factor_enabled, false) as "twoFactorEnabled",
      u.birth_date::text as "birthDate", u.gender, ${iso(c('u.created_at'))} as "createdAt",
      p.language, p.time_zone as "timeZone", p.pending_email as "pendingEmail", ${iso(c('p.updated_at'))} as "profileUpdatedAt",
      coalesce((select array_agg(distinct a.provider_id order by a.provider_id) from accounts a where a.user_id = u.id), '{}') as "signInMethods"
    from users u left join profiles p on p.id = u.id where u.id = ${userId}`,
  );
  return row ?? null;
}

export async function exportHouseholdId(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id from households where owner_user_id = ${userId}`));
  return row?.id ?? null;
}

export async function exportHousehold(db: DbOrTx, householdId: string): Promise<Row | null> {
  const [household] = await all(
    db,
    sql`select id, name, postal_code as "postalCode", province, time_zone as "timeZone", latitude, longitude, occupants, has_battery as "hasBattery", ${iso(c('created_at'))} as "createdAt"
        from households where id = ${householdId}::uuid`,
  );
  if (!household) return null;
  const tariffs = await all(
    db,
    sql`select plan_id as "planId", effective_from::text as "effectiveFrom", ${iso(c('created_at'))} as "createdAt" from household_tariffs where household_id = ${householdId}::uuid order by effective_from`,
  );
  const rooms = await all(db, sql`select id, name, x, y, width, height from rooms where household_id = ${householdId}::uuid order by name, id`);
  return { ...household, tariffs, rooms };
}

export async function exportDevices(db: DbOrTx, householdId: string): Promise<Row[]> {
  return all(
    db,
    sql`select id, external_id as "externalId", name, kind, status, room_id as "roomId", x, y, rated_power_w as "ratedPowerW", never_switch as "neverSwitch",
          relay_on as "relayOn", ${iso(c('last_seen_at'))} as "lastSeenAt", live_power_w as "livePowerW", ${iso(c('live_power_at'))} as "livePowerAt", ${iso(c('created_at'))} as "createdAt", ${iso(c('removed_at'))} as "removedAt"
        from devices where household_id = ${householdId}::uuid order by created_at, id`,
  );
}

/** Energy Saving Events the household took part in or was settled for: the choice and every settlement version. */
export async function exportEvents(db: DbOrTx, householdId: string): Promise<Row[]> {
  return all(
    db,
    sql`
    select e.id as "eventId", ${iso(c('e.starts_at'))} as "startsAt", ${iso(c('e.ends_at'))} as "endsAt", e.status, e.reward_points as "rewardPoints", e.target_percent as "targetPercent",
      p.opted_in as "optedIn", p.source as "optInSource", ${iso(c('p.changed_at'))} as "optInChangedAt",
      coalesce((select json_agg(json_build_object(
          'version', r.version, 'outcome', r.outcome, 'baselineKwh', r.baseline_kwh, 'actualKwh', r.actual_kwh, 'reductionKwh', r.reduction_kwh,
          'points', r.points, 'detail', r.detail, 'settledAt', ${iso(c('r.settled_at'))},
          -- How its points are paid (decision 140) and what its season's test counted of it.
          'season', r.season, 'savingKwh', r.saving_kwh, 'sigmaKwh', r.sigma_kwh, 'proofStatus', r.proof_status,
          'releasedAt', ${iso(c('r.released_at'))}, 'releasedByEventId', r.released_by_event_id) order by r.version)
        from event_results r where r.event_id = e.id and r.household_id = ${householdId}::uuid), '[]'::json) as results
    from energy_events e left join event_participations p on p.event_id = e.id and p.household_id = ${householdId}::uuid
    where p.event_id is not null or exists (select 1 from event_results r where r.event_id = e.id and r.household_id = ${householdId}::uuid)
    order by e.starts_at, e.id`,
  );
}

export async function exportLedger(db: DbOrTx, householdId: string): Promise<Row[]> {
  return all(
    db,
    sql`
    select pe.id::text as "entryId", ${iso(c('pe.created_at'))} as "createdAt", pe.amount as points, t.kind, t.event_id as "eventId",
      -- Who adjusted a member's points is an operator of Peakwise, not a person of this export (decision 080).
      (case when t.detail ? 'operatorId' then (t.detail - 'operatorId') || '{"by":"operator"}'::jsonb else t.detail end)::text as detail
    from points_entries pe join points_accounts a on a.id = pe.account_id join points_transfers t on t.id = pe.transfer_id
    where a.kind = 'member' and a.household_id = ${householdId}::uuid
    order by pe.id`,
  );
}

export async function exportOrders(db: DbOrTx, householdId: string): Promise<Row[]> {
  return all(
    db,
    sql`
    select o.id, o.item_id as "itemId", i.name_en as "itemName", o.kind, o.quantity, o.points, o.status,
      o.ship_name as "shipName", o.ship_line1 as "shipLine1", o.ship_line2 as "shipLine2", o.ship_city as "shipCity", o.ship_province as "shipProvince",
      o.ship_postal_code as "shipPostalCode", o.tracking, ${iso(c('o.created_at'))} as "createdAt", ${iso(c('o.shipped_at'))} as "shippedAt",
      ${iso(c('o.delivered_at'))} as "deliveredAt",
      (select rc.code from reward_codes rc where rc.order_id = o.id limit 1) as code
    from reward_orders o join reward_items i on i.id = o.item_id
    where o.household_id = ${householdId}::uuid order by o.created_at, o.id`,
  );
}

export async function exportCashOuts(db: DbOrTx, householdId: string): Promise<Row[]> {
  return all(
    db,
    sql`
    select id, points, email, status, failure_reason as "failureReason", ${iso(c('created_at'))} as "createdAt", ${iso(c('reviewed_at'))} as "reviewedAt",
      ${iso(c('sent_at'))} as "sentAt", ${iso(c('failed_at'))} as "failedAt"
    from cash_outs where household_id = ${householdId}::uuid order by created_at, id`,
  );
}

export async function exportStatements(db: DbOrTx, householdId: string): Promise<Row[]> {
  return all(
    db,
    sql`
    select s.id, s.period_start::text as "periodStart", s.period_end::text as "periodEnd", s.billed_from::text as "billedFrom", ${iso(c('s.issued_at'))} as "issuedAt",
      s.due_date::text as "dueDate", s.province, s.time_zone as "timeZone", s.previous_balance_cents as "previousBalanceCents", s.charges_cents as "chargesCents",
      s.amount_due_cents as "amountDueCents", s.import_kwh as "importKwh", s.export_kwh as "exportKwh", s.status,
      coalesce((select json_agg(json_build_object('position', l.position, 'kind', l.kind, 'descriptionKey', l.description_key, 'descriptionParams', l.description_params,
          'quantity', l.quantity, 'unit', l.unit, 'unitPriceCents', l.unit_price_cents, 'amountCents', l.amount_cents) order by l.position)
        from statement_lines l where l.statement_id = s.id), '[]'::json) as lines
    from statements s where s.household_id = ${householdId}::uuid order by s.period_start, s.id`,
  );
}

/** Bill payments, with the card only as its brand and last four digits (decision 048 keeps nothing more). */
export async function exportPayments(db: DbOrTx, householdId: string): Promise<Row[]> {
  return all(
    db,
    sql`
    select id, statement_id as "statementId", amount_cents as "amountCents", processor, status, failure_reason as "failureReason",
      card_brand as "cardBrand", card_last4 as "cardLast4", ${iso(c('created_at'))} as "createdAt", ${iso(c('succeeded_at'))} as "succeededAt", ${iso(c('failed_at'))} as "failedAt"
    from payments where household_id = ${householdId}::uuid order by created_at, id`,
  );
}

/** Saved cards as brand, last four digits and expiry; never the processor's token. */
export async function exportPaymentMethods(db: DbOrTx, householdId: string): Promise<Row[]> {
  return all(
    db,
    sql`
    select id, processor, brand, last4, exp_month as "expMonth", exp_year as "expYear", is_default = 1 as "isDefault", ${iso(c('created_at'))} as "createdAt"
    from payment_methods where household_id = ${householdId}::uuid order by created_at, id`,
  );
}

/** The channel × kind choices, the mobile number (not its pending code) and when push was turned on in each browser (not its keys). */
export async function exportNotificationPreferences(db: DbOrTx, userId: string): Promise<Row> {
  const preferences = await all(
    db,
    sql`select channel, kind, enabled, ${iso(c('updated_at'))} as "updatedAt" from notification_preferences where user_id = ${userId} order by channel, kind`,
  );
  const [phone] = await all(db, sql`select phone, ${iso(c('verified_at'))} as "verifiedAt" from notification_phones where user_id = ${userId}`);
  const pushBrowsers = await all(db, sql`select ${iso(c('created_at'))} as "createdAt" from push_subscriptions where user_id = ${userId} order by created_at`);
  return { preferences, phone: phone ?? null, pushBrowsers };
}

export type ExportConsentRow = { id: string; purpose: string; granted: boolean; wording: string; wordingVersion: string | null; language: string; source: string | null; recordedAt: string };

export async function exportConsents(db: DbOrTx, userId: string): Promise<ExportConsentRow[]> {
  return rowsOf<ExportConsentRow>(
    await db.execute(sql`
      select id, purpose, granted, wording, wording_version as "wordingVersion", language, source, ${iso(c('recorded_at'))} as "recordedAt"
      from consents where user_id = ${userId} order by recorded_at, id`),
  );
}

/** Signed-in browsers: when, from where, with what; never the session token. */
export async function exportSessions(db: DbOrTx, userId: string): Promise<Row[]> {
  return all(
    db,
    sql`select ${iso(c('created_at'))} as "createdAt", ${iso(c('updated_at'))} as "lastActiveAt", ${iso(c('expires_at'))} as "expiresAt", ip_address as "ipAddress", user_agent as "userAgent"
        from sessions where user_id = ${userId} order by created_at`,
  );
}

/** A page of a long series, after the last key of the previous page; ordered so pages never overlap. */
export type Page = { rows: unknown[][]; next: string | null };

/** Rows come back with a last `k` column (the page key), which is not a cell. */
const pageOf = (rows: Row[], size: number): Page => ({
  rows: rows.map(({ k: _key, ...cells }) => Object.values(cells)),
  next: rows.length === size ? String(rows[rows.length - 1]!.k) : null,
});

export const READINGS_HEADER = ['interval_start_utc', 'production_kwh', 'consumption_kwh', 'grid_import_kwh', 'grid_export_kwh'] as const;

export async function exportReadingsPage(db: DbOrTx, householdId: string, after: string | null, size: number): Promise<Page> {
  const rows = await all(
    db,
    sql`select ${iso(c('ts'))} as ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, ts::text as k
        from meter_readings_in(${householdId}::uuid, ${after ? sql`${after}::timestamptz + interval '1 microsecond'` : sql`'-infinity'`}, 'infinity') order by ts limit ${size}`,
  );
  return pageOf(rows, size);
}

export const DEVICE_READINGS_HEADER = ['device_id', 'interval_start_utc', 'power_w', 'energy_kwh', 'efficiency', 'relay_on', 'metrics'] as const;

/** One device's readings: paged on the device's own key (device_id, ts), so each page is an index range. */
export async function exportDeviceReadingsPage(db: DbOrTx, deviceId: string, after: string | null, size: number): Promise<Page> {
  const rows = await all(
    db,
    sql`select device_id, ${iso(c('ts'))} as ts, power_w, energy_kwh, efficiency, relay_on::text, metrics::text, ts::text as k
        from device_readings_in(${deviceId}::uuid, ${after ? sql`${after}::timestamptz + interval '1 microsecond'` : sql`'-infinity'`}, 'infinity') order by ts limit ${size}`,
  );
  return pageOf(rows, size);
}

export const HOURLY_HEADER = ['hour_start_utc', 'production_kwh', 'consumption_kwh', 'grid_import_kwh', 'grid_export_kwh', 'interval_count'] as const;

export async function exportHourlyPage(db: DbOrTx, householdId: string, after: string | null, size: number): Promise<Page> {
  const rows = await all(
    db,
    sql`select ${iso(c('hour_start'))} as h, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count, hour_start::text as k
        from meter_hourly where household_id = ${householdId}::uuid ${after ? sql`and hour_start > ${after}::timestamptz` : sql``} order by hour_start limit ${size}`,
  );
  return pageOf(rows, size);
}

export const DAILY_HEADER = ['local_date', 'production_kwh', 'consumption_kwh', 'grid_import_kwh', 'grid_export_kwh', 'interval_count', 'cost_cents'] as const;

export async function exportDailyPage(db: DbOrTx, householdId: string, after: string | null, size: number): Promise<Page> {
  const rows = await all(
    db,
    sql`select local_date::text as d, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh, interval_count, cost_cents, local_date::text as k
        from meter_daily where household_id = ${householdId}::uuid ${after ? sql`and local_date > ${after}::date` : sql``} order by local_date limit ${size}`,
  );
  return pageOf(rows, size);
}

export const DEVICE_DAILY_HEADER = ['device_id', 'local_date', 'energy_kwh', 'avg_power_w', 'avg_efficiency', 'litres', 'hot_litres', 'interval_count'] as const;

export async function exportDeviceDailyPage(db: DbOrTx, deviceId: string, after: string | null, size: number): Promise<Page> {
  const rows = await all(
    db,
    sql`select device_id, local_date::text as d, energy_kwh, avg_power_w, avg_efficiency, litres, hot_litres, interval_count, local_date::text as k
        from device_daily where device_id = ${deviceId}::uuid ${after ? sql`and local_date > ${after}::date` : sql``} order by local_date limit ${size}`,
  );
  return pageOf(rows, size);
}

export const DEVICE_HOURLY_HEADER = ['device_id', 'hour_start_utc', 'energy_kwh', 'avg_power_w', 'avg_efficiency', 'litres', 'hot_litres', 'interval_count'] as const;

export async function exportDeviceHourlyPage(db: DbOrTx, deviceId: string, after: string | null, size: number): Promise<Page> {
  const rows = await all(
    db,
    sql`select device_id, ${iso(c('hour_start'))} as h, energy_kwh, avg_power_w, avg_efficiency, litres, hot_litres, interval_count, hour_start::text as k
        from device_hourly where device_id = ${deviceId}::uuid ${after ? sql`and hour_start > ${after}::timestamptz` : sql``} order by hour_start limit ${size}`,
  );
  return pageOf(rows, size);
}

/** Every device the household ever had, removed ones too: their readings are the member's data. */
export async function exportDeviceIds(db: DbOrTx, householdId: string): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(sql`select id from devices where household_id = ${householdId}::uuid order by id`)).map((r) => r.id);
}
