import { REWARD_MESSAGES } from '@peakwise/contracts/rewards.contract';
import type { TFunction } from 'i18next';
import { RedeemError } from './api/use-redeem';

type MessageKey = keyof typeof REWARD_MESSAGES;
const KNOWN = Object.entries(REWARD_MESSAGES) as [MessageKey, string][];
/**
 * A server sentence in the reader's language when it is one of the marketplace's fixed refusals;
 * a sentence followed by what it is about ("… (AB 12)") keeps that part as it is.
 */
function translate(t: TFunction<'rewards'>, sentence: string): string {
  for (const [key, known] of KNOWN) {
    if (sentence === known) return t(`serverErrors.${key}`);
    if (sentence.startsWith(`${known} (`)) return `${t(`serverErrors.${key}`)}${sentence.slice(known.length)}`;
  }
  return sentence;
}

/** Each distinct reason a redemption was refused, in words for the member. */
export function redeemRefusals(t: TFunction<'rewards'>, error: unknown): string[] {
  if (!(error instanceof RedeemError)) return [t('redeem.generic')];
  if (error.status === 0) return [t('redeem.network')];
  if (error.duplicates.length > 0) return [t('serverErrors.codesDuplicate'), t('console.catalogue.duplicates', { codes: error.duplicates.join(', ') })];
  const sentences = error.details.length > 0 ? error.details.map((d) => d.message) : error.serverMessage ? [error.serverMessage] : [];
  if (sentences.length === 0) return [t('redeem.generic')];
  return [...new Set(sentences.map((s) => translate(t, s)))];
}

/** The address field a refusal is about ("shippingAddress.postalCode" → "postalCode"), to mark it. */
export function addressFieldErrors(t: TFunction<'rewards'>, error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof RedeemError)) return {};
  const fields: Partial<Record<string, string>> = {};
  for (const d of error.details) if (d.path.startsWith('shippingAddress.')) fields[d.path.slice('shippingAddress.'.length)] ??= translate(t, d.message);
  return fields;
}
