import { sql } from 'drizzle-orm';
import { REMINDER_LEAD_DAYS, type BillingPreferences, type UpdateBillingPreferences } from '@peakwise/contracts/billing-preferences.contract';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/* A household's billing choices (decision 049): no row means the defaults. */

export async function findBillingPreferences(db: DbOrTx, householdId: string): Promise<BillingPreferences> {
  const [row] = rowsOf<BillingPreferences>(
    await db.execute(sql`
      select reminders_enabled as "remindersEnabled", reminder_lead_days as "reminderLeadDays"
      from billing_preferences where household_id = ${householdId}::uuid`),
  );
  return row ?? { remindersEnabled: true, reminderLeadDays: REMINDER_LEAD_DAYS.default };
}

/** Writes only what changes; what is not given keeps its stored value (or default). */
export async function saveBillingPreferences(tx: DbOrTx, householdId: string, change: UpdateBillingPreferences, now: Date): Promise<BillingPreferences> {
  const [row] = rowsOf<BillingPreferences>(
    await tx.execute(sql`
      insert into billing_preferences (household_id, reminders_enabled, reminder_lead_days, updated_at)
      values (${householdId}::uuid, coalesce(${change.remindersEnabled ?? null}::boolean, true),
        coalesce(${change.reminderLeadDays ?? null}::int, ${REMINDER_LEAD_DAYS.default}), ${now.toISOString()}::timestamptz)
      on conflict (household_id) do update set
        reminders_enabled = coalesce(${change.remindersEnabled ?? null}::boolean, billing_preferences.reminders_enabled),
        reminder_lead_days = coalesce(${change.reminderLeadDays ?? null}::int, billing_preferences.reminder_lead_days),
        updated_at = excluded.updated_at
      returning reminders_enabled as "remindersEnabled", reminder_lead_days as "reminderLeadDays"`),
  );
  return row!;
}
