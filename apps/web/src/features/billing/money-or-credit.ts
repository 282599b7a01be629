import { amountDueWording } from '@peakwise/domain/billing-status';
import type { TFunction } from 'i18next';
import { formatCad } from '@/lib/format';

/** An amount owed as money ("$39.27"), and one below zero as a credit ("Credit $39.27"), never "−$39.27" (decision 084). */
export function moneyOrCredit(cents: number, t: TFunction<'billing'>, locale: string): string {
  const wording = amountDueWording(cents);
  const amount = formatCad(wording.cents, locale);
  return wording.kind === 'credit' ? t('statement.creditAmount', { amount }) : amount;
}
