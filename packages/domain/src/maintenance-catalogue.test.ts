import { describe, expect, it } from 'vitest';
import { COMPONENT_CATALOGUE, COMPONENT_KINDS, componentKindForDevice, nextRoutineDate } from './maintenance-catalogue';

describe('maintenance catalogue', () => {
  it('gives every kind a task and a health method', () => {
    for (const kind of COMPONENT_KINDS) expect(COMPONENT_CATALOGUE[kind].task).toBeTruthy();
  });

  it('paired equipment gets a component; a plug does not, since it could feed anything', () => {
    expect(componentKindForDevice('solar_panel')).toBe('solar_panel');
    expect(componentKindForDevice('temperature')).toBe('hvac');
    expect(componentKindForDevice('water_meter')).toBe('water_supply');
    expect(componentKindForDevice('smart_plug')).toBeNull();
    expect(componentKindForDevice('power')).toBeNull();
  });

  it('the next routine date follows the last maintenance, or pairing when never maintained', () => {
    expect(nextRoutineDate('hvac', '2026-09-01', '2026-01-01')).toBe('2026-11-30');
    expect(nextRoutineDate('hvac', null, '2026-11-22')).toBe('2027-02-20');
    expect(nextRoutineDate('solar_panel', '2026-09-01', '2026-01-01')).toBeNull();
  });
});
