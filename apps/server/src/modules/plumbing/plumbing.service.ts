import { INTERVAL_MS, HOUR_MS, DAY_MS } from '@peakwise/domain/time-constants';
import { PLUMBING_RANGE_POINTS, type PlumbingRange, type PlumbingSummary } from '@peakwise/contracts/plumbing.contract';
import { addDays, localDateOf, localDatesInRange, localDay, localParts, zonedTimeToUtc } from '@peakwise/domain/local-time';
import {
  EFFICIENCY_TARGETS,
  KPA_PER_PSI,
  LEAK_WINDOW,
  canadianBenchmarkLitres,
  distributionEfficiencyPercent,
  efficiencyColour,
  electricalEfficiencyPercent,
  heaterStatus,
  meanOfKnown,
  nightLeakStatus,
  percentVersus,
  pressureStatus,
  type EfficiencyKind,
} from '@peakwise/domain/plumbing-metrics';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { dailyLitres, findWaterDevices, heaterAggregates, hourlyLitres, intervalLitres, latestReading, pressureBandCounts, windowLitres } from './plumbing.repository';

/** The efficiency bars look at the last week: long enough to include laundry days, short enough to show a change. */
const EFFICIENCY_DAYS = 7;
/** The household norm: mean of the 30 complete local days before today. */
const NORM_DAYS = 30;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Plumbing screen for the household: cards, trend, efficiency bars and indicator tiles. */
export async function plumbingSummary(db: DbOrTx, household: Household, range: PlumbingRange, now: Date): Promise<PlumbingSummary> {
  const { meterId, heaterId } = await findWaterDevices(db, household.id);
  if (!meterId) return { state: 'no-meter', range };
  const zone = household.timeZone;
  const today = localDateOf(now, zone);

  const [meterLatest, heaterLatest] = await Promise.all([latestReading(db, meterId, now), heaterId ? latestReading(db, heaterId, now) : null]);
  const psi = num(meterLatest?.metrics.pressurePsi) ?? (num(meterLatest?.metrics.pressureKpa) ?? NaN) / KPA_PER_PSI;
  const pressurePsi = Number.isFinite(psi) ? psi : null;
  const tankTempC = num(heaterLatest?.metrics.tankTempC);

  const days = await dailyLitres(db, meterId, addDays(today, -NORM_DAYS), today);
  // Only complete days make the norm: a day the meter half-reported would drag it down.
  const complete = localDatesInRange(addDays(today, -NORM_DAYS), addDays(today, -1)).filter((date) => {
    const row = days.get(date);
    const day = localDay(date, zone);
    return row !== undefined && row.litres !== null && row.intervalCount >= (day.end.getTime() - day.start.getTime()) / INTERVAL_MS;
  });
  const todayLitres = days.get(today)?.litres ?? null;
  const normLitres = meanOfKnown(complete.map((date) => days.get(date)?.litres));
  const benchmarkLitres = canadianBenchmarkLitres(household.occupants);
  const soFar = await todaySoFarVersusNorm(db, meterId, zone, today, complete, now);

  return {
    state: 'ready',
    range,
    timeZone: zone,
    occupants: household.occupants,
    usage: {
      todayLitres,
      normLitres,
      todayVsNormPct: soFar.pct,
      comparedUntil: soFar.until,
      benchmarkLitres,
      normVsBenchmarkPct: percentVersus(normLitres, benchmarkLitres),
    },
    current: {
      at: meterLatest?.ts.toISOString() ?? null,
      flowLpm: num(meterLatest?.metrics.flowLpm),
      pressurePsi,
      pressureKpa: num(meterLatest?.metrics.pressureKpa) ?? (pressurePsi === null ? null : pressurePsi * KPA_PER_PSI),
      hotWaterTempC: tankTempC,
    },
    trend: await trend(db, meterId, range, zone, today, now),
    efficiency: await efficiency(db, meterId, heaterId, now),
    indicators: {
      leak: await latestNightLeak(db, meterId, zone, today, now),
      pressure: { status: pressurePsi === null ? 'unknown' : pressureStatus(pressurePsi), psi: pressurePsi },
      heater: { status: !heaterId ? 'none' : tankTempC === null ? 'unknown' : heaterStatus(tankTempC), tankTempC },
    },
  };
}

/** Daily: the 24 UTC hours ending with the current one (always 24, also on DST days); weekly/monthly: local days ending today. */
async function trend(db: DbOrTx, meterId: string, range: PlumbingRange, zone: string, today: string, now: Date): Promise<Extract<PlumbingSummary, { state: 'ready' }>['trend']> {
  const count = PLUMBING_RANGE_POINTS[range];
  if (range === 'daily') {
    const last = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const first = last - (count - 1) * HOUR_MS;
    const hours = await hourlyLitres(db, meterId, new Date(first), new Date(last + HOUR_MS));
    const points = Array.from({ length: count }, (_, i) => {
      const ms = first + i * HOUR_MS;
      const row = hours.get(ms);
      return { start: new Date(ms).toISOString(), litres: row?.litres ?? null, hotLitres: row?.hotLitres ?? null };
    });
    return { bucket: 'hour', points };
  }
  const dates = localDatesInRange(addDays(today, -(count - 1)), today);
  const rows = await dailyLitres(db, meterId, dates[0]!, today);
  const points = dates.map((date) => ({ start: localDay(date, zone).start.toISOString(), litres: rows.get(date)?.litres ?? null, hotLitres: rows.get(date)?.hotLitres ?? null }));
  return { bucket: 'day', points };
}

/**
 * The three bars over the last 7 days (formulas in docs/decisions/018-plumbing-screen.md):
 * heating = mean of the heater's reported efficiency (share of heat reaching the water rather than
 * the tank jacket); distribution = share of meter intervals with supply pressure in the normal
 * band; electrical = (heat delivered ÷ COP) ÷ electricity used, i.e. how much of the heater's
 * electricity ran at heat-pump efficiency rather than through the resistive element.
 */
async function efficiency(db: DbOrTx, meterId: string, heaterId: string | null, now: Date) {
  const from = new Date(now.getTime() - EFFICIENCY_DAYS * DAY_MS);
  const heater = heaterId ? await heaterAggregates(db, heaterId, from, now) : null;
  const pressure = await pressureBandCounts(db, meterId, from, now);
  const values: Record<EfficiencyKind, number | null> = {
    heating: heater?.avgEfficiency ?? null,
    distribution: distributionEfficiencyPercent(pressure.inBand, pressure.total),
    electrical: heater ? electricalEfficiencyPercent(heater.heatOverCopKwh, heater.electricityKwh) : null,
  };
  const kinds: EfficiencyKind[] = ['heating', 'distribution', 'electrical'];
  return {
    from: from.toISOString(),
    bars: kinds.map((kind) => {
      const percent = values[kind];
      return { kind, percent, target: EFFICIENCY_TARGETS[kind], colour: percent === null ? null : efficiencyColour(kind, percent) };
    }),
  };
}

/**
 * The leak rule on the latest finished night: tonight's window once it is past 05:00 local, else
 * last night's. The Plumbing tile and the maintenance leak alert both read it.
 */
export async function latestNightLeak(db: DbOrTx, meterId: string, zone: string, today: string, now: Date) {
  const night = localParts(now, zone).hour >= LEAK_WINDOW.endHour ? today : addDays(today, -1);
  const from = zonedTimeToUtc(night, LEAK_WINDOW.startHour, 0, zone);
  const to = zonedTimeToUtc(night, LEAK_WINDOW.endHour, 0, zone);
  const litres = await intervalLitres(db, meterId, from, to);
  const known = litres.filter((v): v is number => v !== null);
  return {
    status: nightLeakStatus(litres, (to.getTime() - from.getTime()) / INTERVAL_MS),
    night,
    minLitres: known.length > 0 ? Math.min(...known) : null,
  };
}

/**
 * Today's whole hours since local midnight against the same span of the complete norm days: a
 * morning compared with whole days would always look like a large saving. Read from the hourly
 * rollups (≤ 31 × 24 rows). In half-hour zones (Newfoundland) the windows start at local
 * midnight, so the first UTC hour straddling it is left out on both sides alike.
 */
async function todaySoFarVersusNorm(db: DbOrTx, meterId: string, zone: string, today: string, complete: string[], now: Date) {
  const start = localDay(today, zone).start.getTime();
  const span = Math.floor((now.getTime() - start) / HOUR_MS) * HOUR_MS;
  if (span <= 0 || complete.length === 0) return { pct: null, until: null };
  const windows = [today, ...complete].map((date) => {
    const s = localDay(date, zone).start.getTime();
    return { s, e: s + span };
  });
  const sums = await windowLitres(db, meterId, windows);
  const todaySoFar = sums.get(start) ?? null;
  const norm = meanOfKnown(windows.slice(1).map((w) => sums.get(w.s)));
  return { pct: percentVersus(todaySoFar, norm), until: new Date(start + span).toISOString() };
}
