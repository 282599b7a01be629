import { COMPONENT_CATALOGUE } from '@peakwise/domain/maintenance-catalogue';
import { median, MIN_PEERS, peerYieldHealth, referenceLevel, uptimeHealth } from '@peakwise/domain/maintenance-health';
import { addDays, localDay } from '@peakwise/domain/local-time';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { deviceRatedWatts, type Component } from './components.repository';
import {
  basisHistory,
  deviceDays,
  deviceIntervalsByDay,
  firstReportedDays,
  markScored,
  panelCorrectedEfficiency,
  rescoreAgainstReference,
  scoredDays,
  upsertHealth,
  type HealthRow,
} from './health.repository';

/** Scores reach back this far: a year for the performance chart plus the trend window. */
export const SCORING_HORIZON_DAYS = 400;
/** The usual clean level of a reference-based component is taken over its last year. */
const REFERENCE_DAYS = 365;

/**
 * Scores every complete local day whose device readings changed since it was last scored (a
 * back-fill, a late reading) and leaves the others alone: most runs touch no day at all, the
 * first one scores the whole history once. Returns the days scored.
 */
export async function scoreHousehold(db: DbOrTx, household: Household, components: readonly Component[], today: string): Promise<string[]> {
  const from = addDays(today, -SCORING_HORIZON_DAYS);
  const [totals, scored] = await Promise.all([deviceIntervalsByDay(db, household.id, from, today), scoredDays(db, household.id, from)]);
  const stale = [...totals].filter(([date, n]) => scored.get(date) !== n).map(([date]) => date);
  if (stale.length === 0 || components.length === 0) return [];

  const deviceIds = components.map((c) => c.deviceId).filter((id): id is string => id !== null);
  const [days, firstDays, ratedW] = await Promise.all([deviceDays(db, deviceIds, stale), firstReportedDays(db, deviceIds), panelRatings(db, components)]);
  const byDeviceDay = new Map(days.map((d) => [`${d.deviceId}|${d.date}`, d]));

  const rows: HealthRow[] = [];
  for (const date of stale) {
    const day = localDay(date, household.timeZone);
    const expected = (day.end.getTime() - day.start.getTime()) / INTERVAL_MS;
    const at = (deviceId: string | null) => (deviceId === null ? undefined : byDeviceDay.get(`${deviceId}|${date}`));
    const judged = (deviceId: string | null) => deviceId !== null && firstDays.has(deviceId) && firstDays.get(deviceId)! < date;

    // Panels against the median panel of the day.
    const panels = components.filter((c) => c.kind === 'solar_panel' && judged(c.deviceId));
    const yields = new Map<string, number>();
    for (const p of panels) {
      const row = at(p.deviceId);
      // A panel without a rating cannot be put on the same scale as its neighbours.
      const kw = ratedW.get(p.deviceId!);
      if (row?.energyKwh != null && kw) yields.set(p.id, row.energyKwh / kw);
    }
    const peers = peerYieldHealth(yields);
    const reference = yields.size > 0 ? median([...yields.values()]) : 0;
    for (const p of panels) {
      const health = peers.get(p.id) ?? null;
      rows.push({ componentId: p.id, date, basis: health === null ? null : yields.get(p.id)! / reference, healthPct: health });
    }

    for (const c of components) {
      const method = COMPONENT_CATALOGUE[c.kind].health;
      if (method === 'uptime' && judged(c.deviceId)) {
        const intervals = at(c.deviceId)?.intervals ?? 0;
        const health = uptimeHealth(intervals, expected);
        rows.push({ componentId: c.id, date, basis: health === null ? null : health / 100, healthPct: health });
      } else if (method === 'reference_efficiency' && c.kind !== 'solar_array' && judged(c.deviceId)) {
        // Scored against the usual level below, once every stale day's basis is in.
        rows.push({ componentId: c.id, date, basis: at(c.deviceId)?.avgEfficiency ?? null, healthPct: null });
      }
    }
  }

  const array = components.find((c) => c.kind === 'solar_array');
  if (array) rows.push(...(await arrayBasis(db, household, array, components, stale)));

  await upsertHealth(db, rows);
  for (const c of components.filter((c) => COMPONENT_CATALOGUE[c.kind].health === 'reference_efficiency')) {
    const level = referenceLevel(await basisHistory(db, c.id, addDays(today, -REFERENCE_DAYS), today));
    await rescoreAgainstReference(db, c.id, level);
  }
  await markScored(db, household.id, new Map(stale.map((d) => [d, totals.get(d)!])));
  return stale;
}

/**
 * The array's day: the median panel's temperature-corrected efficiency, so one dirty or failing
 * panel does not move it but snow or dust on all of them does.
 */
async function arrayBasis(db: DbOrTx, household: Household, array: Component, components: readonly Component[], dates: readonly string[]): Promise<HealthRow[]> {
  const panelIds = components.filter((c) => c.kind === 'solar_panel' && c.deviceId !== null).map((c) => c.deviceId!);
  const bounds = dates.flatMap((date) => {
    const day = localDay(date, household.timeZone);
    return panelIds.map((deviceId) => ({ deviceId, date, startMs: day.start.getTime(), endMs: day.end.getTime() }));
  });
  const efficiencies = await panelCorrectedEfficiency(db, bounds);
  const byDate = new Map<string, number[]>();
  for (const e of efficiencies) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e.efficiency]);
  return dates.map((date) => {
    const values = byDate.get(date) ?? [];
    return { componentId: array.id, date, basis: values.length >= MIN_PEERS ? median(values) : null, healthPct: null };
  });
}

/** Rated kW of each panel component's device, for yields in kWh per kW. */
async function panelRatings(db: DbOrTx, components: readonly Component[]): Promise<Map<string, number>> {
  const watts = await deviceRatedWatts(
    db,
    components.filter((c) => c.kind === 'solar_panel' && c.deviceId !== null).map((c) => c.deviceId!),
  );
  return new Map([...watts].map(([id, w]) => [id, w / 1000]));
}
