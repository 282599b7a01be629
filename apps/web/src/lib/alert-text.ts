import {
  MAINTENANCE_TASKS,
  type AlertCause,
  type MaintenanceAlert,
  type MaintenanceTask,
} from '@peakwise/contracts/maintenance.contract';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useComponentName } from './component-name';
import { formatLocalDate, formatNumber, formatPercent, useIntlLocale } from './format';
import { formatRelativeDays } from './local-date';

/**
 * Alert wording shared by the Maintenance screen and the Dashboard's Recent Alerts (features may
 * not import each other). The server sends what happened (cause, metric, params); the words are
 * ours, so every alert reads in the member's language.
 *
 * Params read when present (each message also reads well without them):
 * health_decline `windowDays`, `healthPct`, `daysToCritical`; maintenance_due `task`; panel_soiling / array_soiling
 * `shortfallPct`; cycling `usualPerDay`; resolution `usualP`; night_flow `night` (YYYY-MM-DD).
 */

type Metric = MaintenanceAlert['metric'];
type CauseKey = 'healthDecline' | 'maintenanceDue' | 'panelSoiling' | 'arraySoiling' | 'cycling' | 'resolution' | 'nightFlow';
const CAUSE_KEY: Record<AlertCause, CauseKey> = {
  health_decline: 'healthDecline',
  maintenance_due: 'maintenanceDue',
  panel_soiling: 'panelSoiling',
  array_soiling: 'arraySoiling',
  cycling: 'cycling',
  resolution: 'resolution',
  night_flow: 'nightFlow',
};

const num = (params: MaintenanceAlert['params'], key: string): number | null => {
  const value = params[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};
const str = (params: MaintenanceAlert['params'], key: string): string | null => {
  const value = params[key];
  return typeof value === 'string' && value ? value : null;
};
const isTask = (value: string | null): value is MaintenanceTask => (MAINTENANCE_TASKS as readonly (string | null)[]).includes(value);
// Whole numbers stay whole ("3 times/day"); fractions keep one decimal ("0.5 h").
const count = (value: number, locale: string) => formatNumber(value, locale, Number.isInteger(value) ? 0 : 1);

export type MetricText = { label: string; value: string };

function metricText(t: TFunction<'alerts'>, metric: Metric, locale: string): MetricText {
  const { value } = metric;
  switch (metric.kind) {
    case 'degradation_pct':
      return { label: t('metrics.degradation'), value: formatPercent(value, locale) };
    case 'days_until_due':
      return value < 0
        ? { label: t('metrics.overdueBy'), value: t('units.days', { count: Math.abs(value) }) }
        : { label: t('metrics.dueIn'), value: t('units.days', { count: value }) };
    case 'hours_to_clean':
      return { label: t('metrics.hoursToClean'), value: t('units.hours', { value: count(value, locale) }) };
    case 'times_per_day':
      return { label: t('metrics.frequency'), value: t('units.timesPerDay', { value: count(value, locale) }) };
    case 'resolution_p':
      // "1080p", never "1,080p".
      return { label: t('metrics.resolution'), value: t('units.resolution', { value: Math.round(value) }) };
    case 'litres_per_hour':
      // A dripping tap is ≈ 1 L/h: small flows keep two decimals so they do not read as 0.0.
      return { label: t('metrics.flow'), value: t('units.litresPerHour', { value: formatNumber(value, locale, Math.abs(value) < 1 ? 2 : 1) }) };
  }
}

function titleText(t: TFunction<'alerts'>, alert: MaintenanceAlert, device: string): string {
  const key = CAUSE_KEY[alert.cause];
  if (key === 'maintenanceDue' && alert.metric.value < 0) return t('titles.maintenanceOverdue', { device });
  return t(`titles.${key}`, { device });
}

function messageText(t: TFunction<'alerts'>, alert: MaintenanceAlert, locale: string): string {
  const { params, metric } = alert;
  const shown = metricText(t, metric, locale).value;
  switch (alert.cause) {
    case 'health_decline': {
      const days = num(params, 'windowDays');
      const health = num(params, 'healthPct');
      const toCritical = num(params, 'daysToCritical');
      const pct = formatPercent(metric.value, locale);
      if (days === null) return t('messages.healthDeclineRecent', { pct });
      if (health === null || toCritical === null) return t('messages.healthDecline', { pct, days });
      return t('messages.healthDeclineForecast', { pct, days, health: formatPercent(health, locale), when: formatRelativeDays(toCritical, locale) });
    }
    case 'maintenance_due': {
      const taskParam = str(params, 'task');
      const task = isTask(taskParam) ? t(`tasks.${taskParam}`) : t('maintenanceFallback');
      const when = formatRelativeDays(metric.value, locale);
      return metric.value < 0 ? t('messages.maintenanceOverdue', { task, when }) : t('messages.maintenanceDue', { task, when });
    }
    case 'panel_soiling':
    case 'array_soiling': {
      const key = CAUSE_KEY[alert.cause] as 'panelSoiling' | 'arraySoiling';
      const shortfall = num(params, 'shortfallPct');
      return shortfall === null
        ? t(`messages.${key}NoShortfall`, { hours: shown })
        : t(`messages.${key}`, { hours: shown, shortfall: formatPercent(shortfall, locale, { digits: 0 }) });
    }
    case 'cycling': {
      const usual = num(params, 'usualPerDay');
      return usual === null
        ? t('messages.cyclingNoUsual', { frequency: shown })
        : t('messages.cycling', { frequency: shown, usual: t('units.timesPerDay', { value: count(usual, locale) }) });
    }
    case 'resolution': {
      const usual = num(params, 'usualP');
      return usual === null
        ? t('messages.resolutionNoUsual', { resolution: shown })
        : t('messages.resolution', { resolution: shown, usual: t('units.resolution', { value: Math.round(usual) }) });
    }
    case 'night_flow': {
      const night = str(params, 'night');
      return night && /^\d{4}-\d{2}-\d{2}$/.test(night)
        ? t('messages.nightFlow', { rate: shown, night: formatLocalDate(night, locale, { month: 'long', day: 'numeric' }) })
        : t('messages.nightFlowNoNight', { rate: shown });
    }
  }
}

export type AlertWording = {
  /** What the alert is about: its device's name, or its component's in the reader's language when it has no device. */
  device: (alert: MaintenanceAlert) => string;
  title: (alert: MaintenanceAlert) => string;
  message: (alert: MaintenanceAlert) => string;
  metric: (alert: MaintenanceAlert) => MetricText;
  type: (type: MaintenanceAlert['type']) => string;
  priority: (priority: MaintenanceAlert['priority']) => string;
  task: (task: MaintenanceTask) => string;
};

/** The words for alerts (and maintenance tasks) in the current UI language. */
export function useAlertWording(): AlertWording {
  const { t } = useTranslation('alerts');
  const locale = useIntlLocale();
  const componentName = useComponentName();
  return useMemo(() => {
    // Without a device, the server sends the component's name, which for the array is English.
    const device = (alert: MaintenanceAlert) => componentName({ name: alert.device, kind: alert.componentKind });
    return {
      device,
      title: (alert) => titleText(t, alert, device(alert)),
      message: (alert) => messageText(t, alert, locale),
      metric: (alert) => metricText(t, alert.metric, locale),
      type: (type) => t(`types.${type}`),
      priority: (priority) => t(`priorities.${priority}`),
      task: (task) => t(`tasks.${task}`),
    };
  }, [t, locale, componentName]);
}
