import type { TFunction } from 'i18next';
import { formatClock } from '@/lib/format';

type Window = { weekdays: number[]; start: string; end: string };

/** "Mon–Fri" for a run of days, else each day: how a window's weekdays read. */
export function weekdaysText(t: TFunction<'programs'>, weekdays: readonly number[]): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  const name = (d: number) => t(`weekdays.${String(d) as '1'}`);
  const contiguous = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  return contiguous ? `${name(days[0]!)}–${name(days.at(-1)!)}` : days.map(name).join(', ');
}

/** "Mon–Fri, 4:00 p.m.–8:00 p.m.": a window's days and hours as the reader's language writes them. */
export function windowText(t: TFunction<'programs'>, w: Window, locale: string): string {
  return t('member.window', { days: weekdaysText(t, w.weekdays), start: formatClock(w.start, locale), end: formatClock(w.end, locale) });
}
