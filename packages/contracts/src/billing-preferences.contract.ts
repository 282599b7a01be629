import { z } from 'zod';

/**
 * A household's bill reminder choice (decision 049): on or off, and how many days before the due
 * date. The channels are the member's notification preferences for "bill reminders".
 */

export const REMINDER_LEAD_DAYS = { min: 1, max: 14, default: 3 } as const;

export const BILLING_PREFERENCES_MESSAGES = {
  leadDays: `Choose between ${REMINDER_LEAD_DAYS.min} and ${REMINDER_LEAD_DAYS.max} days before the due date.`,
  nothingToChange: 'Say what to change.',
} as const;

export const billingPreferencesSchema = z.object({
  remindersEnabled: z.boolean(),
  reminderLeadDays: z.number().int(),
});
export type BillingPreferences = z.infer<typeof billingPreferencesSchema>;

/** PUT /api/billing/preferences: only what changes. */
export const updateBillingPreferencesSchema = z
  .object({
    remindersEnabled: z.boolean().optional(),
    reminderLeadDays: z
      .number({ error: BILLING_PREFERENCES_MESSAGES.leadDays })
      .int({ error: BILLING_PREFERENCES_MESSAGES.leadDays })
      .min(REMINDER_LEAD_DAYS.min, { error: BILLING_PREFERENCES_MESSAGES.leadDays })
      .max(REMINDER_LEAD_DAYS.max, { error: BILLING_PREFERENCES_MESSAGES.leadDays })
      .optional(),
  })
  .strict()
  .refine((v) => v.remindersEnabled !== undefined || v.reminderLeadDays !== undefined, { error: BILLING_PREFERENCES_MESSAGES.nothingToChange });
export type UpdateBillingPreferences = z.infer<typeof updateBillingPreferencesSchema>;
