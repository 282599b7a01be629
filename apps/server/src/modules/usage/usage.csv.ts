import type { UsageHistory } from '@peakwise/contracts/energy.contract';
import { centsToDollars } from '@peakwise/domain/tariff';

export const USAGE_CSV_HEADER = ['date', 'kWh', 'cost CAD', 'intervals received', 'intervals expected'] as const;

/** kWh to the watt-hour; a JSON value and its CSV cell agree to that precision. */
export const csvKwh = (kwh: number) => (Math.round(kwh * 1000) / 1000).toFixed(3);

/**
 * The daily history as CSV (RFC 4180, CRLF line ends): one row per local day, oldest first.
 * Missing data is an empty cell, never 0. Costs are dollars to the cent.
 */
export function usageCsv(history: UsageHistory): string {
  const rows = history.days.map((d) => [
    d.date,
    d.kwh === null ? '' : csvKwh(d.kwh),
    d.costCents === null ? '' : centsToDollars(d.costCents).toFixed(2),
    String(d.coverage.intervals),
    String(d.coverage.expected),
  ]);
  return [USAGE_CSV_HEADER.join(','), ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
}
