import { managedDeviceSchema, type ManagedDevice, type MeterClamps } from '@peakwise/contracts/device-management.contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiJson } from '@/lib/api-request';

/**
 * How many clamps a first-generation Shelly EM has, as the pairing screen asks: saved on the
 * device at once, since the server reads the meter's channels by it. A device paired as another
 * family and switched to the Gen1 steps here is saved with two (a split-phase panel) until the
 * member says one.
 */
export function useMeterClamps(device: ManagedDevice, active: boolean) {
  const [clamps, setClamps] = useState<MeterClamps | null>(device.meterClamps ?? null);
  const save = useMutation({
    mutationFn: async (value: MeterClamps) => managedDeviceSchema.parse(await apiJson('PATCH', `/api/devices/${encodeURIComponent(device.id)}`, { meterClamps: value })),
  });
  const { mutate, isIdle } = save;
  useEffect(() => {
    if (active && clamps === null && isIdle) {
      setClamps(2);
      mutate(2);
    }
  }, [active, clamps, isIdle, mutate]);
  return {
    clamps: clamps ?? 2,
    choose: (value: MeterClamps) => {
      setClamps(value);
      mutate(value);
    },
    failed: save.isError,
  };
}
