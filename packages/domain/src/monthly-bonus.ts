import { formatLocalDate, parseLocalDate, startOfLocalDate } from './local-time';
import { REWARDS_TIME_ZONE } from './payout-rules';

/**
 * The monthly bonus (docs/decisions/042-prize-draws-and-monthly-bonus.md): a household earns it
 * for a month in which its area had at least one event and it took part (opted in, and a
 * measured result) in every one of them. Cancelled events do not count either way.
 */
export function earnsMonthlyBonus(areaEventIds: readonly string[], tookPartIn: ReadonlySet<string>): boolean {
  return areaEventIds.length > 0 && areaEventIds.every((id) => tookPartIn.has(id));
}

/** "2026-03": a bonus month on Toronto's clock, its first instant and the next month's. */
export function bonusMonth(month: string): { month: string; startsAt: Date; endsAt: Date } {
  const { year, month: m } = parseLocalDate(`${month}-01`);
  const next = m === 12 ? formatLocalDate(year + 1, 1, 1) : formatLocalDate(year, m + 1, 1);
  return { month, startsAt: startOfLocalDate(`${month}-01`, REWARDS_TIME_ZONE), endsAt: startOfLocalDate(next, REWARDS_TIME_ZONE) };
}

export const nextBonusMonth = (month: string): string => {
  const { year, month: m } = parseLocalDate(`${month}-01`);
  return (m === 12 ? formatLocalDate(year + 1, 1, 1) : formatLocalDate(year, m + 1, 1)).slice(0, 7);
};
