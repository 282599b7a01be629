import { sql } from 'drizzle-orm';
import { INTERVAL_MS, HOUR_MS, DAY_MS } from '@peakwise/domain/time-constants';
import { addDays } from '@peakwise/domain/local-time';
import type { TestApp } from '../../test/test-app';
import type { Member } from '../../test/test-session';
import type { Device } from '../devices/devices.repository';
import type { Household } from '../households/household.repository';
import { local, memberWithHousehold, store } from '../energy/energy.test-helper';
import { addComponent } from './components.service';

/** Friday 2026-02-20, 12:00 in Toronto (EST). */
export const NOW = new Date('2026-02-20T17:00:00Z');
export const TODAY = '2026-02-20';
export const day = (daysAgo: number) => addDays(TODAY, -daysAgo);

type Reading = { device: string; ts: string; powerW?: number; energyKwh?: number; efficiency?: number; metrics?: Record<string, number> };

/** How far panel 4 has fallen behind on a day: 0.4 % a day over the last 30 days. */
export const panel4Factor = (daysAgo: number) => 1 - 0.004 * (30 - daysAgo);
/** Panel 3 carries 10 % of dirt all month. */
export const PANEL3_FACTOR = 0.9;
/** The water meter is off the network D-1 10:00–12:00 local (24 intervals). */
export const METER_GAP = { from: local(day(1), 10), to: local(day(1), 12) };

export type MaintenanceHome = { member: Member; household: Household; devices: Record<string, Device> };

/**
 * A household with what every rule needs to find, stored through the real validation and store:
 * five panels (3 dirty, 4 degrading), a camera that fell to 720p over the last 24 hours, a sump
 * pump that cycled 40 times today against 6 a day, a water meter that dripped all night, and a
 * thermostat without readings.
 */
export async function maintenanceHome(t: TestApp): Promise<MaintenanceHome> {
  const home = await memberWithHousehold(t, { p1: 'solar_panel', p2: 'solar_panel', p3: 'solar_panel', p4: 'solar_panel', p5: 'solar_panel', cam: 'camera', wm: 'water_meter', sump: 'smart_plug', thermo: 'temperature' });
  await t.database.db.execute(sql`update devices set rated_power_w = 400 where household_id = ${home.household.id}::uuid and kind = 'solar_panel'`);
  // A plug could feed anything: the member says it is the sump pump.
  await addComponent(t.database.db, home.household, { deviceId: home.devices.sump!.id, name: 'sump', kind: 'sump_pump' }, NOW);

  const readings: Reading[] = [];
  // Panels: 8 sunny intervals a day from 11:00, at 800 W/m² and 25 °C (so no temperature correction).
  for (let ago = 30; ago >= 1; ago -= 1) {
    for (const [id, f] of [['p1', 1], ['p2', 1], ['p3', PANEL3_FACTOR], ['p4', panel4Factor(ago)], ['p5', 1]] as const) {
      for (let i = 0; i < 8; i += 1) {
        readings.push({ device: id, ts: local(day(ago), 11, 5 * i).toISOString(), powerW: 300 * f, energyKwh: 0.025 * f, efficiency: 90 * f, metrics: { irradianceWm2: 800, cellTempC: 25 } });
      }
    }
  }
  // Camera: hourly, 1080p until 24 hours ago, 720p since.
  for (let ms = local(day(7), 0).getTime(); ms < NOW.getTime(); ms += HOUR_MS) {
    readings.push({ device: 'cam', ts: new Date(ms).toISOString(), powerW: 5, energyKwh: 0.0004, metrics: { resolutionP: ms > NOW.getTime() - DAY_MS ? 720 : 1080, motionEvents: 0 } });
  }
  // Sump pump: 150 intervals a day from midnight, 6 cycles in the first half hour; today 40 cycles.
  for (let ago = 7; ago >= 0; ago -= 1) {
    const count = ago === 0 ? 144 : 150;
    for (let i = 0; i < count; i += 1) {
      const cycles = ago === 0 ? (i < 40 ? 1 : 0) : i < 6 ? 1 : 0;
      readings.push({ device: 'sump', ts: new Date(local(day(ago), 0).getTime() + i * INTERVAL_MS).toISOString(), powerW: cycles * 120, energyKwh: cycles * 0.01, metrics: { cycles } });
    }
  }
  // Water meter: every interval from D-2 00:00 to now but the gap; a drip through tonight's 01:00–05:00.
  for (let ms = local(day(2), 0).getTime(); ms < NOW.getTime(); ms += INTERVAL_MS) {
    if (ms >= METER_GAP.from.getTime() && ms < METER_GAP.to.getTime()) continue;
    const night = ms >= local(TODAY, 1).getTime() && ms < local(TODAY, 5).getTime();
    readings.push({ device: 'wm', ts: new Date(ms).toISOString(), powerW: 0, energyKwh: 0, metrics: { litres: night ? 0.1 : 0.5, flowLpm: night ? 0.02 : 0.1, pressurePsi: 60 } });
  }
  for (let i = 0; i < readings.length; i += 2_000) await store(t.database.db, home.household.id, { devices: readings.slice(i, i + 2_000) });
  return home;
}
