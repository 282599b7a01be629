import { DEMO_ACCOUNT_SHARED, DEMO_EMAIL, SHARED_DEMO_EMAILS } from '@peakwise/contracts/demo-account';
import { AppError } from '../../lib/errors';

/** Whether this account is one every visitor signs in to (decision 082). */
export const isSharedDemo = (user: { email: string }) => SHARED_DEMO_EMAILS.has(user.email);

/**
 * Refuses a write of personal details on a shared demo account: whatever one visitor enters there,
 * the next one reads (decision 082).
 */
export function refuseOnSharedDemo(user: { email: string }): void {
  if (isSharedDemo(user)) throw new AppError(403, DEMO_ACCOUNT_SHARED.code, DEMO_ACCOUNT_SHARED.message);
}

/** The demo's cash-outs may only name the demo's own (published) address, never a visitor's. */
export function refuseVisitorPayoutAddress(user: { email: string }, payoutEmail: string): void {
  if (isSharedDemo(user) && payoutEmail.trim().toLowerCase() !== DEMO_EMAIL) refuseOnSharedDemo(user);
}
