import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canadianBenchmarkLitres,
  distributionEfficiencyPercent,
  efficiencyColour,
  electricalEfficiencyPercent,
  heaterStatus,
  meanOfKnown,
  nightLeakStatus,
  percentVersus,
  pressureStatus,
} from './plumbing-metrics';

describe('efficiency colour (green at target, amber within 10 below, red otherwise)', () => {
  it('heating (target 80): green at 80, amber at 79.99 and 70, red just below 70', () => {
    expect(efficiencyColour('heating', 80)).toBe('green');
    expect(efficiencyColour('heating', 100)).toBe('green');
    expect(efficiencyColour('heating', 79.99)).toBe('amber');
    expect(efficiencyColour('heating', 70)).toBe('amber');
    expect(efficiencyColour('heating', 69.99)).toBe('red');
  });

  it('distribution (target 90) and electrical (target 85) at their boundaries', () => {
    expect(efficiencyColour('distribution', 90)).toBe('green');
    expect(efficiencyColour('distribution', 89.9)).toBe('amber');
    expect(efficiencyColour('distribution', 80)).toBe('amber');
    expect(efficiencyColour('distribution', 79.9)).toBe('red');
    expect(efficiencyColour('electrical', 85)).toBe('green');
    expect(efficiencyColour('electrical', 84.9)).toBe('amber');
    expect(efficiencyColour('electrical', 75)).toBe('amber');
    expect(efficiencyColour('electrical', 74.9)).toBe('red');
    expect(efficiencyColour('electrical', 0)).toBe('red');
  });

  it('never gets greener as the percentage falls', () => {
    const rank = { green: 2, amber: 1, red: 0 };
    fc.assert(
      fc.property(fc.constantFrom('heating', 'distribution', 'electrical' as const), fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (kind, a, b) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        expect(rank[efficiencyColour(kind, lo)]).toBeLessThanOrEqual(rank[efficiencyColour(kind, hi)]);
      }),
    );
  });
});

describe('night leak rule (01:00–05:00, every interval flowing)', () => {
  it('fires when all 48 night intervals had flow, as a dripping tap gives', () => {
    expect(nightLeakStatus(Array(48).fill(0.1), 48)).toBe('leak');
  });
  it('does not fire when one interval was dry (a single flush at 3 am is not a leak)', () => {
    const night = Array(48).fill(0);
    night[24] = 6;
    expect(nightLeakStatus(night, 48)).toBe('ok');
    const almost = Array(48).fill(0.1);
    almost[47] = 0;
    expect(nightLeakStatus(almost, 48)).toBe('ok');
  });
  it('is unknown with a missing interval', () => {
    expect(nightLeakStatus([...Array(47).fill(0.1), null], 48)).toBe('unknown');
    expect(nightLeakStatus([], 48)).toBe('unknown');
  });
});

describe('litres against the Canadian average', () => {
  it('223 L per person per day, scaled by household size, default 3', () => {
    expect(canadianBenchmarkLitres(1)).toBe(223);
    expect(canadianBenchmarkLitres(4)).toBe(892);
    expect(canadianBenchmarkLitres(null)).toBe(669);
    expect(canadianBenchmarkLitres(0)).toBe(669);
  });
  it('percent versus a base, null on a missing or zero base', () => {
    expect(percentVersus(446, 892)).toBe(-50);
    expect(percentVersus(1115, 892)).toBe(25);
    expect(percentVersus(10, 0)).toBeNull();
    expect(percentVersus(null, 892)).toBeNull();
  });
  it('the mean leaves missing days out', () => {
    expect(meanOfKnown([600, null, 700])).toBe(650);
    expect(meanOfKnown([null, undefined])).toBeNull();
  });
});

describe('indicators and efficiency formulas', () => {
  it('pressure band 40–80 psi, inclusive', () => {
    expect(pressureStatus(39.9)).toBe('low');
    expect(pressureStatus(40)).toBe('normal');
    expect(pressureStatus(80)).toBe('normal');
    expect(pressureStatus(80.1)).toBe('high');
  });
  it('heater ready from 49 °C', () => {
    expect(heaterStatus(49)).toBe('ready');
    expect(heaterStatus(48.9)).toBe('recovering');
  });
  it('electrical = (heat ÷ COP) ÷ electricity, distribution = in-band share', () => {
    // 9 kWh of heat at COP 3 = 3 kWh, but 4 kWh were used (the element ran): 75 %.
    expect(electricalEfficiencyPercent(3, 4)).toBe(75);
    expect(electricalEfficiencyPercent(3, 0)).toBeNull();
    expect(distributionEfficiencyPercent(270, 288)).toBeCloseTo(93.75, 10);
    expect(distributionEfficiencyPercent(0, 0)).toBeNull();
  });
});
