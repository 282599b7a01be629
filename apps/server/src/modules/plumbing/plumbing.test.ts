import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVAL_MS, HOUR_MS } from '@peakwise/domain/time-constants';
import { plumbingSummarySchema, type PlumbingReady, type PlumbingRange } from '@peakwise/contracts/plumbing.contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, type Member } from '../../test/test-session';
import { local, memberWithHousehold, store } from '../energy/energy.test-helper';

// Thursday 2026-01-15, Toronto (EST, UTC−5); now is 14:37 local.
let now = new Date('2026-01-15T19:37:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

type Water = { litres: number; hotLitres: number; flowLpm: number; pressurePsi: number };
type Reading = { device: string; ts: string; powerW?: number; energyKwh?: number; efficiency?: number; metrics: Record<string, number> };

/** `count` consecutive water-meter intervals from `start`. */
const water = (start: Date, count: number, w: Water): Reading[] =>
  Array.from({ length: count }, (_, i) => ({ device: 'wm', ts: new Date(start.getTime() + i * INTERVAL_MS).toISOString(), powerW: 0, energyKwh: 0, metrics: { ...w } }));

async function get(member: Member, range: PlumbingRange | string) {
  return t.app.request(`/api/plumbing?range=${range}`, { headers: asMember(member) });
}
async function ready(member: Member, range: PlumbingRange): Promise<PlumbingReady> {
  const res = await get(member, range);
  expect(res.status).toBe(200);
  const body = plumbingSummarySchema.parse(await res.json());
  if (body.state !== 'ready') throw new Error(`expected ready, got ${body.state}`);
  return body;
}

describe('GET /api/plumbing', () => {
  let member: Member;
  const meter: Reading[] = [
    // A partial day (10 intervals): counted in its day, left out of the norm.
    ...water(local('2026-01-12', 8), 10, { litres: 1, hotLitres: 0.5, flowLpm: 0.2, pressurePsi: 61 }),
    // Two complete days: 288 × 2 L and 288 × 3 L (the first at 35 psi, below the band).
    ...water(local('2026-01-13', 0), 288, { litres: 2, hotLitres: 1, flowLpm: 0.4, pressurePsi: 35 }),
    ...water(local('2026-01-14', 0), 288, { litres: 3, hotLitres: 1, flowLpm: 0.6, pressurePsi: 62 }),
    // Tonight 01:00–04:55: a drip in every interval, the leak rule fires.
    ...water(local('2026-01-15', 1), 48, { litres: 0.1, hotLitres: 0, flowLpm: 0.02, pressurePsi: 64 }),
    // Showers at 10:00, and the latest interval at 13:00.
    ...water(local('2026-01-15', 10), 12, { litres: 5, hotLitres: 2, flowLpm: 1, pressurePsi: 60 }),
    { device: 'wm', ts: local('2026-01-15', 13).toISOString(), powerW: 0, energyKwh: 0, metrics: { litres: 3, hotLitres: 1, flowLpm: 0.6, pressurePsi: 62, pressureKpa: 427.5 } },
  ];
  const heater: Reading[] = [
    { device: 'wh', ts: local('2026-01-15', 10).toISOString(), powerW: 1200, energyKwh: 0.1, efficiency: 90, metrics: { tankTempC: 55, heatDeliveredKwh: 0.3, cop: 3 } },
    { device: 'wh', ts: local('2026-01-15', 10, 5).toISOString(), powerW: 4800, energyKwh: 0.4, efficiency: 70, metrics: { tankTempC: 50, heatDeliveredKwh: 0.6, cop: 3 } },
    { device: 'wh', ts: local('2026-01-15', 13).toISOString(), powerW: 600, energyKwh: 0.05, metrics: { tankTempC: 47.5, heatDeliveredKwh: 0.15, cop: 3 } },
  ];

  beforeAll(async () => {
    const home = await memberWithHousehold(t, { wm: 'water_meter', wh: 'water_heater' });
    member = home.member;
    // Out of order and with duplicates: the rollups must not care.
    const all = [...meter, ...heater].reverse();
    for (let i = 0; i < all.length; i += 200) await store(t.database.db, home.household.id, { devices: all.slice(i, i + 200) });
    await store(t.database.db, home.household.id, { devices: meter.slice(300, 420) });
  });

  const ms = (r: Reading) => Date.parse(r.ts);
  const sum = (rs: Reading[], key: 'litres' | 'hotLitres') => rs.reduce((s, r) => s + (r.metrics[key] ?? 0), 0);
  const onLocalDate = (date: string) => (r: Reading) => ms(r) >= local(date, 0).getTime() && ms(r) < local(date, 24).getTime();

  it('cards: today against the 30-day norm of complete days and against 223 L × occupants; latest flow, pressure and tank temperature', async () => {
    const s = await ready(member, 'daily');
    const today = sum(meter.filter(onLocalDate('2026-01-15')), 'litres');
    const norm = (sum(meter.filter(onLocalDate('2026-01-13')), 'litres') + sum(meter.filter(onLocalDate('2026-01-14')), 'litres')) / 2;
    expect(today).toBeCloseTo(4.8 + 60 + 3, 9); // hand check of the independent sum
    expect(norm).toBeCloseTo((576 + 864) / 2, 9);
    expect(s.occupants).toBe(3);
    expect(s.usage.todayLitres).toBeCloseTo(today, 9);
    expect(s.usage.normLitres).toBeCloseTo(norm, 9);
    // Today's whole hours (00:00–14:00) against the same 14 hours of the complete days.
    const until = (date: string) => (r: Reading) => ms(r) >= local(date, 0).getTime() && ms(r) < local(date, 14).getTime();
    const todaySoFar = sum(meter.filter(until('2026-01-15')), 'litres');
    const normSoFar = (sum(meter.filter(until('2026-01-13')), 'litres') + sum(meter.filter(until('2026-01-14')), 'litres')) / 2;
    expect(normSoFar).toBeCloseTo((168 * 2 + 168 * 3) / 2, 9);
    expect(s.usage.todayVsNormPct).toBeCloseTo(((todaySoFar - normSoFar) / normSoFar) * 100, 9);
    expect(s.usage.comparedUntil).toBe(local('2026-01-15', 14).toISOString());
    expect(s.usage.benchmarkLitres).toBe(223 * 3);
    expect(s.usage.normVsBenchmarkPct).toBeCloseTo(((norm - 669) / 669) * 100, 9);
    expect(s.current).toEqual({ at: local('2026-01-15', 13).toISOString(), flowLpm: 0.6, pressurePsi: 62, pressureKpa: 427.5, hotWaterTempC: 47.5 });
  });

  it('daily trend: 24 UTC hours ending with the current one, sums of the raw litres, missing hours null', async () => {
    const s = await ready(member, 'daily');
    expect(s.trend.bucket).toBe('hour');
    expect(s.trend.points).toHaveLength(24);
    const last = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    s.trend.points.forEach((p, i) => {
      const start = last - (23 - i) * HOUR_MS;
      expect(p.start).toBe(new Date(start).toISOString());
      const inHour = meter.filter((r) => ms(r) >= start && ms(r) < start + HOUR_MS);
      if (inHour.length === 0) expect(p.litres).toBeNull();
      else expect(p.litres).toBeCloseTo(sum(inHour, 'litres'), 9);
      if (inHour.length > 0) expect(p.hotLitres).toBeCloseTo(sum(inHour, 'hotLitres'), 9);
    });
    // Local midnight to 01:00 today had no reading: null, not 0.
    expect(s.trend.points.find((p) => p.start === local('2026-01-15', 0).toISOString())?.litres).toBeNull();
  });

  it('weekly (7) and monthly (30) trends: local days ending today, missing days null', async () => {
    for (const [range, count] of [['weekly', 7], ['monthly', 30]] as const) {
      const s = await ready(member, range);
      expect(s.trend.bucket).toBe('day');
      expect(s.trend.points).toHaveLength(count);
      const lastDay = s.trend.points[count - 1]!;
      expect(lastDay.start).toBe(local('2026-01-15', 0).toISOString());
      for (const p of s.trend.points) {
        const start = Date.parse(p.start);
        const inDay = meter.filter((r) => ms(r) >= start && ms(r) < start + 24 * HOUR_MS);
        if (inDay.length === 0) expect(p.litres).toBeNull();
        else expect(p.litres).toBeCloseTo(sum(inDay, 'litres'), 9);
      }
    }
  });

  it('efficiency bars from the last 7 days, coloured by the target rule; indicators', async () => {
    const s = await ready(member, 'daily');
    const bars = Object.fromEntries(s.efficiency.bars.map((b) => [b.kind, b]));
    // Heating: mean of the reported efficiencies (90, 70) = 80, exactly the target → green.
    expect(bars.heating).toMatchObject({ percent: 80, target: 80, colour: 'green' });
    // Distribution: meter intervals within 40–80 psi over all that reported pressure.
    const since = now.getTime() - 7 * 24 * HOUR_MS;
    const recent = meter.filter((r) => ms(r) >= since && ms(r) < now.getTime());
    const inBand = recent.filter((r) => r.metrics.pressurePsi! >= 40 && r.metrics.pressurePsi! <= 80).length;
    expect(bars.distribution!.percent).toBeCloseTo((inBand / recent.length) * 100, 9);
    expect(bars.distribution!.colour).toBe('red'); // all of the 13th sat at 35 psi: well under 80 %
    // Electrical: Σ heat ÷ COP over Σ electricity = (0.1 + 0.2 + 0.05) ÷ 0.55 ≈ 63.6 % → red (amber from 75).
    const heatOverCop = heater.reduce((a, r) => a + r.metrics.heatDeliveredKwh! / r.metrics.cop!, 0);
    const kwh = heater.reduce((a, r) => a + r.energyKwh!, 0);
    expect(bars.electrical!.percent).toBeCloseTo((heatOverCop / kwh) * 100, 9);
    expect(bars.electrical).toMatchObject({ target: 85, colour: 'red' });

    expect(s.indicators.leak).toEqual({ status: 'leak', night: '2026-01-15', minLitres: 0.1 });
    expect(s.indicators.pressure).toEqual({ status: 'normal', psi: 62 });
    expect(s.indicators.heater).toEqual({ status: 'recovering', tankTempC: 47.5 });
  });

  it('before 05:00 the leak rule looks at the previous night; a night without readings is unknown', async () => {
    const saved = now;
    now = new Date(local('2026-01-16', 3).getTime());
    try {
      const s = await ready(member, 'daily');
      expect(s.indicators.leak).toMatchObject({ status: 'leak', night: '2026-01-15' });
      // The 12th's readings start at 08:00: its night is missing, which is not evidence of no leak.
      now = new Date(local('2026-01-12', 6).getTime());
      expect((await ready(member, 'daily')).indicators.leak).toMatchObject({ status: 'unknown', night: '2026-01-12', minLitres: null });
    } finally {
      now = saved;
    }
  });

  it('400 for a bad range, with a message naming it', async () => {
    const res = await get(member, 'yearly');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('validation_failed');
    expect(JSON.stringify(body)).toContain('range must be one of daily, weekly or monthly');
  });

  it('401 anonymous; other members see only their own household (no meter → empty state, not 500)', async () => {
    const anonymous = await t.app.request('/api/plumbing?range=daily');
    expect(anonymous.status).toBe(401);
    const other = await memberWithHousehold(t, {});
    const res = await get(other.member, 'daily');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ state: 'no-meter', range: 'daily' });

    // A third household with its own meter sees only its own single reading.
    const third = await memberWithHousehold(t, { 'wm-3': 'water_meter' });
    await store(t.database.db, third.household.id, {
      devices: [{ device: 'wm-3', ts: local('2026-01-15', 9).toISOString(), metrics: { litres: 7, hotLitres: 2, flowLpm: 1.4, pressurePsi: 55 } }],
    });
    const own = await ready(third.member, 'daily');
    expect(own.usage.todayLitres).toBe(7);
    expect(own.current).toMatchObject({ flowLpm: 1.4, pressurePsi: 55, hotWaterTempC: null });
    expect(own.indicators.heater.status).toBe('none');
    expect(own.trend.points.filter((p) => p.litres !== null).map((p) => p.litres)).toEqual([7]);
  });
});

describe('GET /api/plumbing with a meter that reports pressure in kPa', () => {
  it('Distribution counts kPa-only readings, as the Water Pressure card and tile do', async () => {
    const home = await memberWithHousehold(t, { 'wm-k': 'water_meter' });
    const at = (hour: number, i: number) => new Date(local('2026-01-15', hour).getTime() + i * INTERVAL_MS).toISOString();
    const readings = [
      // 300 kPa ≈ 43.5 psi (in band), 250 kPa ≈ 36.3 psi (low), 85 psi (high), and one in both units.
      ...Array.from({ length: 12 }, (_, i) => ({ device: 'wm-k', ts: at(9, i), metrics: { litres: 1, pressureKpa: 300 } })),
      ...Array.from({ length: 6 }, (_, i) => ({ device: 'wm-k', ts: at(10, i), metrics: { litres: 1, pressureKpa: 250 } })),
      ...Array.from({ length: 3 }, (_, i) => ({ device: 'wm-k', ts: at(11, i), metrics: { litres: 1, pressurePsi: 85 } })),
      { device: 'wm-k', ts: at(12, 0), metrics: { litres: 1, pressurePsi: 60, pressureKpa: 413.7 } },
    ];
    await store(t.database.db, home.household.id, { devices: readings });
    // By hand: psi where given, else kPa ÷ 6.894757; in band when 40 ≤ psi ≤ 80.
    const psi = readings.map((r) => ('pressurePsi' in r.metrics ? r.metrics.pressurePsi! : r.metrics.pressureKpa! / 6.894757));
    const inBand = psi.filter((p) => p >= 40 && p <= 80).length;
    expect(inBand).toBe(13);
    const s = await ready(home.member, 'daily');
    const distribution = s.efficiency.bars.find((b) => b.kind === 'distribution')!;
    expect(distribution.percent).toBeCloseTo((inBand / readings.length) * 100, 9);
    expect(s.indicators.pressure).toEqual({ status: 'normal', psi: 60 });
  });
});
