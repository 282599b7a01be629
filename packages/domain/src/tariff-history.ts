import type { LocalDate } from './local-time';
import type { ProvinceCode } from './postal-code';
import { planForProvince } from './tariff-plans';

/** One row of a household's tariff history: the plan in force from a local date on. */
export type TariffRow = { planId: string; effectiveFrom: string };

/**
 * The plan id in force on a local date: the latest row starting on or before it. Days before the
 * first row (readings older than the household, e.g. a meter's history) get the plan the
 * household started on; a household without any row gets its province's default plan. The
 * rows may come in any order (a JSON aggregate does not promise one).
 */
export function planIdOn(history: readonly TariffRow[], province: string, date: LocalDate): string | null {
  let first: TariffRow | undefined;
  let current: TariffRow | undefined;
  for (const row of history) {
    if (!first || row.effectiveFrom < first.effectiveFrom) first = row;
    if (row.effectiveFrom <= date && (!current || row.effectiveFrom > current.effectiveFrom)) current = row;
  }
  return (current ?? first)?.planId ?? planForProvince(province as ProvinceCode)?.id ?? null;
}
