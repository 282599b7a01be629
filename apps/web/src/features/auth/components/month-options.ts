import type { TFunction } from 'i18next';
import type { SelectOption } from '@/components/ui/select-field';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;

/**
 * Month names in the reader's language, values 1–12 (birth month, docs/product/domain-rules.md#sign-up-data).
 * From the strings, not `Intl.DateTimeFormat`: the sign-up dialog is drawn hidden in idle time on
 * a public page (decision 106), and the browser's first month-name format there loaded its date
 * data in one task of 15–20 ms, 60–80 ms on a 4×-slowed CPU (decision 118).
 */
export function monthOptions(t: TFunction<'auth'>): SelectOption[] {
  return MONTHS.map((month, index) => ({ value: String(index + 1), label: t(`signup.months.${month}`) }));
}
