import { describe, expect, it } from 'vitest';
import { adjustmentLine, billingMonth, computeStatement, issueInstant, previousMonth, statementDueDate, type MeteredHour, type StatementInput } from './billing-statement';
import { localDateOf, startOfLocalDate } from './local-time';

const TORONTO = 'America/Toronto';
const VANCOUVER = 'America/Vancouver';
const EDMONTON = 'America/Edmonton';
const HOUR = 3_600_000;

/** Every UTC hour of a local month [first, next) in the zone. */
function month(first: string, next: string, zone: string, kwh: (start: Date) => number, exportKwh: (start: Date) => number = () => 0): MeteredHour[] {
  const hours: MeteredHour[] = [];
  const end = startOfLocalDate(next, zone).getTime();
  for (let t = startOfLocalDate(first, zone).getTime(); t < end; t += HOUR) {
    const start = new Date(t);
    hours.push({ start, importKwh: kwh(start), exportKwh: exportKwh(start) });
  }
  return hours;
}

/** Every UTC hour of November 2025 in the zone (721 of them: the clocks fall back on November 2). */
const november = (zone: string, kwh: (start: Date) => number, exportKwh: (start: Date) => number = () => 0) => month('2025-11-01', '2025-12-01', zone, kwh, exportKwh);

const input = (over: Partial<StatementInput> & Pick<StatementInput, 'province' | 'timeZone' | 'hours'>): StatementInput => ({
  tariffHistory: [],
  periodStart: '2025-11-01',
  periodEnd: '2025-11-30',
  ...over,
});

/** descriptionKey → [quantity, amount], for the lines of one kind. */
const amounts = (lines: ReturnType<typeof computeStatement>['lines']) => lines.map((l) => [l.kind, l.descriptionKey, l.amountCents]);

describe('computeStatement, hand-computed', () => {
  it('has 721 hours in November 2025 (the extra hour of November 2)', () => {
    expect(november(TORONTO, () => 1)).toHaveLength(721);
  });

  it('Ontario TOU across the DST change: 1 kWh every hour of November 2025', () => {
    const s = computeStatement(input({ province: 'ON', timeZone: TORONTO, hours: november(TORONTO, () => 1), tariffHistory: [{ planId: 'on-tou', effectiveFrom: '2024-01-01' }] }));
    // 20 weekdays (3–7, 10–14, 17–21, 24–28), no OEB holiday in November.
    // off-peak: 20 × 12 + 10 weekend days × 24 + the repeated 1 a.m. = 481 kWh × 9.8 = 4,713.8 → 4,714
    // on-peak: 20 × 6 = 120 × 20.3 = 2,436; mid-peak: 120 × 15.7 = 1,884. Subtotal 9,034.
    // OER 23.5 % of 9,034 = 2,122.99 → −2,123; HST 13 % = 1,174.42 → 1,174. Total 8,085.
    expect(amounts(s.lines)).toEqual([
      ['energy', 'off-peak', 4714],
      ['energy', 'on-peak', 2436],
      ['energy', 'mid-peak', 1884],
      ['rebate', 'ontario-electricity-rebate', -2123],
      ['tax', 'hst', 1174],
    ]);
    expect(s.lines.find((l) => l.descriptionKey === 'off-peak')?.quantity).toBe(481);
    expect(s.subtotalCents).toBe(9034);
    expect(s.chargesCents).toBe(8085);
    expect(s.importKwh).toBe(721);
  });

  it('Ontario TOU across the spring DST change: 1 kWh every hour of March 2026 (743 hours)', () => {
    const hours = month('2026-03-01', '2026-04-01', TORONTO, () => 1);
    expect(hours).toHaveLength(743);
    const s = computeStatement(
      input({ province: 'ON', timeZone: TORONTO, hours, periodStart: '2026-03-01', periodEnd: '2026-03-31', tariffHistory: [{ planId: 'on-tou', effectiveFrom: '2024-01-01' }] }),
    );
    // 22 weekdays, no OEB holiday (Good Friday is April 3). Weekends: 9 days × 24 − the hour lost on March 8 = 215.
    // off-peak 22 × 12 + 215 = 479 × 9.8 = 4,694.2 → 4,694; on-peak 132 × 20.3 = 2,679.6 → 2,680; mid-peak 132 × 15.7 = 2,072.4 → 2,072.
    // Subtotal 9,446; OER 23.5 % = 2,219.81 → −2,220; HST 13 % = 1,227.98 → 1,228. Total 8,454.
    expect(amounts(s.lines)).toEqual([
      ['energy', 'off-peak', 4694],
      ['energy', 'on-peak', 2680],
      ['energy', 'mid-peak', 2072],
      ['rebate', 'ontario-electricity-rebate', -2220],
      ['tax', 'hst', 1228],
    ]);
    expect(s.chargesCents).toBe(8454);
  });

  it('Ontario tiered crossing its 1,000 kWh winter threshold: 1.5 kWh an hour', () => {
    const s = computeStatement(input({ province: 'ON', timeZone: TORONTO, hours: november(TORONTO, () => 1.5), tariffHistory: [{ planId: 'on-tiered', effectiveFrom: '2024-01-01' }] }));
    // 721 × 1.5 = 1,081.5 kWh: tier 1 1,000 × 12.0 = 12,000; tier 2 81.5 × 14.2 = 1,157.3 → 1,157.
    // Subtotal 13,157; OER 23.5 % = 3,091.895 → −3,092; HST 13 % = 1,710.41 → 1,710. Total 11,775.
    expect(amounts(s.lines)).toEqual([
      ['energy', 'tier-1', 12000],
      ['energy', 'tier-2', 1157],
      ['rebate', 'ontario-electricity-rebate', -3092],
      ['tax', 'hst', 1710],
    ]);
    expect(s.chargesCents).toBe(11775);
  });

  it('Ontario ULO, a first month prorated from the join day (November 25)', () => {
    const s = computeStatement(
      input({ province: 'ON', timeZone: TORONTO, hours: november(TORONTO, () => 1), serviceStart: '2025-11-25', tariffHistory: [{ planId: 'on-ulo', effectiveFrom: '2025-11-25' }] }),
    );
    // Tue 25 – Fri 28: per day ULO 8 h, mid-peak 9 + 2 h, on-peak 5 h; Sat 29, Sun 30: ULO 8 h, weekend off-peak 16 h.
    // ULO 48 × 3.9 = 187.2 → 187; mid 44 × 15.7 = 690.8 → 691; on 20 × 39.1 = 782; weekend 32 × 9.8 = 313.6 → 314.
    // Subtotal 1,974; OER 23.5 % = 463.89 → −464; HST 13 % = 256.62 → 257. Total 1,767.
    expect(s.billedFrom).toBe('2025-11-25');
    const byKey = Object.fromEntries(s.lines.map((l) => [l.descriptionKey, l.amountCents]));
    expect(byKey).toEqual({ 'ultra-low-overnight': 187, 'mid-peak': 691, 'on-peak': 782, 'weekend-off-peak': 314, 'ontario-electricity-rebate': -464, hst: 257 });
    expect(s.chargesCents).toBe(1767);
    expect(s.importKwh).toBe(144);
  });

  it('BC two steps crossing step 1, with the basic charge, GST only', () => {
    const s = computeStatement(input({ province: 'BC', timeZone: VANCOUVER, hours: november(VANCOUVER, () => 1) }));
    // 721 kWh; step 1 = 30 × 22.1918 = 665.754 kWh × 10.97 = 7,303.32 → 7,303; step 2 55.246 × 14.08 = 777.86 → 778.
    // Basic 30 days × 22.53 = 675.9 → 676. Subtotal 8,757; GST 5 % = 437.85 → 438. Total 9,195.
    expect(amounts(s.lines)).toEqual([
      ['fixed', 'daily-charge', 676],
      ['energy', 'tier-1', 7303],
      ['energy', 'tier-2', 778],
      ['tax', 'gst', 438],
    ]);
    expect(s.lines[0]?.quantity).toBe(30);
    expect(s.chargesCents).toBe(9195);
  });

  it('Alberta rate of last resort, GST with a half cent rounding up', () => {
    const s = computeStatement(input({ province: 'AB', timeZone: EDMONTON, hours: november(EDMONTON, () => 1) }));
    // 721 × 12.06 = 8,695.26 → 8,695; GST 5 % = 434.75 → 435. Total 9,130.
    expect(amounts(s.lines)).toEqual([
      ['energy', 'energy', 8695],
      ['tax', 'gst', 435],
    ]);
    expect(s.chargesCents).toBe(9130);
  });

  it('Hydro-Québec Rate D: a 100 kWh day does not leave tier 1 while the month stays under 40 kWh × days', () => {
    const hours = november(TORONTO, (start) => (localDateOf(start, TORONTO) === '2025-11-10' ? 100 / 24 : 1));
    const s = computeStatement(input({ province: 'QC', timeZone: TORONTO, hours }));
    // 697 + 100 = 797 kWh, under 1,200: all tier 1 × 6.905 = 5,503.285 → 5,503. Access 30 × 46.154 = 1,384.62 → 1,385.
    // Subtotal 6,888; GST 5 % = 344.4 → 344; QST 9.975 % = 687.08 → 687. Total 7,919.
    expect(amounts(s.lines)).toEqual([
      ['fixed', 'daily-charge', 1385],
      ['energy', 'tier-1', 5503],
      ['tax', 'gst', 344],
      ['tax', 'qst', 687],
    ]);
    expect(s.chargesCents).toBe(7919);
  });

  it('Hydro-Québec Rate D above 40 kWh a day over the month: 2 kWh an hour', () => {
    const s = computeStatement(input({ province: 'QC', timeZone: TORONTO, hours: november(TORONTO, () => 2) }));
    // 1,442 kWh: tier 1 1,200 × 6.905 = 8,286; tier 2 242 × 10.652 = 2,577.78 → 2,578; access 1,385.
    // Subtotal 12,249; GST 612.45 → 612; QST 9.975 % = 1,221.84 → 1,222. Total 14,083.
    expect(amounts(s.lines)).toEqual([
      ['fixed', 'daily-charge', 1385],
      ['energy', 'tier-1', 8286],
      ['energy', 'tier-2', 2578],
      ['tax', 'gst', 612],
      ['tax', 'qst', 1222],
    ]);
    expect(s.chargesCents).toBe(14083);
  });

  it('credits exports at the price of their hour (Ontario TOU, 0.5 kWh exported each weekday mid-peak hour)', () => {
    const midPeakExport = (start: Date) => {
      const local = new Date(start.toLocaleString('en-US', { timeZone: TORONTO }));
      const weekday = local.getDay() >= 1 && local.getDay() <= 5;
      return weekday && local.getHours() >= 11 && local.getHours() < 17 ? 0.5 : 0;
    };
    const s = computeStatement(input({ province: 'ON', timeZone: TORONTO, hours: november(TORONTO, () => 1, midPeakExport), tariffHistory: [{ planId: 'on-tou', effectiveFrom: '2024-01-01' }] }));
    // 20 weekdays × 6 h × 0.5 = 60 kWh × 15.7 = 942 credit. Subtotal 9,034 − 942 = 8,092.
    // OER 23.5 % = 1,901.62 → −1,902; HST 13 % = 1,051.96 → 1,052. Total 7,242.
    const credit = s.lines.filter((l) => l.kind === 'export-credit');
    expect(credit.map((l) => [l.descriptionKey, l.quantity, l.amountCents])).toEqual([['mid-peak', 60, -942]]);
    expect(s.subtotalCents).toBe(8092);
    expect(s.chargesCents).toBe(7242);
    expect(s.exportKwh).toBe(60);
  });

  it('a credit larger than the charges leaves a negative statement with no tax', () => {
    const s = computeStatement(input({ province: 'AB', timeZone: EDMONTON, hours: november(EDMONTON, () => 0.1, () => 1) }));
    // imports 72.1 × 12.06 = 869.53 → 870; credit 721 × 12.06 = 8,695.26 → −8,695. GST on nothing owed: 0.
    expect(amounts(s.lines)).toEqual([
      ['energy', 'energy', 870],
      ['export-credit', 'energy', -8695],
      ['tax', 'gst', 0],
    ]);
    expect(s.chargesCents).toBe(-7825);
  });

  it('splits the lines at a mid-month plan change (TOU, then tiered from November 16)', () => {
    const s = computeStatement(
      input({
        province: 'ON',
        timeZone: TORONTO,
        hours: november(TORONTO, () => 1),
        tariffHistory: [
          { planId: 'on-tiered', effectiveFrom: '2025-11-16' },
          { planId: 'on-tou', effectiveFrom: '2024-01-01' },
        ],
      }),
    );
    // Nov 1–15 TOU: 10 weekdays; off-peak 10 × 12 + 5 weekend days × 24 + 1 = 241 × 9.8 = 2,361.8 → 2,362;
    // on 60 × 20.3 = 1,218; mid 60 × 15.7 = 942. Nov 16–30 tiered: 360 kWh under 15 × 1,000/30 = 500: × 12.0 = 4,320.
    // Subtotal 8,842; OER 23.5 % = 2,077.87 → −2,078; HST 13 % = 1,149.46 → 1,149. Total 7,913.
    expect(s.lines.map((l) => [l.descriptionKey, l.params.plan ?? null, l.params.from ?? null, l.params.to ?? null, l.amountCents])).toEqual([
      ['off-peak', 'on-tou', '2025-11-01', '2025-11-15', 2362],
      ['on-peak', 'on-tou', '2025-11-01', '2025-11-15', 1218],
      ['mid-peak', 'on-tou', '2025-11-01', '2025-11-15', 942],
      ['tier-1', 'on-tiered', '2025-11-16', '2025-11-30', 4320],
      ['ontario-electricity-rebate', null, null, null, -2078],
      ['hst', null, null, null, 1149],
    ]);
    expect(s.chargesCents).toBe(7913);
  });

  it('bills nothing for a month before the service started', () => {
    const s = computeStatement(input({ province: 'AB', timeZone: EDMONTON, hours: [], serviceStart: '2025-12-03' }));
    expect(s.lines.filter((l) => l.kind !== 'tax')).toEqual([]);
    expect(s.chargesCents).toBe(0);
  });
});

describe('adjustments and the billing calendar', () => {
  it('an adjustment is the recomputation less what was billed, and says both', () => {
    expect(adjustmentLine({ start: '2025-10-01', end: '2025-10-31' }, 8085, 8127)).toEqual({
      kind: 'adjustment',
      descriptionKey: 'late-readings',
      params: { from: '2025-10-01', to: '2025-10-31', billedCents: 8085, recomputedCents: 8127 },
      quantity: null,
      unit: null,
      unitPriceCents: null,
      amountCents: 42,
    });
    expect(adjustmentLine({ start: '2025-10-01', end: '2025-10-31' }, 8085, 8085)).toBeNull();
    expect(adjustmentLine({ start: '2025-10-01', end: '2025-10-31' }, 8085, 8000)?.amountCents).toBe(-85);
  });

  it('a month is issued on the 1st at local midnight and due on the 15th', () => {
    expect(billingMonth('2025-12')).toEqual({ periodStart: '2025-12-01', periodEnd: '2025-12-31', issueDate: '2026-01-01', dueDate: '2026-01-15' });
    expect(billingMonth('2024-02').periodEnd).toBe('2024-02-29');
    expect(previousMonth('2026-01-01')).toBe('2025-12');
    expect(previousMonth('2025-11-30')).toBe('2025-10');
    expect(issueInstant('2025-10', TORONTO).toISOString()).toBe('2025-11-01T04:00:00.000Z');
    expect(issueInstant('2025-10', VANCOUVER).toISOString()).toBe('2025-11-01T07:00:00.000Z');
  });

  it('a statement is never due before it is issued: the 15th, or 14 days after a late issue', () => {
    expect(statementDueDate('2025-10', '2025-11-01')).toBe('2025-11-15');
    // Issued before its 1st cannot happen, and changes nothing.
    expect(statementDueDate('2025-10', '2025-10-31')).toBe('2025-11-15');
    // Two days late still leaves more than 14 days to the 15th.
    expect(statementDueDate('2025-10', '2025-11-01')).toBe('2025-11-15');
    expect(statementDueDate('2025-10', '2025-11-02')).toBe('2025-11-16');
    // The demo's case: back-filled on Nov 28, the October bill is due Dec 12, not Nov 15.
    expect(statementDueDate('2025-10', '2025-11-28')).toBe('2025-12-12');
    expect(statementDueDate('2025-12', '2026-01-20')).toBe('2026-02-03');
  });
});
