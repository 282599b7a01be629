import { COMPONENT_CATALOGUE, type ComponentKind } from '@peakwise/domain/maintenance-catalogue';
import {
  arrayCleaningRule,
  cyclingRule,
  leakRule,
  panelCleaningRule,
  predictiveRule,
  preventiveRule,
  resolutionRule,
  TREND_WINDOW_DAYS,
  type AlertCause,
  type DailyHealth,
  type RuleOutcome,
} from '@peakwise/domain/maintenance-rules';
import { addDays } from '@peakwise/domain/local-time';
import type { Household } from '../households/household.repository';
import type { DbOrTx } from '../../db/client';
import { latestNightLeak } from '../plumbing/plumbing.service';
import { metricByWindow, MIN_COUNT_INTERVALS, MIN_LEVEL_INTERVALS } from './alert-inputs.repository';
import type { Component } from './components.repository';
import { healthHistory } from './health.repository';

export type RuleResult = { componentId: string; cause: AlertCause; outcome: RuleOutcome };

/** Kinds whose device reports pump or compressor starts (`cycles` per interval). */
const CYCLING_KINDS: ReadonlySet<ComponentKind> = new Set(['sump_pump', 'refrigerator', 'freezer']);
/** Cleaning looks at the scored days of the last week. */
const CLEANING_LOOKBACK_DAYS = 7;

/** Runs every rule that applies to each component on what is stored now. */
export async function evaluateRules(db: DbOrTx, household: Household, components: readonly Component[], today: string, now: Date): Promise<RuleResult[]> {
  const history = await healthHistory(
    db,
    components.map((c) => c.id),
    addDays(today, -TREND_WINDOW_DAYS),
    today,
  );
  const historyOf = (id: string): DailyHealth[] => history.filter((h) => h.componentId === id).map((h) => ({ date: h.date, healthPct: h.healthPct }));
  const recentOf = (id: string) => historyOf(id).filter((h) => h.date >= addDays(today, -CLEANING_LOOKBACK_DAYS)).map((h) => h.healthPct);
  const panelCount = components.filter((c) => c.kind === 'solar_panel').length;

  const results: RuleResult[] = [];
  for (const c of components) {
    const push = (cause: AlertCause, outcome: RuleOutcome) => results.push({ componentId: c.id, cause, outcome });
    push('maintenance_due', preventiveRule({ date: c.nextMaintenance, source: c.nextMaintenanceSource, task: COMPONENT_CATALOGUE[c.kind].task }, today));

    // The array's own dips are dust and snow: the cleaning rule's, not a failing part.
    const trend = c.kind === 'solar_array' ? null : predictiveRule(historyOf(c.id), today);
    if (trend) push('health_decline', trend);

    if (c.kind === 'solar_panel') push('panel_soiling', panelCleaningRule(recentOf(c.id), trend?.state === 'fire'));
    if (c.kind === 'solar_array') push('array_soiling', arrayCleaningRule(recentOf(c.id), panelCount));
    if (c.deviceId === null) continue;

    if (CYCLING_KINDS.has(c.kind)) {
      const windows = await metricByWindow(db, c.deviceId, 'cycles', now, { aggregate: 'sum', minIntervals: MIN_COUNT_INTERVALS });
      const usual = [...windows].filter(([k]) => k > 0).map(([, v]) => v);
      push('cycling', cyclingRule(windows.get(0) ?? null, usual));
    }
    if (c.kind === 'camera') {
      const medians = await metricByWindow(db, c.deviceId, 'resolutionP', now, { aggregate: 'median', minIntervals: MIN_LEVEL_INTERVALS });
      const earlier = [...medians].filter(([k]) => k > 0).map(([, v]) => v);
      push('resolution', resolutionRule(medians.get(0) ?? null, earlier.length > 0 ? Math.max(...earlier) : null));
    }
    if (c.kind === 'water_supply') {
      const night = await latestNightLeak(db, c.deviceId, household.timeZone, today, now);
      push('night_flow', leakRule(night.status, night.minLitres, night.night));
    }
  }
  return results;
}
