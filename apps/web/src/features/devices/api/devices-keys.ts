import type { DeviceHistoryRange } from '@peakwise/contracts/devices.contract';
import { roomComfortKey } from '@/lib/use-room-comfort';

/** The devices feature's only source of query keys, so loaders, hooks and invalidation always agree on them. */
export const devicesKeys = {
  all: ['devices'] as const,
  overview: (scope: string) => ['devices', scope, 'overview'] as const,
  // Shared with the event page's comfort plan (lib/use-room-comfort).
  comfort: roomComfortKey,
  history: (scope: string, deviceId: string, range: DeviceHistoryRange) => ['devices', scope, 'history', deviceId, range] as const,
};
