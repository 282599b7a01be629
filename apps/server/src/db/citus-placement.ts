/**
 * Where each table would live in a Citus cluster (decision 115). The placement test reads the
 * live schema and fails for a table missing here, so a new table is placed when it is created,
 * not when the move to Citus is planned.
 *
 * - `household`: distributed by `column`, co-located with `households` (distributed by its id).
 *   When `column` is not the household id itself, `leadsTo` names the `table.column` it is
 *   resolved through: those tables need a `household_id` of their own before the move.
 *   `pending` says what still stops the table being distributed as placed (the test checks it
 *   still does, so the note goes when the gap is closed).
 * - `reference`: operator data, small, read beside every household; copied whole to every node.
 * - `local`: kept on the coordinator only; `why` says what stops it being distributed, and
 *   `householdId`, for a table that carries a household id all the same, what that id is for.
 */
export type Placement =
  | { kind: 'household'; column: string; leadsTo?: string; pending?: string }
  | { kind: 'reference'; why: string }
  | { kind: 'local'; why: string; householdId?: string };

const byHousehold = { kind: 'household', column: 'household_id' } as const;
const byDevice = { kind: 'household', column: 'device_id', leadsTo: 'devices.household_id' } as const;
const byStatement = { kind: 'household', column: 'statement_id', leadsTo: 'statements.household_id' } as const;

const PEOPLE = 'a person, not a home: read by user id, session token or email at sign-in, never per household on the ingest path';
const OPERATOR = 'written by operators, read beside every household';
const OUTBOX = 'a queue drained by whichever worker claims it first, across every household';

export const TABLE_PLACEMENT: Readonly<Record<string, Placement>> = {
  // The household itself and what only it owns.
  households: { kind: 'household', column: 'id' },
  autopay_settings: byHousehold,
  billing_preferences: byHousehold,
  cash_outs: byHousehold,
  comfort_loads: byHousehold,
  device_temperatures: byHousehold,
  devices: byHousehold,
  event_assignments: byHousehold,
  event_baselines: byHousehold,
  event_comfort_actions: byHousehold,
  event_notifications: byHousehold,
  event_paid_intervals: byHousehold,
  event_participations: byHousehold,
  event_plug_actions: byHousehold,
  event_plug_choices: byHousehold,
  event_results: byHousehold,
  household_event_settings: byHousehold,
  household_live_power: byHousehold,
  household_tariffs: byHousehold,
  ingest_credentials: byHousehold,
  maintenance_actions: byHousehold,
  maintenance_alerts: byHousehold,
  maintenance_components: byHousehold,
  maintenance_scored_days: byHousehold,
  meter_daily: byHousehold,
  meter_hourly: byHousehold,
  meter_readings: byHousehold,
  meter_reading_days: byHousehold,
  device_reading_days: byHousehold,
  payment_methods: byHousehold,
  payments: byHousehold,
  plug_switch_events: byHousehold,
  points_adjustments: byHousehold,
  prize_draw_entries: byHousehold,
  reading_corrections: { ...byHousehold, pending: 'a device reading’s correction records its device only, so household_id is null there' },
  reward_orders: byHousehold,
  room_comfort_limits: byHousehold,
  rooms: byHousehold,
  statements: byHousehold,

  // Household-owned, but reached through a parent row: a household_id column is still to add.
  device_counters: byDevice,
  device_daily: byDevice,
  device_hourly: byDevice,
  device_readings: byDevice,
  meter_counters: byDevice,
  shelly_gen1_channels: byDevice,
  component_health: { kind: 'household', column: 'component_id', leadsTo: 'maintenance_components.household_id' },
  statement_lines: byStatement,
  statement_payments: byStatement,
  bill_reminders: byStatement,
  points_accounts: { ...byHousehold, pending: 'Peakwise’s own accounts (issuance, redemptions, cash-out) belong to no household' },
  points_entries: {
    kind: 'household',
    column: 'account_id',
    leadsTo: 'points_accounts.household_id',
    pending: 'entries of Peakwise’s own accounts lead to no household',
  },

  // Whole on every node.
  app_secrets: { kind: 'reference', why: 'a handful of server-wide keys read by every request' },
  energy_events: { kind: 'reference', why: OPERATOR },
  event_holdout_draws: { kind: 'reference', why: 'one row per event, joined to each household’s assignment' },
  event_totals: { kind: 'reference', why: 'one row per event, its figures as its settlement left them (decision 146), read by the operator’s list' },
  event_programs: { kind: 'reference', why: OPERATOR },
  geocoder_cache: { kind: 'reference', why: 'postal codes, shared by every household' },
  openadr_events: { kind: 'reference', why: 'the utility’s events, mapped to Peakwise events for every household' },
  openadr_program_maps: { kind: 'reference', why: OPERATOR },
  openadr_reports: { kind: 'reference', why: 'one report per event, a sum over every household' },
  openadr_resources: { kind: 'reference', why: OPERATOR },
  openadr_subscriptions: { kind: 'reference', why: OPERATOR },
  openadr_vtns: { kind: 'reference', why: OPERATOR },
  prize_draws: { kind: 'reference', why: 'one draw a week across every household' },
  reward_codes: { kind: 'reference', why: 'the catalogue’s stock of codes; claimed rarely, read beside orders' },
  reward_item_images: { kind: 'reference', why: 'the catalogue' },
  reward_items: { kind: 'reference', why: 'the catalogue' },

  // Coordinator only.
  accounts: { kind: 'local', why: PEOPLE },
  api_tokens: { kind: 'local', why: PEOPLE },
  consents: { kind: 'local', why: PEOPLE },
  notification_phones: { kind: 'local', why: PEOPLE },
  notification_preferences: { kind: 'local', why: PEOPLE },
  privacy_export_chunks: { kind: 'local', why: PEOPLE },
  privacy_exports: { kind: 'local', why: PEOPLE },
  profiles: { kind: 'local', why: PEOPLE },
  push_subscriptions: { kind: 'local', why: PEOPLE },
  sessions: { kind: 'local', why: PEOPLE },
  two_factors: { kind: 'local', why: PEOPLE },
  users: { kind: 'local', why: PEOPLE },
  verifications: { kind: 'local', why: PEOPLE },
  webhook_endpoints: { kind: 'local', why: PEOPLE },
  webhook_deliveries: { kind: 'local', why: OUTBOX },
  webhook_delivery_attempts: { kind: 'local', why: OUTBOX },
  durable_jobs: { kind: 'local', why: 'claimed in run_at order with FOR UPDATE SKIP LOCKED across every job, which needs one table in one place' },
  email_outbox: { kind: 'local', why: OUTBOX },
  sms_outbox: { kind: 'local', why: OUTBOX },
  payout_outbox: { kind: 'local', why: OUTBOX },
  nats_login_revocations: { kind: 'local', why: 'one list for the whole NATS account, read whole by the job that pushes its JWT (decision 132)' },
  rate_limits: { kind: 'local', why: 'counters keyed by client address, not by household' },
  write_positions: { kind: 'local', why: 'a replica’s read-your-writes positions (decision 129), read with every screen read on the coordinator' },
  sandbox_card_tokens: { kind: 'local', why: 'the payment sandbox stands in for an outside processor' },
  sandbox_charges: { kind: 'local', why: 'the payment sandbox stands in for an outside processor' },
  points_transfers: {
    kind: 'local',
    why: 'a transfer moves points between a household and Peakwise’s own accounts, and its idempotency key is unique across all of them',
    householdId: 'the household an event payment is for, so settlement finds a batch’s payments by their event and household (decision 149); null on every other transfer',
  },
};
