import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/*
 * What account deletion does to the member's keys and to the identifying data outside the user
 * row and profile (decision 079). Each runs in the deletion's transaction.
 */

/**
 * Every credential and endpoint the member had stops working: personal API tokens, webhook
 * endpoints (their queued deliveries and delivery log go with them) and every ingest credential of
 * the household, household-wide and per device (the embedded broker's MQTT logins are these).
 */
export async function deleteMemberKeys(tx: DbOrTx, userId: string, householdId: string | null): Promise<void> {
  await tx.execute(sql`delete from api_tokens where user_id = ${userId}`);
  await tx.execute(sql`delete from webhook_endpoints where user_id = ${userId}`);
  if (householdId !== null) await tx.execute(sql`delete from ingest_credentials where household_id = ${householdId}::uuid`);
}

/**
 * SMS the server recorded for the member: to their current number, their phone-verification codes,
 * and their event notifications and bill reminders (keyed by those rows' ids), whatever number they
 * went to. Runs before the number itself is forgotten.
 */
export async function deleteMemberSms(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`
    delete from sms_outbox
    where "to" in (select phone from notification_phones where user_id = ${userId})
       or idempotency_key like ${`phone-code:${userId}:%`}
       or idempotency_key in (select id::text from event_notifications where user_id = ${userId})
       or idempotency_key in (select id::text from bill_reminders where user_id = ${userId})`);
  await tx.execute(sql`delete from notification_preferences where user_id = ${userId}`);
}

/**
 * The home keeps its readings and bills but nothing that locates or names it: the household's
 * name is cleared, the postal code cut to its forward sortation area (the area events are offered
 * in, shared by thousands of homes), the coordinates dropped; rooms lose their names and devices
 * and maintained equipment are called by their kind. Standing choices that would act for the
 * member end: no more "every event" opt-in, no plugs switched by events.
 */
export async function pseudonymiseHousehold(tx: DbOrTx, householdId: string): Promise<void> {
  await tx.execute(sql`
    update households set name = '', postal_code = left(postal_code, 3), latitude = null, longitude = null
    where id = ${householdId}::uuid`);
  await tx.execute(sql`update rooms set name = '' where household_id = ${householdId}::uuid`);
  await tx.execute(sql`update devices set name = kind where household_id = ${householdId}::uuid`);
  await tx.execute(sql`update maintenance_components set name = kind where household_id = ${householdId}::uuid`);
  await tx.execute(sql`update household_event_settings set opt_in_every_event = false, notify_program_start = false where household_id = ${householdId}::uuid`);
  await tx.execute(sql`delete from event_plug_choices where household_id = ${householdId}::uuid`);
  await tx.execute(sql`delete from comfort_loads where household_id = ${householdId}::uuid`);
}

/**
 * Reward orders keep what was ordered and the points it cost (the ledger's record), but not who
 * it went to: the name, street and city are cleared and the postal code cut to its area. An order
 * not yet shipped cannot be shipped any more.
 */
export async function pseudonymiseRewardOrders(tx: DbOrTx, userId: string, householdId: string | null): Promise<void> {
  await tx.execute(sql`
    update reward_orders set ship_name = '', ship_line1 = '', ship_line2 = null, ship_city = '', ship_postal_code = left(ship_postal_code, 3)
    where kind = 'physical' and (user_id = ${userId} ${householdId === null ? sql`` : sql`or household_id = ${householdId}::uuid`})`);
}
