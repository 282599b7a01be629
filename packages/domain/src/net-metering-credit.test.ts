import { describe, expect, it } from 'vitest';
import { carriedForward, creditLapseLine, lapsedNetMeteringCredit, type CarriedStatement } from './net-metering-credit';

const credits = (n: number, cents = -3927) => Array.from({ length: n }, () => cents);

describe('Ontario net-metering credits lapse after 12 billing periods carried (O. Reg. 541/05 s. 8 (8))', () => {
  it('eleven periods carried: nothing lapses yet', () => {
    expect(lapsedNetMeteringCredit('ON', credits(11))).toBe(0);
  });

  it('twelve in a row: the whole remaining credit goes, not only the oldest month’s', () => {
    // Newest first: $39.27 carried now, larger credits earlier in the summer.
    expect(lapsedNetMeteringCredit('ON', [-3927, -8100, -12050, ...credits(9, -500)])).toBe(3927);
    expect(lapsedNetMeteringCredit('ON', credits(15))).toBe(3927);
  });

  it('a month that ends owing, or at zero, breaks the run and the count starts again', () => {
    expect(lapsedNetMeteringCredit('ON', [...credits(6), 1200, ...credits(6)])).toBe(0);
    expect(lapsedNetMeteringCredit('ON', [...credits(11), 0])).toBe(0);
  });

  it('other provinces carry their credits on (decision 043)', () => {
    for (const province of ['BC', 'AB', 'QC'] as const) expect(lapsedNetMeteringCredit(province, credits(24))).toBe(0);
  });
});

/** Statements of the months before 2026-01, newest first, each with what it took in. */
const months = ['2025-12', '2025-11', '2025-10', '2025-09', '2025-08', '2025-07', '2025-06', '2025-05', '2025-04', '2025-03', '2025-02', '2025-01', '2024-12'];
const statements = (balances: readonly number[], lapsed: Record<string, number> = {}, inFlight: Record<string, number> = {}): CarriedStatement[] =>
  balances.map((previousBalanceCents, i) => ({
    periodStart: `${months[i]}-01`,
    previousBalanceCents,
    inFlightCents: inFlight[months[i]!] ?? 0,
    lapsedCents: lapsed[months[i]!] ?? 0,
  }));
const issuing = (previousBalanceCents: number, inFlightCents = 0) => ({ previousBalanceCents, inFlightCents });

describe('what each preceding statement carried forward', () => {
  it('is what the next one took in: the newest is the previous balance of the statement being issued', () => {
    // December took in −$10.00 from November, November −$4.00 from October; January takes in −$15.00.
    expect(carriedForward('2026-01-01', issuing(-1500), statements([-1000, -400, 250]))).toEqual([-1500, -1000, -400]);
  });

  it('after a write-off the period that carried it in took in nothing: the count starts again', () => {
    // November wrote off $30.00 at its start, so October carried $0 into it.
    expect(carriedForward('2026-01-01', issuing(-700), statements([-200, -3000, -2500], { '2025-11': 3000 }))).toEqual([-700, -200, 0]);
  });

  it('leaves out payments still pending at an issue: money in flight is no credit', () => {
    // January takes in −$15.00 of which $5.00 is a payment still pending; December took in −$2.00
    // with $3.00 pending: it carried out of November +$1.00, which owed.
    expect(carriedForward('2026-01-01', issuing(-1500, 500), statements([-200, -400], {}, { '2025-12': 300 }))).toEqual([-1000, 100]);
  });

  it('stops at a month without a statement, and reads the statements in month order whatever order they come in', () => {
    const gap = statements([-100, -100, -100]).filter((s) => s.periodStart !== '2025-11-01');
    expect(carriedForward('2026-01-01', issuing(-100), gap)).toEqual([-100]);
    expect(carriedForward('2026-01-01', issuing(-900), statements([-800, -700, -600]).reverse())).toEqual([-900, -800, -700]);
    expect(carriedForward('2026-01-01', issuing(-900), [])).toEqual([]);
  });
});

describe('the write-off line', () => {
  it('takes the whole credit carried in, as a positive line dated at the start of the period', () => {
    const carried = carriedForward('2026-01-01', issuing(-4321), statements([-4000, -3500, -3000, -2500, -2000, -1500, -1200, -900, -600, -300, -100, 0]));
    expect(carried).toHaveLength(12);
    expect(creditLapseLine('ON', '2026-01-01', carried)).toEqual({
      kind: 'credit-lapse',
      descriptionKey: 'net-metering-12-periods',
      params: { date: '2026-01-01', periods: 12 },
      quantity: null,
      unit: null,
      unitPriceCents: null,
      amountCents: 4321,
    });
  });

  it('is absent with eleven periods carried, a period that owed, or outside Ontario', () => {
    // The first statement (December 2024) took in nothing from a statement: January 2025 is the first carried out of one.
    const eleven = carriedForward('2026-01-01', issuing(-4321), statements([-4000, -3500, -3000, -2500, -2000, -1500, -1200, -900, -600, -300, -100]));
    expect(eleven).toHaveLength(11);
    expect(creditLapseLine('ON', '2026-01-01', eleven)).toBeNull();
    expect(creditLapseLine('ON', '2026-01-01', carriedForward('2026-01-01', issuing(-4321), statements([-4000, -3500, 120, ...credits(10)])))).toBeNull();
    expect(creditLapseLine('BC', '2026-01-01', credits(12))).toBeNull();
  });
});
