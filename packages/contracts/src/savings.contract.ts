import { z } from 'zod';

/**
 * The savings card for one statement's period (decision 049). Money in integer cents; the
 * definitions of each part are shown with it on the Billing screen.
 */
export const savingsSchema = z.object({
  statementId: z.uuid(),
  periodStart: z.iso.date(),
  periodEnd: z.iso.date(),
  solar: z.object({
    /** Production the home used itself (production less export, per hour). */
    selfConsumedKwh: z.number(),
    /** That energy priced under the member's plan, hour by hour or day by day. */
    selfConsumedCents: z.number().int(),
    /** The statement's net-metering credits. */
    exportCreditCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  events: z.object({
    /** Points paid for Energy Saving Events in the period (rewards and their corrections). */
    points: z.number().int(),
    /** At 100 points = $1. */
    cents: z.number().int(),
  }),
  totalCents: z.number().int(),
});
export type SavingsView = z.infer<typeof savingsSchema>;
