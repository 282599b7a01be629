import type { MaintenanceAlert } from '@peakwise/contracts/maintenance.contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAlertWording } from './alert-text';
import { i18n } from './i18n';

const base: MaintenanceAlert = {
  id: 'a',
  componentId: 'c',
  component: 'Panel 13',
  device: 'Panel 13',
  componentKind: 'solar_panel',
  type: 'predictive',
  priority: 'high',
  cause: 'health_decline',
  metric: { kind: 'degradation_pct', value: 8 },
  params: {},
  detectedAt: '2025-11-24T15:00:00.000Z',
  updatedAt: '2025-11-24T15:00:00.000Z',
  scheduledFor: null,
};
const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

function words(patch: Partial<MaintenanceAlert>) {
  const { result } = renderHook(() => useAlertWording());
  const alert = { ...base, ...patch };
  return { title: nb(result.current.title(alert)), message: nb(result.current.message(alert)), metric: result.current.metric(alert) };
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('alert wording', () => {
  it('words every cause from its metric, with and without params', () => {
    expect(words({})).toMatchObject({ title: 'Panel 13 degrading', message: 'Health fell 8% recently. Service it before it fails.', metric: { label: 'Degradation', value: '8%' } });
    expect(words({ metric: { kind: 'degradation_pct', value: 6.2 }, params: { windowDays: 30, healthPct: 88.4, daysToCritical: 45 } }).message).toBe(
      'Health fell 6.2% over the last 30 days, to 88.4%. At this rate it turns critical in 45 days.',
    );
    expect(words({ cause: 'maintenance_due', device: 'Water heater', metric: { kind: 'days_until_due', value: 1 }, params: { task: 'flush_water_heater' } })).toMatchObject({
      title: 'Water heater maintenance due',
      message: 'Flush the water heater tank: due tomorrow.',
      metric: { label: 'Due in', value: '1 day' },
    });
    expect(words({ cause: 'maintenance_due', metric: { kind: 'days_until_due', value: 0 }, params: { task: 'not-a-task' } }).message).toBe('Routine maintenance: due today.');
    expect(words({ cause: 'array_soiling', device: 'Solar array', metric: { kind: 'hours_to_clean', value: 3 }, params: { shortfallPct: 22.4 } })).toMatchObject({
      title: 'Solar array needs cleaning',
      message: 'The array produced 22% less than the sun predicted (snow or dirt). Cleaning takes about 3 h.',
    });
    expect(words({ cause: 'cycling', device: 'Sump pump', metric: { kind: 'times_per_day', value: 48 }, params: { usualPerDay: 6 } })).toMatchObject({
      title: 'Sump pump switching on too often',
      message: 'Switching on 48 times/day, against 6 times/day usually. Worn parts or a wrong setting can cause this.',
      metric: { label: 'Frequency', value: '48 times/day' },
    });
    expect(words({ cause: 'resolution', device: 'Front door camera', metric: { kind: 'resolution_p', value: 720 }, params: { usualP: 1080 } })).toMatchObject({
      message: 'Streaming at 720p, below its usual 1080p. Check the lens, the Wi-Fi signal and the camera settings.',
      metric: { label: 'Resolution', value: '720p' },
    });
    expect(words({ cause: 'night_flow', metric: { kind: 'litres_per_hour', value: 0.42 } })).toMatchObject({
      title: 'Possible leak',
      message: 'Water flowed all night (about 0.42 L/h). Check for a dripping tap or a running toilet.',
    });
  });

  it('speaks French and Spanish', async () => {
    await act(() => i18n.changeLanguage('fr'));
    expect(words({ cause: 'maintenance_due', device: 'Chauffe-eau', metric: { kind: 'days_until_due', value: -3 }, params: { task: 'flush_water_heater' } })).toMatchObject({
      title: 'Entretien en retard : Chauffe-eau',
      message: 'Vidanger le réservoir du chauffe-eau : en retard, c’était prévu il y a 3 jours.',
      metric: { label: 'En retard de', value: '3 jours' },
    });
    await act(() => i18n.changeLanguage('es'));
    expect(words({ metric: { kind: 'degradation_pct', value: 12.5 }, params: { windowDays: 14 } }).message).toBe('El estado bajó 12,5 % en los últimos 14 días. Hazle mantenimiento antes de que falle.');
  });

  it('names the solar array, which the server names in English, in the reader’s language; a device keeps its own name', async () => {
    const array = { component: 'Solar array', device: 'Solar array', componentKind: 'solar_array' as const, type: 'cleaning' as const, cause: 'array_soiling' as const, metric: { kind: 'hours_to_clean' as const, value: 2 } };
    const { result } = renderHook(() => useAlertWording());
    expect(result.current.device({ ...base, ...array })).toBe('Solar array');
    await act(() => i18n.changeLanguage('fr'));
    expect(result.current.device({ ...base, ...array })).toBe('Panneaux solaires');
    expect(words(array).title).toBe('Panneaux solaires à nettoyer');
    expect(result.current.device(base)).toBe('Panel 13');
    await act(() => i18n.changeLanguage('es'));
    expect(result.current.device({ ...base, ...array })).toBe('Paneles solares');
  });
});
