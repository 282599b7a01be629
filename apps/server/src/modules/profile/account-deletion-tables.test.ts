import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_PURPOSE } from '@peakwise/contracts/account.contract';
import { rowsOf } from '../../db/rows';
import { cardDetachJobHandlers } from '../../jobs/card-detach-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember } from '../../test/test-session';
import { fundMember } from '../cash-outs/cash-outs.test-helper';
import { sendCashOut } from '../cash-outs/cash-outs.service';
import { createPayoutSender } from '../cash-outs/payout-sender';
import { memberWithStatement } from '../payments/payments.test-helper';
import { createSandboxProcessor } from '../payments/sandbox-processor';
import { store } from '../energy/energy.test-helper';

/*
 * Every table of the database, classified by what account deletion does to a member's rows in it
 * (docs/decisions/079-account-erasure-table-by-table.md). A table added without a line here fails
 * the first test until someone decides what deletion does to it; the second test gives one member
 * rows in every member table, deletes the account, and checks each table against its line.
 */

type Ids = { userId: string; householdId: string; email: string; anonymised: string; phone: string; cardTokens: string[] };
type Row = Record<string, unknown>;
type Entry =
  | { effect: 'no member data'; why: string }
  | { effect: 'deleted' | 'kept'; why: string; rows: (m: Ids) => SQL }
  | { effect: 'changed'; why: string; rows: (m: Ids) => SQL; expected: (before: Row[], m: Ids) => Row[] };

const household = (table: string) => (m: Ids) => sql`select * from ${sql.raw(table)} where household_id = ${m.householdId}::uuid order by 1, 2`;
const ofUser = (table: string) => (m: Ids) => sql`select * from ${sql.raw(table)} where user_id = ${m.userId} order by 1, 2`;
const viaDevices = (table: string) => (m: Ids) =>
  sql`select x.* from ${sql.raw(table)} x join devices d on d.id = x.device_id where d.household_id = ${m.householdId}::uuid order by 1, 2`;
const viaStatements = (table: string) => (m: Ids) =>
  sql`select x.* from ${sql.raw(table)} x join statements s on s.id = x.statement_id where s.household_id = ${m.householdId}::uuid order by 1, 2`;
const KEPT_SIX_YEARS = 'A bookkeeping record of money billed, paid or moved: kept six years (Income Tax Act s. 230), pseudonymous.';
const PSEUDONYMOUS = 'Pseudonymous data about the home (decision 009): no name, contact or address is in it.';

const ERASURE: Record<string, Entry> = {
  // The person.
  users: {
    effect: 'changed',
    why: 'The id stays for the pseudonymous records; what identifies the person is cleared (decision 009).',
    rows: (m) => sql`select email, name, birth_date, gender, image, email_verified from users where id = ${m.userId}`,
    expected: (_b, m) => [{ email: m.anonymised, name: '', birth_date: null, gender: null, image: null, email_verified: false }],
  },
  profiles: {
    effect: 'changed',
    why: 'Blanked and stamped deleted_at (decision 009).',
    rows: (m) => sql`select name, email, pending_email, deleted_at is not null as deleted from profiles where id = ${m.userId}`,
    expected: (_b, m) => [{ name: '', email: m.anonymised, pending_email: null, deleted: true }],
  },
  sessions: { effect: 'deleted', why: 'Every session ends.', rows: ofUser('sessions') },
  accounts: { effect: 'deleted', why: 'Password and OAuth identities go.', rows: ofUser('accounts') },
  two_factors: { effect: 'deleted', why: 'Two-factor secret and backup codes go.', rows: ofUser('two_factors') },
  verifications: { effect: 'deleted', why: 'Reset links, challenges and trusted devices point at the user id.', rows: (m) => sql`select * from verifications where value = ${m.userId}` },
  consents: {
    effect: 'changed',
    why: 'Proof of what was agreed to and when, kept; a withdrawal is appended (decision 009).',
    rows: (m) => sql`select purpose, granted, source from consents where user_id = ${m.userId} order by recorded_at, id`,
    expected: (before) => [...before, { purpose: MARKETING_CONSENT_PURPOSE, granted: false, source: 'account_deleted' }],
  },
  privacy_exports: { effect: 'deleted', why: 'A copy of everything about the member must not outlive the account.', rows: ofUser('privacy_exports') },
  privacy_export_chunks: {
    effect: 'deleted',
    why: 'The archive goes with its export.',
    rows: (m) => sql`select c.* from privacy_export_chunks c join privacy_exports e on e.id = c.export_id where e.user_id = ${m.userId}`,
  },
  // Keys and endpoints (decision 079, item 1).
  api_tokens: { effect: 'deleted', why: 'Personal API tokens stop working at once.', rows: ofUser('api_tokens') },
  webhook_endpoints: { effect: 'deleted', why: 'No later event is announced to the member’s URL.', rows: ofUser('webhook_endpoints') },
  webhook_deliveries: {
    effect: 'deleted',
    why: 'Queued deliveries are never sent; the log goes with its endpoint.',
    rows: (m) => sql`select d.* from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id where w.user_id = ${m.userId}`,
  },
  webhook_delivery_attempts: {
    effect: 'deleted',
    why: 'The log goes with its endpoint.',
    rows: (m) => sql`select a.* from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id join webhook_endpoints w on w.id = d.endpoint_id where w.user_id = ${m.userId}`,
  },
  ingest_credentials: { effect: 'deleted', why: 'Household and device tokens, and so the embedded broker’s MQTT logins, stop working.', rows: household('ingest_credentials') },
  // Contacts and messages.
  notification_phones: { effect: 'deleted', why: 'The mobile number identifies the member.', rows: ofUser('notification_phones') },
  push_subscriptions: { effect: 'deleted', why: 'A browser endpoint identifies a device of the member.', rows: ofUser('push_subscriptions') },
  notification_preferences: { effect: 'deleted', why: 'Nobody is left to notify.', rows: ofUser('notification_preferences') },
  sms_outbox: {
    effect: 'deleted',
    why: 'The number and text of every SMS to the member, verification codes included.',
    rows: (m) => sql`select * from sms_outbox where "to" = ${m.phone} or idempotency_key like ${`phone-code:${m.userId}:%`} order by id`,
  },
  email_outbox: {
    effect: 'changed',
    why: 'Mail to the address is purged; the one left is the deletion’s own confirmation, the record that the member was told (decision 009).',
    rows: (m) => sql`select "to", kind from email_outbox where "to" = ${m.email} order by created_at`,
    expected: (_b, m) => [{ to: m.email, kind: 'account-deleted' }],
  },
  event_notifications: { effect: 'kept', why: 'Which notice went on which channel, pseudonymous (the number or address is not in it).', rows: ofUser('event_notifications') },
  bill_reminders: { effect: 'kept', why: 'Which reminder went on which channel, pseudonymous.', rows: ofUser('bill_reminders') },
  // The home.
  households: {
    effect: 'changed',
    why: 'The name is cleared, the postal code cut to its FSA, the coordinates dropped; the province and zone stay for the bills kept.',
    rows: (m) => sql`select name, postal_code, latitude, longitude, province, time_zone from households where id = ${m.householdId}::uuid`,
    expected: (before) => before.map((r) => ({ ...r, name: '', postal_code: String(r.postal_code).slice(0, 3), latitude: null, longitude: null })),
  },
  rooms: {
    effect: 'changed',
    why: 'Room names are the member’s words (a child’s name, say).',
    rows: (m) => sql`select id, name from rooms where household_id = ${m.householdId}::uuid order by id`,
    expected: (before) => before.map((r) => ({ ...r, name: '' })),
  },
  devices: {
    effect: 'changed',
    why: 'Device names are the member’s words; each is called by its kind.',
    rows: (m) => sql`select id, name, kind, external_id from devices where household_id = ${m.householdId}::uuid order by id`,
    expected: (before) => before.map((r) => ({ ...r, name: r.kind })),
  },
  maintenance_components: {
    effect: 'changed',
    why: 'Named after the member’s devices; each is called by its kind.',
    rows: (m) => sql`select id, name, kind from maintenance_components where household_id = ${m.householdId}::uuid order by id`,
    expected: (before) => before.map((r) => ({ ...r, name: r.kind })),
  },
  household_event_settings: {
    effect: 'changed',
    why: 'Nobody is left to opt in for.',
    rows: (m) => sql`select opt_in_every_event from household_event_settings where household_id = ${m.householdId}::uuid`,
    expected: (before) => before.map(() => ({ opt_in_every_event: false })),
  },
  event_plug_choices: { effect: 'deleted', why: 'No plug is switched for a member who is gone.', rows: household('event_plug_choices') },
  household_tariffs: { effect: 'kept', why: 'The plans the kept bills were priced under.', rows: household('household_tariffs') },
  household_live_power: { effect: 'kept', why: PSEUDONYMOUS, rows: household('household_live_power') },
  meter_readings: { effect: 'kept', why: PSEUDONYMOUS, rows: household('meter_readings') },
  meter_reading_days: { effect: 'kept', why: PSEUDONYMOUS, rows: household('meter_reading_days') },
  meter_hourly: { effect: 'kept', why: PSEUDONYMOUS, rows: household('meter_hourly') },
  meter_daily: { effect: 'kept', why: PSEUDONYMOUS, rows: household('meter_daily') },
  device_readings: { effect: 'kept', why: PSEUDONYMOUS, rows: viaDevices('device_readings') },
  device_reading_days: { effect: 'kept', why: PSEUDONYMOUS, rows: household('device_reading_days') },
  device_hourly: { effect: 'kept', why: PSEUDONYMOUS, rows: viaDevices('device_hourly') },
  device_daily: { effect: 'kept', why: PSEUDONYMOUS, rows: viaDevices('device_daily') },
  device_counters: { effect: 'kept', why: PSEUDONYMOUS, rows: viaDevices('device_counters') },
  meter_counters: { effect: 'kept', why: PSEUDONYMOUS, rows: viaDevices('meter_counters') },
  shelly_gen1_channels: { effect: 'kept', why: PSEUDONYMOUS, rows: viaDevices('shelly_gen1_channels') },
  reading_corrections: { effect: 'kept', why: PSEUDONYMOUS, rows: household('reading_corrections') },
  component_health: {
    effect: 'kept',
    why: PSEUDONYMOUS,
    rows: (m) => sql`select h.* from component_health h join maintenance_components c on c.id = h.component_id where c.household_id = ${m.householdId}::uuid order by 1, 2`,
  },
  maintenance_scored_days: { effect: 'kept', why: PSEUDONYMOUS, rows: household('maintenance_scored_days') },
  maintenance_alerts: { effect: 'kept', why: PSEUDONYMOUS, rows: household('maintenance_alerts') },
  maintenance_actions: { effect: 'kept', why: PSEUDONYMOUS, rows: household('maintenance_actions') },
  plug_switch_events: { effect: 'kept', why: PSEUDONYMOUS, rows: household('plug_switch_events') },
  event_participations: { effect: 'kept', why: 'Settled events’ inputs, pseudonymous.', rows: household('event_participations') },
  event_results: { effect: 'kept', why: 'What the points paid were computed from, pseudonymous.', rows: household('event_results') },
  event_assignments: { effect: 'kept', why: 'Whether the home was called or held out: the population an event’s measured impact rests on, pseudonymous (decision 100).', rows: household('event_assignments') },
  event_baselines: { effect: 'kept', why: 'The baseline an event was settled against (decision 099), pseudonymous.', rows: household('event_baselines') },
  event_plug_actions: { effect: 'kept', why: PSEUDONYMOUS, rows: household('event_plug_actions') },
  event_paid_intervals: { effect: 'kept', why: 'Which event paid an interval two events shared (decision 108): what the points paid were computed from, pseudonymous.', rows: household('event_paid_intervals') },
  event_comfort_actions: { effect: 'kept', why: PSEUDONYMOUS, rows: household('event_comfort_actions') },
  device_temperatures: { effect: 'kept', why: PSEUDONYMOUS, rows: household('device_temperatures') },
  room_comfort_limits: { effect: 'kept', why: 'A room’s comfort limits in °C, pseudonymous; nothing is switched for a member who is gone.', rows: household('room_comfort_limits') },
  comfort_loads: { effect: 'deleted', why: 'No heater or air conditioner is switched for a member who is gone.', rows: household('comfort_loads') },
  // Money and points.
  statements: { effect: 'kept', why: KEPT_SIX_YEARS, rows: household('statements') },
  statement_lines: { effect: 'kept', why: KEPT_SIX_YEARS, rows: viaStatements('statement_lines') },
  statement_payments: { effect: 'kept', why: KEPT_SIX_YEARS, rows: viaStatements('statement_payments') },
  payments: {
    effect: 'changed',
    why: `${KEPT_SIX_YEARS} Only the card’s brand and last four digits are in it; the link to the removed saved card is cleared.`,
    rows: household('payments'),
    expected: (before) => before.map((r) => ({ ...r, payment_method_id: null })),
  },
  billing_preferences: { effect: 'kept', why: 'Reminder settings, pseudonymous; reminders stop because the profile is deleted.', rows: household('billing_preferences') },
  payment_methods: { effect: 'deleted', why: 'Saved cards go, and each is detached at the processor by a job after the commit.', rows: household('payment_methods') },
  autopay_settings: {
    effect: 'changed',
    why: 'Auto-pay is turned off: no card is charged for a member who is gone.',
    rows: (m) => sql`select enabled from autopay_settings where household_id = ${m.householdId}::uuid`,
    expected: () => [{ enabled: false }],
  },
  sandbox_card_tokens: {
    effect: 'deleted',
    why: 'The embedded processor’s vault forgets the card when it is detached.',
    rows: (m) => sql`select * from sandbox_card_tokens where token in (select unnest(${`{${m.cardTokens.join(',')}}`}::text[]))`,
  },
  sandbox_charges: {
    effect: 'kept',
    why: 'The embedded processor’s own record of charges (a processor keeps its books); no name or number in it.',
    rows: (m) => sql`select * from sandbox_charges where token in (select unnest(${`{${m.cardTokens.join(',')}}`}::text[])) order by reference`,
  },
  points_accounts: {
    effect: 'changed',
    why: 'The ledger balances only with every account (decision 033); pseudonymous. A cash-out that was not sent returns its points.',
    rows: (m) => sql`select kind, balance from points_accounts where household_id = ${m.householdId}::uuid`,
    expected: (before) => before.map((r) => ({ ...r, balance: Number(r.balance) + 1_000 })),
  },
  points_entries: {
    effect: 'changed',
    why: 'The ledger is append-only (decision 033); pseudonymous. The refund of a cash-out that was not sent is appended.',
    rows: (m) =>
      sql`select e.amount, t.kind from points_entries e join points_accounts a on a.id = e.account_id join points_transfers t on t.id = e.transfer_id where a.household_id = ${m.householdId}::uuid order by e.id`,
    expected: (before) => [...before, { amount: 1_000, kind: 'refund' }],
  },
  points_transfers: {
    effect: 'changed',
    why: 'The ledger is append-only (decision 033); pseudonymous. The refund of a cash-out that was not sent is appended.',
    rows: (m) =>
      sql`select t.kind from points_transfers t where t.id in (select e.transfer_id from points_entries e join points_accounts a on a.id = e.account_id where a.household_id = ${m.householdId}::uuid) order by t.created_at, t.id`,
    expected: (before) => [...before, { kind: 'refund' }],
  },
  points_adjustments: { effect: 'kept', why: 'The audit trail of hand-made ledger movements, append-only (decision 041).', rows: household('points_adjustments') },
  cash_outs: {
    effect: 'changed',
    why: `${KEPT_SIX_YEARS} The payout address is replaced by the anonymised one; one not yet sent fails and returns its points.`,
    rows: (m) => sql`select status, email, points from cash_outs where household_id = ${m.householdId}::uuid order by created_at, id`,
    expected: (before, m) => before.map((r) => ({ ...r, email: m.anonymised, status: r.status === 'sent' ? 'sent' : 'failed' })),
  },
  payout_outbox: {
    effect: 'changed',
    why: `${KEPT_SIX_YEARS} The payout address is replaced by the anonymised one.`,
    rows: (m) => sql`select o.amount_cents, o.email from payout_outbox o join cash_outs c on c.id = o.cash_out_id where c.household_id = ${m.householdId}::uuid order by o.id`,
    expected: (before, m) => before.map((r) => ({ ...r, email: m.anonymised })),
  },
  reward_orders: {
    effect: 'changed',
    why: 'What was ordered for how many points stays (the ledger’s record); the name, street and city go, the postal code is cut to its FSA.',
    rows: (m) => sql`select status, points, ship_name, ship_line1, ship_line2, ship_city, ship_province, ship_postal_code from reward_orders where user_id = ${m.userId} order by id`,
    expected: (before) => before.map((r) => ({ ...r, ship_name: '', ship_line1: '', ship_line2: null, ship_city: '', ship_postal_code: String(r.ship_postal_code).slice(0, 3) })),
  },
  reward_codes: {
    effect: 'kept',
    why: 'A code given to an order stays with it (decision 039); it names no one.',
    rows: (m) => sql`select c.* from reward_codes c join reward_orders o on o.id = c.order_id where o.user_id = ${m.userId}`,
  },
  prize_draw_entries: { effect: 'kept', why: 'A drawn week must stay verifiable by anyone (decision 042); pseudonymous.', rows: household('prize_draw_entries') },
  prize_draws: {
    effect: 'kept',
    why: 'A drawn week must stay verifiable by anyone (decision 042); the winner is a household id.',
    rows: (m) => sql`select * from prize_draws where winner_household_id = ${m.householdId}::uuid`,
  },
  // Peakwise's own.
  app_secrets: { effect: 'no member data', why: 'The server’s own keys.' },
  rate_limits: { effect: 'no member data', why: 'Short-lived request counters by address and path, tied to no account.' },
  durable_jobs: { effect: 'no member data', why: 'Work items that name rows by id (pseudonymous); a card detach job holds the token of a card no longer usable; a broker-login job names a device id, its sealed token erased once delivered (decision 097).' },
  energy_events: { effect: 'no member data', why: 'Events are the operators’.' },
  nats_login_revocations: {
    effect: 'no member data',
    why: 'The NATS user keys of ended logins: random public keys naming no account or household, kept so the pushed account JWT goes on refusing them (decision 132).',
  },
  event_programs: { effect: 'no member data', why: 'Programs are the operators’.' },
  event_holdout_draws: { effect: 'no member data', why: 'An event’s seed and counts (decision 100).' },
  event_totals: { effect: 'no member data', why: 'An event’s figures summed over every home (decision 146).' },
  openadr_vtns: { effect: 'no member data', why: 'A utility’s VTN connection (decision 104).' },
  openadr_resources: { effect: 'no member data', why: 'The VEN’s resources, one per program (decision 104).' },
  openadr_program_maps: { effect: 'no member data', why: 'Which VTN program feeds which Peakwise program.' },
  openadr_events: { effect: 'no member data', why: 'VTN events and what they became; the utility’s, naming no home.' },
  openadr_subscriptions: { effect: 'no member data', why: 'The VEN’s webhook subscriptions on a VTN (decision 110).' },
  openadr_reports: { effect: 'no member data', why: 'Reports sent to a VTN: figures summed over the opted-in homes, none of one home (decision 110).' },
  geocoder_cache: { effect: 'no member data', why: 'Postal codes the geocoder answered for, tied to no household.' },
  write_positions: { effect: 'no member data', why: 'The WAL position after a household’s or member’s last write, by id (pseudonymous), deleted once the replica has replayed it (decision 129).' },
  reward_items: { effect: 'no member data', why: 'The catalogue.' },
  reward_item_images: { effect: 'no member data', why: 'The catalogue.' },
};

/** Member tables this test gives the member no rows in: each assertion would be vacuous, so they are named. */
const NOT_SEEDED = ['reward_codes', 'statement_payments'].sort();

const silent = createLogger({ level: 'silent' });
const nowMs = Date.parse('2025-12-10T15:00:00Z');
const clock = () => new Date(nowMs);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const rows = async (query: SQL) => rowsOf<Row>(await t.database.db.execute(query));

describe('account deletion, table by table', () => {
  it('classifies every table of the database', async () => {
    // A month's partition of the readings is erased with its table (decision 115), so only tables that are not a partition count.
    const tables = (
      await rows(sql`
        select t.table_name from information_schema.tables t
        join pg_class c on c.relname = t.table_name and c.relnamespace = 'public'::regnamespace
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and not c.relispartition order by 1`)
    ).map((r) => r.table_name);
    const unclassified = tables.filter((table) => !(String(table) in ERASURE));
    expect(unclassified, 'tables that account deletion has not been decided for (docs/decisions/079)').toEqual([]);
    expect(Object.keys(ERASURE).filter((table) => !tables.includes(table)), 'classified tables that no longer exist').toEqual([]);
  });

  it('does to each member table what its classification says', async () => {
    const db = t.database.db;
    const { member, household: home } = await memberWithStatement(t, clock());
    const hid = home.id;
    const phone = '+14165550123';
    const token = `tok_${randomUUID()}`;
    const ids: Ids = { userId: member.userId, householdId: hid, email: member.email, anonymised: `deleted-${member.userId}@deleted.invalid`, phone, cardTokens: [token] };
    const at = clock().toISOString();

    await db.execute(sql`update households set name = 'Tremblay home', postal_code = 'M5V 2T6', latitude = 43.64, longitude = -79.39 where id = ${hid}::uuid`);
    const [room] = await rows(sql`insert into rooms (household_id, name, x, y, width, height) values (${hid}::uuid, 'Emma’s room', 0, 0, 100, 100) returning id`);
    const [plug] = await rows(sql`insert into devices (household_id, external_id, name, kind, room_id) values (${hid}::uuid, 'plug-erase-1', 'Emma’s heater', 'smart_plug', ${room!.id}::uuid) returning id`);
    const plugId = String(plug!.id);
    await store(db, hid, { devices: [{ device: 'plug-erase-1', ts: '2025-12-09T15:00:00Z', powerW: 800, counterKwh: 10 }, { device: 'plug-erase-1', ts: '2025-12-09T15:05:00Z', powerW: 800, counterKwh: 10.1 }] });
    await db.execute(sql`insert into household_live_power (household_id, ts, power_w) values (${hid}::uuid, ${at}::timestamptz, 900)`);
    const [meter] = await rows(sql`insert into devices (household_id, external_id, name, kind) values (${hid}::uuid, 'shellypro3em-erase', 'Main panel', 'power') returning id`);
    await db.execute(sql`insert into meter_counters (device_id, ts, import_kwh, export_kwh) values (${String(meter!.id)}::uuid, ${at}::timestamptz, 2345.5, 10)`);
    await db.execute(sql`insert into shelly_gen1_channels (device_id, channel, power_w, power_at) values (${String(meter!.id)}::uuid, 0, 812.5, ${at}::timestamptz)`);
    await db.execute(sql`insert into reading_corrections (series, household_id, ts, previous, corrected, corrected_at) values ('meter', ${hid}::uuid, ${at}::timestamptz, '{}'::jsonb, '{}'::jsonb, ${at}::timestamptz)`);
    // A compacted day of each series (decision 122), as the compaction job leaves them.
    await db.execute(sql`insert into meter_reading_days (household_id, day, n, v, received_at) values (${hid}::uuid, '2025-12-01', 1, '{0, 0.3, 0.3, 0}', ${at}::timestamptz)`);
    await db.execute(sql`
      insert into device_reading_days (device_id, day, household_id, n, v, relay_on, metrics, received_at)
      values (${plugId}::uuid, '2025-12-01', ${hid}::uuid, 1, '{800, 0.067, null}', '{true}', '[null]', ${at}::timestamptz)`);
    const [component] = await rows(sql`insert into maintenance_components (household_id, device_id, name, kind) values (${hid}::uuid, ${plugId}::uuid, 'Emma’s heater', 'smart_plug') returning id`);
    const componentId = String(component!.id);
    await db.execute(sql`insert into component_health (component_id, local_date, basis, health_pct) values (${componentId}::uuid, '2025-12-09', 1, 95)`);
    await db.execute(sql`insert into maintenance_scored_days (household_id, local_date, source_intervals) values (${hid}::uuid, '2025-12-09', 2)`);
    const [alert] = await rows(sql`
      insert into maintenance_alerts (household_id, component_id, type, cause, priority, metric_kind, metric_value, detected_at, updated_at)
      values (${hid}::uuid, ${componentId}::uuid, 'preventive', 'maintenance_due', 'low', 'days_until_due', 3, ${at}::timestamptz, ${at}::timestamptz) returning id`);
    await db.execute(sql`insert into maintenance_actions (household_id, component_id, alert_id, action, date, requested_by) values (${hid}::uuid, ${componentId}::uuid, ${alert!.id}::uuid, 'scheduled', '2025-12-20', ${member.userId})`);
    await db.execute(sql`insert into plug_switch_events (household_id, device_id, requested_by, requested_on, requested_at) values (${hid}::uuid, ${plugId}::uuid, ${member.userId}, false, ${at}::timestamptz)`);
    await db.execute(sql`insert into household_event_settings (household_id, opt_in_every_event, updated_at, updated_by) values (${hid}::uuid, true, ${at}::timestamptz, ${member.userId})`);
    await db.execute(sql`insert into event_plug_choices (device_id, household_id, chosen_at) values (${plugId}::uuid, ${hid}::uuid, ${at}::timestamptz)`);
    const [program] = await rows(sql`insert into event_programs (name, provinces) values (${`Erasure ${randomUUID()}`}, array['ON']) returning id`);
    const [event] = await rows(sql`
      insert into energy_events (program_id, starts_at, ends_at, reward_points, target_percent, created_by)
      values (${program!.id}::uuid, '2025-12-01T22:00:00Z', '2025-12-01T23:00:00Z', 100, 10, 'operator') returning id`);
    const eventId = String(event!.id);
    await db.execute(sql`insert into event_participations (event_id, household_id, opted_in, source) values (${eventId}::uuid, ${hid}::uuid, true, 'member')`);
    await db.execute(sql`insert into event_results (event_id, household_id, version, outcome, points, settled_at) values (${eventId}::uuid, ${hid}::uuid, 1, 'no_baseline', 0, ${at}::timestamptz)`);
    await db.execute(sql`insert into event_paid_intervals (household_id, interval_start, event_id, paid_at) values (${hid}::uuid, '2025-12-01T22:00:00Z', ${eventId}::uuid, ${at}::timestamptz)`);
    await db.execute(sql`
      insert into event_holdout_draws (event_id, program_id, seed, percent, season, eligible, drawable, held_out, drawn_at)
      values (${eventId}::uuid, ${program!.id}::uuid, ${'0'.repeat(32)}, 5, '2025-winter', 1, 1, 0, ${at}::timestamptz)`);
    await db.execute(sql`insert into event_assignments (event_id, household_id, held_out, drawable) values (${eventId}::uuid, ${hid}::uuid, false, true)`);
    await db.execute(sql`
      insert into event_baselines (event_id, household_id, method, status, days, event_starts_at, event_ends_at, frozen_at)
      select ${eventId}::uuid, ${hid}::uuid, 'test', 'insufficient_history', '{}', starts_at, ends_at, ${at}::timestamptz from energy_events where id = ${eventId}::uuid`);
    await db.execute(sql`insert into event_plug_actions (event_id, household_id, device_id, action, previous_on, at) values (${eventId}::uuid, ${hid}::uuid, ${plugId}::uuid, 'switched_off', true, ${at}::timestamptz)`);
    await db.execute(sql`insert into event_comfort_actions (event_id, household_id, device_id, action, reason, temperature_c, limit_c, at) values (${eventId}::uuid, ${hid}::uuid, ${plugId}::uuid, 'restored', 'crossed_limit', 18.5, 19, ${at}::timestamptz)`);
    await db.execute(sql`insert into device_temperatures (device_id, household_id, temperature_c, measured_at) values (${plugId}::uuid, ${hid}::uuid, 18.5, ${at}::timestamptz)`);
    await db.execute(sql`insert into room_comfort_limits (room_id, household_id, floor_c, ceiling_c, updated_at) values (${room!.id}::uuid, ${hid}::uuid, 20, 26, ${at}::timestamptz)`);
    await db.execute(sql`insert into comfort_loads (device_id, household_id, load, updated_at) values (${plugId}::uuid, ${hid}::uuid, 'heating', ${at}::timestamptz)`);
    const [notice] = await rows(sql`insert into event_notifications (event_id, user_id, household_id, channel, kind) values (${eventId}::uuid, ${member.userId}, ${hid}::uuid, 'sms', 'announced') returning id`);
    const [statement] = await rows(sql`select id from statements where household_id = ${hid}::uuid order by period_start limit 1`);
    const [reminder] = await rows(sql`insert into bill_reminders (statement_id, user_id, channel) values (${statement!.id}::uuid, ${member.userId}, 'sms') returning id`);
    await db.execute(sql`insert into billing_preferences (household_id, reminders_enabled, reminder_lead_days) values (${hid}::uuid, true, 5)`);

    // Keys, contacts and messages.
    await db.execute(sql`insert into two_factors (id, secret, backup_codes, user_id) values (${randomUUID()}, 'secret', 'codes', ${member.userId})`);
    await db.execute(sql`insert into verifications (id, identifier, value, expires_at) values (${randomUUID()}, 'reset-password:x', ${member.userId}, ${at}::timestamptz)`);
    const [archive] = await rows(sql`insert into privacy_exports (user_id, language) values (${member.userId}, 'en') returning id`);
    await db.execute(sql`insert into privacy_export_chunks (export_id, seq, data) values (${archive!.id}::uuid, 0, decode('00', 'hex'))`);
    await db.execute(sql`insert into api_tokens (user_id, label, token_hash, prefix, scopes) values (${member.userId}, 'HA', ${randomUUID()}, 'pwk_x', array['usage:read'])`);
    const [endpoint] = await rows(sql`insert into webhook_endpoints (user_id, url, events, secret) values (${member.userId}, 'https://hooks.example.com/x', array['bill.issued'], 's') returning id`);
    const [delivery] = await rows(sql`insert into webhook_deliveries (endpoint_id, type, event_key, payload, created_at) values (${endpoint!.id}::uuid, 'bill.issued', 'k', '{}'::jsonb, ${at}::timestamptz) returning id`);
    await db.execute(sql`insert into webhook_delivery_attempts (delivery_id, attempt, status_code, duration_ms, attempted_at) values (${delivery!.id}::uuid, 1, 500, 10, ${at}::timestamptz)`);
    await db.execute(sql`insert into ingest_credentials (household_id, token_hash, label) values (${hid}::uuid, ${randomUUID()}, 'Gateway')`);
    await db.execute(sql`insert into ingest_credentials (household_id, device_id, token_hash, label) values (${hid}::uuid, ${plugId}::uuid, ${randomUUID()}, 'device')`);
    await db.execute(sql`insert into notification_phones (user_id, phone, verified_at) values (${member.userId}, ${phone}, ${at}::timestamptz)`);
    await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${member.userId}, ${`https://push.example.com/${randomUUID()}`}, 'k', 'a')`);
    await db.execute(sql`insert into notification_preferences (user_id, channel, kind, enabled) values (${member.userId}, 'sms', 'events', true)`);
    await db.execute(sql`insert into sms_outbox ("to", body, purpose, idempotency_key) values (${phone}, 'Peak event tonight', 'event_notification', ${String(notice!.id)})`);
    await db.execute(sql`insert into sms_outbox ("to", body, purpose, idempotency_key) values ('+14165550999', 'Your code is 123456', 'phone_verification', ${`phone-code:${member.userId}:1`})`);
    await db.execute(sql`insert into sms_outbox ("to", body, purpose, idempotency_key) values (${phone}, 'Bill due', 'bill_reminder', ${String(reminder!.id)})`);

    // Cards and money.
    await db.execute(sql`insert into sandbox_card_tokens (token, brand, last4, exp_month, exp_year, behaviour) values (${token}, 'visa', '4242', 12, 2030, 'succeed')`);
    const [method] = await rows(sql`insert into payment_methods (household_id, processor, processor_token, brand, last4, exp_month, exp_year, is_default) values (${hid}::uuid, 'sandbox', ${token}, 'visa', '4242', 12, 2030, 1) returning id`);
    await db.execute(sql`insert into sandbox_charges (reference, idempotency_key, token, amount_cents) values (${`ch_${randomUUID()}`}, ${randomUUID()}, ${token}, 1500)`);
    await db.execute(sql`
      insert into payments (household_id, statement_id, payment_method_id, amount_cents, processor, processor_reference, status, idempotency_key, card_brand, card_last4, succeeded_at)
      values (${hid}::uuid, ${statement!.id}::uuid, ${method!.id}::uuid, 1500, 'sandbox', ${`ch_${randomUUID()}`}, 'succeeded', ${randomUUID()}, 'visa', '4242', ${at}::timestamptz)`);
    await db.execute(sql`insert into autopay_settings (household_id, enabled) values (${hid}::uuid, true)`);
    await fundMember(db, member.userId, 5_000);
    const [transfer] = await rows(sql`select t.id from points_transfers t join points_entries e on e.transfer_id = t.id join points_accounts a on a.id = e.account_id where a.household_id = ${hid}::uuid limit 1`);
    await db.execute(sql`insert into points_adjustments (household_id, transfer_id, points, reason, operator_id) values (${hid}::uuid, ${transfer!.id}::uuid, 10, 'Goodwill credit', 'operator')`);
    const cashOut = async () => {
      const res = await t.app.request('/api/cash-outs', { method: 'POST', headers: asMember(member), body: JSON.stringify({ points: 1_000, email: 'marie.payee@example.com', idempotencyKey: `k-${randomUUID()}` }) });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const sentId = await cashOut();
    await db.transaction((tx) => sendCashOut(tx, createPayoutSender({ logger: silent }), sentId, 1, clock()));
    await cashOut();
    const [item] = await rows(sql`insert into reward_items (kind, points_cost, stock, name_en, name_fr, name_es) values ('physical', 500, 5, 'Smart plug', 'Prise', 'Enchufe') returning id`);
    const order = await t.app.request('/api/rewards/orders', {
      method: 'POST',
      headers: asMember(member, { 'idempotency-key': `order-${randomUUID()}` }),
      body: JSON.stringify({ itemId: item!.id, quantity: 1, shippingAddress: { name: 'Marie Tremblay', line1: '290 Bremner Blvd', line2: 'Apt 4', city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' } }),
    });
    expect(order.status, await order.clone().text()).toBe(201);
    const [draw] = await rows(sql`
      insert into prize_draws (week, starts_at, ends_at, commitment, seed, prize_points, committed_at, status, entries, winner_entry, winner_household_id, drawn_at)
      values ('2025-12-01', '2025-12-01T05:00:00Z', '2025-12-08T05:00:00Z', encode(sha256(convert_to('seed', 'UTF8')), 'hex'), 'seed', 500, '2025-11-30T00:00:00Z', 'drawn', 1, 'e1', ${hid}::uuid, ${at}::timestamptz)
      returning id`);
    await db.execute(sql`insert into prize_draw_entries (draw_id, household_id, entry) values (${draw!.id}::uuid, ${hid}::uuid, 'e1')`);
    await t.accounts.mailer.settle();

    const memberTables = Object.entries(ERASURE).filter((e): e is [string, Exclude<Entry, { effect: 'no member data' }>] => e[1].effect !== 'no member data');
    const before = new Map<string, Row[]>();
    for (const [table, entry] of memberTables) before.set(table, await rows(entry.rows(ids)));
    expect(memberTables.filter(([table]) => before.get(table)!.length === 0).map(([table]) => table).sort(), 'member tables this test gives no rows').toEqual(NOT_SEEDED);

    const res = await t.app.request('/api/account', { method: 'DELETE', headers: asMember(member), body: JSON.stringify({ confirmation: 'DELETE' }) });
    expect(res.status).toBe(204);
    await t.accounts.mailer.settle();
    // The saved card is detached at the processor once the deletion has committed.
    const worker = startDurableWorker({ db, handlers: cardDetachJobHandlers({ processor: createSandboxProcessor({ webhookSecret: 'x' }) }), logger: silent, clock });
    await worker.runDue();
    await worker.stop();

    for (const [table, entry] of memberTables) {
      const after = await rows(entry.rows(ids));
      const was = before.get(table)!;
      if (entry.effect === 'changed') expect(after, `${table}: changed`).toEqual(entry.expected(was, ids));
      else if (entry.effect === 'deleted') expect(after, `${table}: deleted`).toEqual([]);
      else expect(after, `${table}: kept as it was`).toEqual(was);
    }
    // The cash-out that was not sent returned its points.
    expect((await rows(sql`select failure_reason from cash_outs where household_id = ${hid}::uuid and status = 'failed'`)).map((r) => r.failure_reason)).toEqual([
      'The member deleted their account before the e-Transfer was sent.',
    ]);
  });
});
