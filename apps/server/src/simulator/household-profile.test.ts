import { describe, expect, it } from 'vitest';
import { DEMO_HOUSEHOLD, deviceIds } from './household-profile';
import { arrayKwp } from './solar-model';

describe('demo household profile', () => {
  it('is the Toronto demo home with a 6.4 kWp, 16-panel array', () => {
    expect(DEMO_HOUSEHOLD).toMatchObject({ name: 'Demo household', postalCode: 'M5V 3L9', province: 'ON', timeZone: 'America/Toronto' });
    expect(DEMO_HOUSEHOLD.solar.panels).toHaveLength(16);
    expect(arrayKwp(DEMO_HOUSEHOLD.solar)).toBeCloseTo(6.4, 9);
    expect(DEMO_HOUSEHOLD.solar.panels[0]?.name).toBe('Panel 1');
  });

  it('uses unique external ids the ingest endpoint accepts', () => {
    const ids = deviceIds(DEMO_HOUSEHOLD);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
  });

  it('never lets food storage, the sump pump or medical equipment be switched', () => {
    const never = DEMO_HOUSEHOLD.appliances.filter((a) => a.neverSwitch).map((a) => a.behaviour).sort();
    expect(never).toEqual(['cpap', 'freezer', 'fridge', 'sump_pump']);
    for (const a of DEMO_HOUSEHOLD.appliances) if (a.neverSwitch) expect(a.switchable).toBe(false);
  });
});
