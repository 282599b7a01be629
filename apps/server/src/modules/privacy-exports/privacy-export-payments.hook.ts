import type { Language } from '@peakwise/contracts/account.contract';
import type { DbOrTx } from '../../db/client';

/**
 * Where bill payments join the privacy export once a payments table exists (decision 052). The
 * payments module sets `PAYMENTS_EXPORT` to a reader of the member's payments (amount, date,
 * method as a brand and last four digits at most: never a card number, CVC or processor token)
 * and the builder adds `payments.json` with this README line. Null: no payments are kept yet.
 */
export type PaymentsExport = {
  readme: Record<Language, string>;
  rows(db: DbOrTx, householdId: string): Promise<unknown[]>;
};

export const PAYMENTS_EXPORT: PaymentsExport | null = null;
