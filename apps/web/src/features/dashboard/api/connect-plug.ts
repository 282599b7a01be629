import { pairedDeviceSchema, type PairedDevice } from '@peakwise/contracts/device-management.contract';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-request';

/**
 * Pairs the Peakwise plug (a Shelly Gen2 plug, decision 094) with nothing asked: Peakwise gives it
 * its id, the name is the member's language's "Smart plug". Loaded with the connect dialog only.
 */
export function useConnectPlug() {
  // The checklist is refreshed when the pairing screen closes, not now: the step it ticks holds
  // the button this screen was opened from.
  return useMutation({
    mutationFn: async (name: string): Promise<PairedDevice> =>
      pairedDeviceSchema.parse(await apiJson('POST', '/api/devices', { name, kind: 'smart_plug', family: 'shellyPlug' })),
  });
}
