import type { DeviceHistoryRange } from '@peakwise/contracts/devices.contract';

/** The devices feature's only source of query keys, so loaders, hooks and invalidation always agree on them. */
export const devicesKeys = {
  all: ['devices'] as const,
  overview: (scope: string) => ['devices', scope, 'overview'] as const,
  comfort: (scope: string) => ['devices', scope, 'comfort'] as const,
  history: (scope: string, deviceId: string, range: DeviceHistoryRange) => ['devices', scope, 'history', deviceId, range] as const,
};
