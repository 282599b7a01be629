import { REWARD_MESSAGES } from '@peakwise/contracts/rewards.contract';
import type { TFunction } from 'i18next';
import { RedeemError } from './api/use-redeem';

type MessageKey = keyof typeof REWARD_MESSAGES;
const KNOWN = Object.entries(REWARD_MESSAGES) as [MessageKey, string][];
const MEMBER_KEYS = new Set<string>([
  'notFound', 'withdrawn', 'outOfStock', 'insufficientPoints', 'keyInvalid', 'keyReused', 'quantity', 'oneCodeAtATime',
  'addressRequired', 'addressNotNeeded', 'addressName', 'addressLine1', 'addressCity', 'addressTooLong', 'province', 'postalCode', 'postalProvince',
]);

/** A server sentence in the member's language when it is one of the marketplace's fixed refusals. */
function translate(t: TFunction<'rewards'>, sentence: string): string {
  const key = KNOWN.find(([k, known]) => known === sentence && MEMBER_KEYS.has(k))?.[0];
  return key ? t(`serverErrors.${key}` as 'serverErrors.notFound') : sentence;
}

/** Each distinct reason a redemption was refused, in words for the member. */
export function redeemRefusals(t: TFunction<'rewards'>, error: unknown): string[] {
  if (!(error instanceof RedeemError)) return [t('redeem.generic')];
  if (error.status === 0) return [t('redeem.network')];
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
