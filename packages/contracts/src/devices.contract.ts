import { z } from 'zod';
import { coverageSchema, deviceStatusSchema } from './energy.contract';

// ---------- IoT Devices: GET /api/devices, GET /api/devices/:id/history ----------

/** A device counts as active while its latest reading is at most this old (3 missed intervals). */
export const ACTIVE_DEVICE_WINDOW_MS = 15 * 60_000;

export const deviceRoomSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Geometry in the 1000 × 600 plan space. */
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type DeviceRoom = z.infer<typeof deviceRoomSchema>;

export const deviceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  roomId: z.string().nullable(),
  room: z.string().nullable(),
  /** Position in the plan space; null when the device is not placed. */
  x: z.number().nullable(),
  y: z.number().nullable(),
  status: deviceStatusSchema,
  /** Power in the latest reading if it is recent (ACTIVE_DEVICE_WINDOW_MS); null otherwise. */
  powerW: z.number().nullable(),
  /** Efficiency in percent from the latest reading that reported one; null when never reported. */
  efficiencyPct: z.number().nullable(),
  /** Reporting in the last 15 minutes and drawing power or switched on (the Dashboard's rule); never a panel or the water meter. */
  active: z.boolean(),
  relayOn: z.boolean().nullable(),
  neverSwitch: z.boolean(),
  lastSeenAt: z.string().nullable(),
  /**
   * Its password has no login on the MQTT broker (issued before Peakwise managed the broker's
   * logins): the device cannot connect until the member gets a new one ("Show pairing settings again").
   */
  needsNewPassword: z.boolean(),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

export const devicesOverviewSchema = z.object({
  timeZone: z.string(),
  cards: z.object({
    activeCount: z.number().int(),
    /** Live devices that could be active ("{active} of {total}"): panels and the water meter are not consumers. */
    deviceCount: z.number().int(),
    /** Sum of the recent devices' power, in W; null when no device reported recently. */
    totalPowerW: z.number().nullable(),
    /** Mean over devices of each one's latest efficiency in the last 30 days; null when none has one. */
    averageEfficiencyPct: z.number().nullable(),
    /** Intervals with a reading ÷ intervals expected over the last 30 days, all devices pooled. */
    uptimePct: z.number().nullable(),
  }),
  rooms: z.array(deviceRoomSchema),
  devices: z.array(deviceSummarySchema),
});
export type DevicesOverview = z.infer<typeof devicesOverviewSchema>;

export const DEVICE_HISTORY_RANGES = ['24h', '7d', '30d'] as const;
export const deviceHistoryRangeSchema = z.enum(DEVICE_HISTORY_RANGES, { error: 'range must be one of 24h, 7d or 30d' });
export type DeviceHistoryRange = z.infer<typeof deviceHistoryRangeSchema>;
export const deviceHistoryQuerySchema = z.object({ range: deviceHistoryRangeSchema.default('24h') });

export const deviceHistorySchema = z.object({
  deviceId: z.string(),
  kind: z.string(),
  range: deviceHistoryRangeSchema,
  timeZone: z.string(),
  bucket: z.enum(['hour', 'day']),
  /** Mean power per bucket in W; null = no reading in that bucket, never zero. */
  points: z.array(z.object({ start: z.string(), avgPowerW: z.number().nullable(), energyKwh: z.number().nullable(), coverage: coverageSchema })),
  latest: z
    .object({
      ts: z.string(),
      powerW: z.number().nullable(),
      efficiencyPct: z.number().nullable(),
      /** Kind-specific values as the device sent them (brightnessPct, indoorTempC, motionEvents…). */
      metrics: z.record(z.string(), z.number()),
    })
    .nullable(),
});
export type DeviceHistory = z.infer<typeof deviceHistorySchema>;
