import { describe, expect, it } from 'vitest';
import { lapsedNetMeteringCredit } from './net-metering-credit';

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
