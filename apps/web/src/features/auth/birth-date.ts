export const MIN_BIRTH_YEAR = 1900;

/** The birth date is assembled as year-month-day, zero-padded (1984, 3, 7 → "1984-03-07"; docs/product/domain-rules.md#sign-up-data). */
export function assembleBirthDate(year: number, month: number, day: number): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** False for dates that do not exist, such as 31 April or 29 February 2023. */
export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
