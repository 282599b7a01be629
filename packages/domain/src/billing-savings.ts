import { computeStatement, type MeteredHour, type StatementInput, type StatementLine } from './billing-statement';

/**
 * The savings card (decision 049) for one statement's period: what solar saved and what events
 * earned. Solar saved is the energy the home made and used itself, priced as if it had been
 * bought (the member's own plan, each hour or day at its own price, by the same engine as the
 * statement), plus the statement's net-metering credits. Events earned is the points the ledger
 * paid for events in the period, and their worth at the points' redemption rate.
 */

/** 100 points are worth $1. */
export const POINTS_PER_DOLLAR = 100;

export type ProducedHour = { start: Date; productionKwh: number; gridExportKwh: number };

/**
 * The part of an hour's production the home used itself: production less what went to the grid.
 * Never negative: an hour that exports more than the panels made (a battery discharging) saved
 * nothing from solar.
 */
export function selfConsumedKwh(hour: Pick<ProducedHour, 'productionKwh' | 'gridExportKwh'>): number {
  return Math.max(0, hour.productionKwh - hour.gridExportKwh);
}

/**
 * The self-consumed energy of the period priced under the member's plan: the energy lines a
 * statement would carry if those kWh had come from the grid (no fixed charges, credits or taxes:
 * the panels avoid none of those).
 */
export function selfConsumedCents(input: Omit<StatementInput, 'hours'> & { hours: readonly ProducedHour[] }): { kwh: number; cents: number } {
  const hours: MeteredHour[] = input.hours.map((h) => ({ start: h.start, importKwh: selfConsumedKwh(h), exportKwh: 0 }));
  const priced = computeStatement({ ...input, hours });
  const cents = priced.lines.filter((l) => l.kind === 'energy').reduce((s, l) => s + l.amountCents, 0);
  return { kwh: priced.importKwh, cents };
}

/** A statement's net-metering credits as a saving (its export-credit lines are negative charges). */
export function exportCreditCents(lines: readonly Pick<StatementLine, 'kind' | 'amountCents'>[]): number {
  return lines.filter((l) => l.kind === 'export-credit').reduce((s, l) => s - l.amountCents, 0);
}

/** Points in cents at POINTS_PER_DOLLAR, to the nearest cent. */
export function pointsToCents(points: number): number {
  return Math.round((points * 100) / POINTS_PER_DOLLAR);
}

export type Savings = {
  solar: { selfConsumedKwh: number; selfConsumedCents: number; exportCreditCents: number; totalCents: number };
  events: { points: number; cents: number };
  totalCents: number;
};

export function savingsOf(parts: { selfConsumed: { kwh: number; cents: number }; exportCreditCents: number; eventPoints: number }): Savings {
  const solarTotal = parts.selfConsumed.cents + parts.exportCreditCents;
  const eventCents = pointsToCents(parts.eventPoints);
  return {
    solar: { selfConsumedKwh: parts.selfConsumed.kwh, selfConsumedCents: parts.selfConsumed.cents, exportCreditCents: parts.exportCreditCents, totalCents: solarTotal },
    events: { points: parts.eventPoints, cents: eventCents },
    totalCents: solarTotal + eventCents,
  };
}
