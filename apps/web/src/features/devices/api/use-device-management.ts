import {
  managedDeviceSchema,
  pairedDeviceSchema,
  type AddDeviceRequest,
  type ManagedDevice,
  type PairedDevice,
  type UpdateDeviceRequest,
} from '@peakwise/contracts/device-management.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-request';
import { devicesKeys } from './devices-keys';

const devicePath = (id: string) => `/api/devices/${encodeURIComponent(id)}`;

/** Pair, edit and remove devices; each refetches the screen's one devices query when it settles. */
export function useAddDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddDeviceRequest): Promise<PairedDevice> => pairedDeviceSchema.parse(await apiJson('POST', '/api/devices', input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}

/** A new password for a paired device (its settings shown again); its old one stops working. */
export function useRenewDeviceCredential(deviceId: string) {
  return useMutation({
    mutationFn: async (): Promise<PairedDevice> => pairedDeviceSchema.parse(await apiJson('POST', `${devicePath(deviceId)}/credential`)),
  });
}

export function useUpdateDevice(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateDeviceRequest): Promise<ManagedDevice> => managedDeviceSchema.parse(await apiJson('PATCH', devicePath(deviceId), input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}

export function useRemoveDevice(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiJson('DELETE', devicePath(deviceId));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}

export type DeviceMove = { id: string; x: number; y: number; roomId: string | null };

/** A device dragged on the floor plan: its new spot, and the room it was dropped in. */
export function useMoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...spot }: DeviceMove): Promise<ManagedDevice> => managedDeviceSchema.parse(await apiJson('PATCH', devicePath(id), spot)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
}
