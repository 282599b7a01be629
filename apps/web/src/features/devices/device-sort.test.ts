import type { DeviceSummary } from '@peakwise/contracts/devices.contract';
import { describe, expect, it } from 'vitest';
import { nextSort, sortDevices } from './device-sort';

const d = (name: string, over: Partial<DeviceSummary> = {}): DeviceSummary => ({
  id: name,
  name,
  kind: 'power',
  roomId: null,
  room: null,
  x: null,
  y: null,
  status: 'operational',
  powerW: null,
  efficiencyPct: null,
  active: false,
  relayOn: null,
  neverSwitch: false,
  lastSeenAt: null,
  needsNewPassword: false,
  ...over,
});

describe('sortDevices', () => {
  const list = [d('Lamp 10', { powerW: 5, status: 'critical', room: 'Office' }), d('Lamp 2', { powerW: 50, status: 'warning' }), d('fan', { status: 'mystery', room: 'Bedroom' })];

  it('sorts names naturally and case-insensitively', () => {
    expect(sortDevices(list, { column: 'name', direction: 'ascending' }, 'en').map((x) => x.name)).toEqual(['fan', 'Lamp 2', 'Lamp 10']);
  });

  it('keeps missing values last in both directions', () => {
    const asc = sortDevices(list, { column: 'power', direction: 'ascending' }, 'en').map((x) => x.name);
    const desc = sortDevices(list, { column: 'power', direction: 'descending' }, 'en').map((x) => x.name);
    expect(asc).toEqual(['Lamp 10', 'Lamp 2', 'fan']);
    expect(desc).toEqual(['Lamp 2', 'Lamp 10', 'fan']);
    expect(sortDevices(list, { column: 'room', direction: 'descending' }, 'en').map((x) => x.name)).toEqual(['Lamp 10', 'fan', 'Lamp 2']);
  });

  it('orders status by severity, unknown statuses after the known ones', () => {
    expect(sortDevices(list, { column: 'status', direction: 'ascending' }, 'en').map((x) => x.status)).toEqual(['warning', 'critical', 'mystery']);
  });

  it('flips the current column and starts another ascending', () => {
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'name')).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSort({ column: 'name', direction: 'descending' }, 'power')).toEqual({ column: 'power', direction: 'ascending' });
  });
});
