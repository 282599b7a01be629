import type { SelectOption } from '@/components/ui/select-field';

/** Month names in the reader's language, values 1–12 (birth month, docs/product/domain-rules.md#sign-up-data). */
export function monthOptions(language: string): SelectOption[] {
  const format = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => {
    const name = format.format(new Date(Date.UTC(2000, index, 1)));
    return { value: String(index + 1), label: name.charAt(0).toLocaleUpperCase(language) + name.slice(1) };
  });
}
