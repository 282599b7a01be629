const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `then` was, in the reader's language ("5 minutes ago", "il y a 2 heures"), never in the future. */
export function relativeAge(then: number, now: number, language: string): string {
  const ms = Math.max(0, now - then);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (ms >= size) return format.format(-Math.floor(ms / size), unit);
  }
  // At least a second, so no language says "now" about data that is not live.
  return format.format(-Math.max(1, Math.floor(ms / 1000)), 'second');
}
