export type BreakdownItem<C extends string = string> = { category: C; kwh: number };
export type BreakdownShare<C extends string = string> = BreakdownItem<C> & { percent: number };

/**
 * Each category's share of the total, rounded to `decimals` with the largest-remainder method so
 * the shown percentages add up to exactly 100 (plain rounding can give 99.9 or 100.1). Categories
 * with no use are dropped; the biggest come first and "untracked" always last.
 */
export function breakdownShares<C extends string>(items: readonly BreakdownItem<C>[], decimals = 1): { total: number; shares: BreakdownShare<C>[] } {
  const used = items.filter((item) => Number.isFinite(item.kwh) && item.kwh > 0);
  const total = used.reduce((sum, item) => sum + item.kwh, 0);
  if (total <= 0) return { total: 0, shares: [] };
  const unit = 10 ** decimals;
  const raw = used.map((item) => (item.kwh / total) * 100 * unit);
  const floors = raw.map(Math.floor);
  let left = 100 * unit - floors.reduce((a, b) => a + b, 0);
  const order = raw.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  const shares = used.map((item, i) => ({ ...item, percent: floors[i]! / unit }));
  shares.sort((a, b) => Number(a.category === 'untracked') - Number(b.category === 'untracked') || b.kwh - a.kwh);
  return { total, shares };
}
