/**
 * The quantity an Energy Saving Event is scored on (docs/decisions/112-solar-homes-scored-on-grid-import.md):
 * what the home drew from the grid, because that is what the program pays to reduce. A meter
 * reports an interval's import and export as two registers, so a solar home can have both in one
 * interval (the kettle on while the panels export). The interval counts its net draw, never below
 * 0: an export does not count as negative use, and a minute's import inside an interval that
 * exported overall is not grid load the program can see at its 5-minute resolution.
 *
 * A home without panels exports nothing, so its figure is its import, which every writer sets
 * to its consumption.
 */
export function gridImportKwh(importKwh: number, exportKwh: number): number {
  if (!Number.isFinite(importKwh) || !Number.isFinite(exportKwh)) return Number.NaN;
  return Math.max(0, importKwh - exportKwh);
}
