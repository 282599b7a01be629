/**
 * Solar System Monitor numbers (docs/product/domain-rules.md#solar), from period totals.
 * Every function returns `null` instead of a number it cannot honestly give — a zero or missing
 * denominator, missing data — and the UI shows "—". Never Infinity or NaN (the product Peakwise
 * started from divided with no guard; Peakwise does not).
 */

/** Period totals in kWh; `null`/`undefined` means the data is missing, which is not zero. */
export type SolarTotals = {
  productionKwh: number | null | undefined;
  consumptionKwh: number | null | undefined;
  gridImportKwh: number | null | undefined;
  gridExportKwh: number | null | undefined;
};

type Maybe = number | null | undefined;

const known = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * Physical ratios can drift outside 0–100 % over short windows: meters read a few seconds apart,
 * or a home battery charging from the grid makes import exceed consumption. Neither is a real
 * efficiency above 100 % or a negative independence, and both feed progress bars, so they are
 * clamped. Percent changes are not clamped: +250 % is a real change.
 */
function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/** Grid exchange, labelled "net export": export − import (negative when the home imports more). */
export function netExportKwh(totals: Pick<SolarTotals, 'gridImportKwh' | 'gridExportKwh'>): number | null {
  const { gridExportKwh, gridImportKwh } = totals;
  if (!known(gridExportKwh) || !known(gridImportKwh)) return null;
  return finiteOrNull(gridExportKwh - gridImportKwh);
}

/** System health: mean panel efficiency in percent; `null` with no panels reporting. */
export function systemHealthPercent(panelEfficienciesPercent: readonly Maybe[]): number | null {
  // A panel with no reading is left out rather than counted as 0 % efficient.
  const values = panelEfficienciesPercent.filter(known);
  if (values.length === 0) return null;
  // Mean as a running average: summing first can overflow to Infinity for huge inputs.
  let mean = 0;
  values.forEach((value, i) => {
    mean += (value - mean) / (i + 1);
  });
  return finiteOrNull(mean);
}

/** System efficiency: production ÷ (consumption + export) × 100, clamped to 0–100. */
export function systemEfficiencyPercent(totals: SolarTotals): number | null {
  const { productionKwh, consumptionKwh, gridExportKwh } = totals;
  if (!known(productionKwh) || !known(consumptionKwh) || !known(gridExportKwh)) return null;
  const denominator = consumptionKwh + gridExportKwh;
  if (!(denominator > 0) || !Number.isFinite(denominator)) return null;
  const ratio = finiteOrNull((productionKwh / denominator) * 100);
  return ratio === null ? null : clampPercent(ratio);
}

/** Grid independence: (1 − import ÷ consumption) × 100, clamped to 0–100. */
export function gridIndependencePercent(totals: Pick<SolarTotals, 'consumptionKwh' | 'gridImportKwh'>): number | null {
  const { consumptionKwh, gridImportKwh } = totals;
  if (!known(consumptionKwh) || !known(gridImportKwh)) return null;
  if (!(consumptionKwh > 0)) return null;
  const ratio = finiteOrNull((1 - gridImportKwh / consumptionKwh) * 100);
  return ratio === null ? null : clampPercent(ratio);
}

/**
 * Percent change versus the previous equal period: (current − previous) ÷ previous × 100.
 * Divides by |previous| so the sign always says "went up" or "went down", also for a quantity
 * that can be negative (net export going from −10 to −5 kWh is +50 %, an improvement).
 * For the non-negative totals on the cards this is exactly the usual (current − previous) ÷ previous.
 */
export function percentChange(current: Maybe, previous: Maybe): number | null {
  if (!known(current) || !known(previous) || previous === 0) return null;
  return finiteOrNull(((current - previous) / Math.abs(previous)) * 100);
}

export type SolarSummary = {
  productionKwh: number | null;
  consumptionKwh: number | null;
  productionChangePercent: number | null;
  consumptionChangePercent: number | null;
  netExportKwh: number | null;
  systemHealthPercent: number | null;
  systemEfficiencyPercent: number | null;
  gridIndependencePercent: number | null;
};

/**
 * Everything the Solar System Monitor cards and progress bars show for one period. A home without
 * solar (`hasSolar` false) has no production to report: its meter's zero production and its
 * import would read as "0 % efficient" and a negative net export, neither of which says anything
 * about panels it does not have, so only consumption is given (decision 087).
 */
export function solarSummary(
  current: SolarTotals,
  previous: SolarTotals | null,
  panelEfficienciesPercent: readonly Maybe[],
  hasSolar = true,
): SolarSummary {
  const consumption = {
    consumptionKwh: known(current.consumptionKwh) ? current.consumptionKwh : null,
    consumptionChangePercent: percentChange(current.consumptionKwh, previous?.consumptionKwh),
  };
  if (!hasSolar) {
    return {
      ...consumption,
      productionKwh: null,
      productionChangePercent: null,
      netExportKwh: null,
      systemHealthPercent: null,
      systemEfficiencyPercent: null,
      gridIndependencePercent: null,
    };
  }
  return {
    ...consumption,
    productionKwh: known(current.productionKwh) ? current.productionKwh : null,
    productionChangePercent: percentChange(current.productionKwh, previous?.productionKwh),
    netExportKwh: netExportKwh(current),
    systemHealthPercent: systemHealthPercent(panelEfficienciesPercent),
    systemEfficiencyPercent: systemEfficiencyPercent(current),
    gridIndependencePercent: gridIndependencePercent(current),
  };
}
