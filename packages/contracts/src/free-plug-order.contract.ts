import { z } from 'zod';
import { shippingAddressSchema } from './rewards.contract';

// Apart from first-steps.contract.ts: the Dashboard's first load reads the first steps, and the
// address rules would otherwise join its scripts (decision 058's budget, decision 090).

/** POST /api/dashboard/first-steps/free-plug, with the client's key in the Idempotency-Key header. */
export const orderFreePlugSchema = z.object({ shippingAddress: shippingAddressSchema });
export type OrderFreePlug = z.input<typeof orderFreePlugSchema>;

/** Refusals of a free-plug order or skip, fixed sentences the web says in the member's language. */
export const FREE_PLUG_MESSAGES = {
  alreadyOrdered: 'Your household has already ordered its free smart plug.',
  notServed: 'The free smart plug ships only to the provinces Peakwise serves.',
  unavailable: 'Free smart plugs are not available right now.',
  keyReused: 'This Idempotency-Key was already used for another order.',
} as const;
