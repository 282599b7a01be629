import { formatNumber } from '@/lib/format';

/** MTBF arrives in hours and is shown in days (hours ÷ 24, docs/product/domain-rules.md#maintenance); short spans keep a decimal. */
export function mtbfDays(hours: number): { days: number; digits: number } {
  const days = hours / 24;
  return { days, digits: days < 10 ? 1 : 0 };
}

export const formatDays = (hours: number, locale: string) => {
  const { days, digits } = mtbfDays(hours);
  return { count: Number(days.toFixed(digits)), value: formatNumber(days, locale, digits) };
};

/** Hours with one decimal, or whole when they are whole ("2 h", "2.5 h"). */
export const formatHoursValue = (hours: number, locale: string) => formatNumber(hours, locale, Number.isInteger(hours) ? 0 : 1);
