import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf, localDay } from '@peakwise/domain/local-time';
import type { Database } from '../../db/client';
import { validateBatch } from '../../telemetry/validate-readings';
import { rowsOf } from '../../db/rows';
import { createTestDatabase } from '../../test/test-database';
import { removeAllHouseholds, seedHousehold, type HouseholdFixture } from '../../test/household-fixture';
import { storeBatch } from './reading-store';
import { loadStoreContext } from './readings.repository';
import { hourSpans, touchedDays } from './rollups.repository';

const ZONE = 'America/Toronto';
const NOW = new Date('2026-12-01T00:00:00Z');
const STEP = 300_000;

describe('rollups', () => {
  let database: Database;
  let home: HouseholdFixture;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function reset() {
    await removeAllHouseholds(database.db);
    home = await seedHousehold(database.db, { 'heater-1': 'water_heater' }, { timeZone: ZONE });
  }

  async function store(body: unknown) {
    const validated = validateBatch(body, NOW);
    if (!validated.ok) throw new Error(validated.message);
    const context = await loadStoreContext(database.db, home.household.id);
    return storeBatch(database.db, home.household.id, validated, { context: context!, now: NOW });
  }

  const q = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

  it('a DST fall-back day has 300 intervals and a spring-forward day 276', async () => {
    await reset();
    for (const date of ['2026-11-01', '2026-03-08', '2026-03-09']) {
      const day = localDay(date, ZONE);
      const meter = [];
      for (let t = day.start.getTime(); t < day.end.getTime(); t += STEP) {
        meter.push({ ts: new Date(t).toISOString(), productionKwh: 0, consumptionKwh: 0.25, gridImportKwh: 0.25, gridExportKwh: 0 });
      }
      await store({ meter });
    }
    const daily = await q<{ local_date: string; interval_count: number; consumption_kwh: number }>(
      `select to_char(local_date, 'YYYY-MM-DD') as local_date, interval_count, consumption_kwh from meter_daily order by local_date`,
    );
    expect(daily.map((d) => [d.local_date, d.interval_count])).toEqual([
      ['2026-03-08', 276],
      ['2026-03-09', 288],
      ['2026-11-01', 300],
    ]);
    expect(daily[2]!.consumption_kwh).toBeCloseTo(300 * 0.25, 9);
    const hourly = await q<{ n: number; total: number }>(`select count(*)::int as n, sum(interval_count)::int as total from meter_hourly`);
    expect(hourly[0]).toEqual({ n: 25 + 23 + 24, total: 300 + 276 + 288 });
  });

  it('equal sums computed from the raw rows, for any insertion order and duplicates', async () => {
    // Intervals over three local days around the fall-back change, so buckets cross DST.
    const base = Date.parse('2026-10-31T20:00:00Z');
    const reading = fc.record({
      slot: fc.integer({ min: 0, max: 864 }),
      c: fc.integer({ min: 0, max: 2000 }).map((n) => n / 1000),
      p: fc.integer({ min: 0, max: 2000 }).map((n) => n / 1000),
      device: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(reading, { minLength: 1, maxLength: 60, selector: (r) => `${r.device}|${r.slot}` }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.integer({ min: 1, max: 20 }),
        fc.context(),
        async (set, dupPicks, batchSize, ctx) => {
          await reset();
          // The set, plus duplicates of some of its members, in a shuffled order.
          const sequence = [...set, ...dupPicks.map((i) => set[i % set.length]!)];
          const order = sequence.map((r, i) => ({ r, k: (i * 7919 + (dupPicks[i % Math.max(1, dupPicks.length)] ?? 0)) % 1009 })).sort((a, b) => a.k - b.k).map((x) => x.r);
          for (let i = 0; i < order.length; i += batchSize) {
            const chunk = order.slice(i, i + batchSize);
            await store({
              meter: chunk.filter((r) => !r.device).map((r) => ({ ts: new Date(base + r.slot * STEP).toISOString(), productionKwh: r.p, consumptionKwh: r.c, gridImportKwh: r.c, gridExportKwh: r.p })),
              devices: chunk.filter((r) => r.device).map((r) => ({ device: 'heater-1', ts: new Date(base + r.slot * STEP).toISOString(), energyKwh: r.c, powerW: r.p * 1000, metrics: { litres: r.c * 40, hotLitres: r.p * 15, flowLpm: r.c * 8 } })),
            });
          }
          ctx.log(`${sequence.length} readings in batches of ${batchSize}`);

          const raw = await q<{ ms: number; c: number; p: number }>(`select (extract(epoch from ts) * 1000)::float8 as ms, consumption_kwh as c, production_kwh as p from meter_readings`);
          expect(raw).toHaveLength(set.filter((r) => !r.device).length);
          const expectHourly = sumBy(raw, (r) => String(Math.floor(r.ms / 3_600_000) * 3_600_000));
          const expectDaily = sumBy(raw, (r) => localDateOf(new Date(r.ms), ZONE));
          const hourly = await q<{ k: string; c: number; p: number; n: number }>(
            `select ((extract(epoch from hour_start) * 1000)::bigint)::text as k, consumption_kwh as c, production_kwh as p, interval_count as n from meter_hourly`,
          );
          const daily = await q<{ k: string; c: number; p: number; n: number }>(
            `select to_char(local_date, 'YYYY-MM-DD') as k, consumption_kwh as c, production_kwh as p, interval_count as n from meter_daily`,
          );
          expectBuckets(hourly, expectHourly);
          expectBuckets(daily, expectDaily);

          const rawDevice = await q<{ ms: number; c: number; p: number }>(`select (extract(epoch from ts) * 1000)::float8 as ms, energy_kwh as c, power_w / 1000 as p from device_readings`);
          const deviceDaily = await q<{ k: string; c: number; p: number; n: number }>(
            `select to_char(local_date, 'YYYY-MM-DD') as k, energy_kwh as c, avg_power_w / 1000 * interval_count as p, interval_count as n from device_daily`,
          );
          expectBuckets(deviceDaily, sumBy(rawDevice, (r) => localDateOf(new Date(r.ms), ZONE)));

          // Water litres: the rollup equals the sum of the raw rows' metrics.litres / hotLitres.
          const rawWater = await q<{ ms: number; c: number; p: number }>(
            `select (extract(epoch from ts) * 1000)::float8 as ms, (metrics->>'litres')::float8 as c, (metrics->>'hotLitres')::float8 as p from device_readings`,
          );
          const waterHourly = await q<{ k: string; c: number; p: number; n: number }>(
            `select ((extract(epoch from hour_start) * 1000)::bigint)::text as k, litres as c, hot_litres as p, interval_count as n from device_hourly`,
          );
          const waterDaily = await q<{ k: string; c: number; p: number; n: number }>(
            `select to_char(local_date, 'YYYY-MM-DD') as k, litres as c, hot_litres as p, interval_count as n from device_daily`,
          );
          expectBuckets(waterHourly, sumBy(rawWater, (r) => String(Math.floor(r.ms / 3_600_000) * 3_600_000)));
          expectBuckets(waterDaily, sumBy(rawWater, (r) => localDateOf(new Date(r.ms), ZONE)));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('touchedDays and hourSpans bucket any instants like one Intl call per instant would', () => {
    const base = Date.parse('2026-10-30T00:00:00Z');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 7 * 288 }), { minLength: 1, maxLength: 80 }), fc.constantFrom(ZONE, 'America/St_Johns', 'UTC'), (slots, zone) => {
        const instants = slots.map((slot) => base + slot * STEP);
        const days = touchedDays(instants, zone);
        expect(days.map((d) => d.date)).toEqual([...new Set(instants.map((ms) => localDateOf(new Date(ms), zone)))].sort());
        for (const ms of instants) expect(days.some((d) => d.start.getTime() <= ms && ms < d.end.getTime())).toBe(true);
        const hours = new Set(instants.map((ms) => Math.floor(ms / 3_600_000)));
        const covered = hourSpans(instants).flatMap((span) => Array.from({ length: (span.e - span.s) / 3_600_000 }, (_, i) => span.s / 3_600_000 + i));
        expect(covered.sort((a, b) => a - b)).toEqual([...hours].sort((a, b) => a - b));
      }),
    );
  });
});

function sumBy(rows: { c: number; p: number }[], key: (r: { ms: number }) => string) {
  const out = new Map<string, { c: number; p: number; n: number }>();
  for (const r of rows as { ms: number; c: number; p: number }[]) {
    const k = key(r);
    const b = out.get(k) ?? { c: 0, p: 0, n: 0 };
    b.c += r.c;
    b.p += r.p;
    b.n += 1;
    out.set(k, b);
  }
  return out;
}

function expectBuckets(actual: { k: string; c: number; p: number; n: number }[], expected: Map<string, { c: number; p: number; n: number }>) {
  expect(actual.map((a) => a.k).sort()).toEqual([...expected.keys()].sort());
  for (const a of actual) {
    const e = expected.get(a.k)!;
    expect(a.n).toBe(e.n);
    expect(a.c).toBeCloseTo(e.c, 9);
    expect(a.p).toBeCloseTo(e.p, 9);
  }
}
