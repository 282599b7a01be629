import { describe, expect, it } from 'vitest';
import { PROVINCIAL_CHARGES, provincialChargesOn } from './billing-taxes';

describe('provincial taxes and rebates on electricity', () => {
  it('Ontario: the rebate then 13 % HST, the rebate at the rate of its date', () => {
    expect(provincialChargesOn('ON', '2025-10-31')).toEqual([
      { id: 'ontario-electricity-rebate', kind: 'rebate', ratePerMillion: 131_000 },
      { id: 'hst', kind: 'tax', ratePerMillion: 130_000 },
    ]);
    expect(provincialChargesOn('ON', '2025-11-30')[0]?.ratePerMillion).toBe(235_000);
    expect(provincialChargesOn('ON', '2024-10-31')[0]?.ratePerMillion).toBe(193_000);
  });

  it('BC and Alberta: GST 5 % only (BC residential electricity is PST-exempt)', () => {
    expect(provincialChargesOn('BC', '2025-11-30')).toEqual([{ id: 'gst', kind: 'tax', ratePerMillion: 50_000 }]);
    expect(provincialChargesOn('AB', '2025-11-30')).toEqual([{ id: 'gst', kind: 'tax', ratePerMillion: 50_000 }]);
  });

  it('Québec: GST 5 % and QST 9.975 %, both on the pre-tax amount', () => {
    expect(provincialChargesOn('QC', '2025-11-30')).toEqual([
      { id: 'gst', kind: 'tax', ratePerMillion: 50_000 },
      { id: 'qst', kind: 'tax', ratePerMillion: 99_750 },
    ]);
  });

  it('a province without service has nothing', () => {
    expect(provincialChargesOn('NS', '2025-11-30')).toEqual([]);
  });

  it('every version list is in date order with integer rates', () => {
    for (const charges of Object.values(PROVINCIAL_CHARGES)) {
      for (const charge of charges ?? []) {
        const dates = charge.versions.map((v) => v.effectiveFrom);
        expect([...dates].sort()).toEqual(dates);
        for (const v of charge.versions) expect(Number.isSafeInteger(v.ratePerMillion)).toBe(true);
      }
    }
  });
});
