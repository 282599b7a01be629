import type { PairedDevice } from '@peakwise/contracts/device-management.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PairingSteps } from '@/components/pairing/pairing-steps';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useConnectPlug } from '../api/connect-plug';
import { useQueryScope } from '@/lib/api-client';
import { dashboardKeys } from '../api/dashboard-keys';

/**
 * "Connect your plug" (issue 30): the member who ordered the Peakwise plug asked to connect it, so
 * the plug is paired as the dialog opens, with nothing to fill in (its id from Peakwise, its name
 * "Smart plug", changeable later), and the Shelly plug's steps show at once. A chunk of its own,
 * mounted afresh for each opening: one opening pairs one plug.
 */
export default function ConnectPlugDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, ready } = useTranslation(['manageDevices', 'firstSteps']);
  const connect = useConnectPlug();
  const queryClient = useQueryClient();
  const scope = useQueryScope();
  const [paired, setPaired] = useState<PairedDevice | null>(null);
  // React runs a mount's effect twice in development: the ref keeps it to one plug.
  const asked = useRef(false);
  const { mutate } = connect;
  useEffect(() => {
    if (!ready || asked.current) return;
    asked.current = true;
    mutate(t('manageDevices:add.defaultName'), { onSuccess: setPaired });
  }, [ready, mutate, t]);

  const close = () => {
    // Back on the Dashboard: Active Devices shows the plug and its watts, the step ticks.
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.firstSteps(scope) });
    onClose();
  };

  if (!ready) return null;
  return (
    <Modal
      open={open}
      onClose={close}
      placement="center"
      title={paired ? t('manageDevices:add.pairedTitle', { name: paired.device.name }) : t('firstSteps:connectPlug.title')}
      description={paired ? t('manageDevices:add.pairedIntro') : t('firstSteps:connectPlug.pairing')}
    >
      {paired ? (
        <div className="space-y-4">
          <PairingSteps paired={paired} initialFamily="shellyPlug" onLeave={close} />
          <div className="flex justify-end">
            <Button variant="secondary" onClick={close}>
              {t('manageDevices:add.done')}
            </Button>
          </div>
        </div>
      ) : connect.isError ? (
        <div className="space-y-4">
          <AlertMessage tone="error">{t('firstSteps:connectPlug.failed')}</AlertMessage>
          <div className="flex justify-end">
            <Button onClick={close}>{t('manageDevices:add.cancel')}</Button>
          </div>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          {t('firstSteps:connectPlug.pairing')}
        </p>
      )}
    </Modal>
  );
}
