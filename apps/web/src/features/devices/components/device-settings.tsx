import type { DeviceRoom, DeviceSummary } from '@peakwise/contracts/devices.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { PairingSteps } from '@/components/pairing/pairing-steps';
import { useRemoveDevice, useRenewDeviceCredential, useUpdateDevice } from '../api/use-device-management';
import { manageErrorText } from '../manage-error';
import { useRoomName } from '@/lib/room-name';

type Props = { device: DeviceSummary; rooms: DeviceRoom[]; onRemoved: () => void };

/**
 * Rename a device, move it to another room, show its pairing settings again with a new password
 * (a password is shown once), or remove it (its readings stay in the totals).
 */
export function DeviceSettings({ device, rooms, onRemoved }: Props) {
  const { t } = useTranslation('manageDevices');
  const roomName = useRoomName();
  const update = useUpdateDevice(device.id);
  const remove = useRemoveDevice(device.id);
  const [name, setName] = useState(device.name);
  const [roomId, setRoomId] = useState(device.roomId ?? '');
  const [confirming, setConfirming] = useState(false);
  const renew = useRenewDeviceCredential(device.id);
  const [renewing, setRenewing] = useState(false);
  const closeRenew = () => {
    setRenewing(false);
    renew.reset();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name, roomId: roomId || null });
  };
  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        onRemoved();
      },
    });

  return (
    <section aria-labelledby={`settings-${device.id}`} className="mt-5 border-t border-slate-100 pt-4">
      <h3 id={`settings-${device.id}`} className="text-sm font-semibold text-slate-900">
        {t('edit.title')}
      </h3>
      {device.needsNewPassword ? (
        <div className="mt-3">
          <AlertMessage tone="error">{t('loginMissing.device')}</AlertMessage>
        </div>
      ) : null}
      <form onSubmit={save} className="mt-3 space-y-3" noValidate>
        <TextField label={t('edit.name')} value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} autoComplete="off" />
        <SelectField label={t('edit.room')} value={roomId} onChange={(e) => setRoomId(e.target.value)} placeholder={t('edit.noRoom')} options={rooms.map((r) => ({ value: r.id, label: roomName(r.name) }))} />
        <div role="status" className="text-sm">
          {update.isError ? <AlertMessage tone="error">{manageErrorText(t, update.error)}</AlertMessage> : update.isSuccess ? <span className="text-brand-800">{t('edit.saved')}</span> : null}
        </div>
        <div className="flex flex-wrap justify-between gap-3">
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              {t('edit.remove')}
            </Button>
            {/* A long translation (French) takes two lines in this narrow panel. */}
            <Button variant="secondary" size="sm" wrap onClick={() => setRenewing(true)}>
              {t('edit.renew')}
            </Button>
          </div>
          <Button type="submit" size="sm" disabled={update.isPending}>
            {t('edit.save')}
          </Button>
        </div>
      </form>
      <Modal open={confirming} onClose={() => setConfirming(false)} placement="center" title={t('edit.removeTitle', { name: device.name })} description={t('edit.removeMessage')}>
        {remove.isError ? <AlertMessage tone="error">{manageErrorText(t, remove.error)}</AlertMessage> : null}
        <div className="mt-4 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('edit.cancel')}
          </Button>
          <Button onClick={confirmRemove} disabled={remove.isPending}>
            {t('edit.removeConfirm')}
          </Button>
        </div>
      </Modal>
      <Modal
        open={renewing}
        onClose={closeRenew}
        placement="center"
        title={renew.data ? t('add.pairedTitle', { name: renew.data.device.name }) : t('edit.renewTitle', { name: device.name })}
        description={renew.data ? t('add.pairedIntro') : t('edit.renewMessage')}
      >
        {renew.data ? (
          <div className="space-y-4">
            <PairingSteps paired={renew.data} initialFamily={renew.data.device.meterClamps ? 'shellyEmGen1' : device.kind === 'power' ? 'shellyEm' : 'shellyPlug'} onLeave={closeRenew} />
            <div className="flex justify-end">
              <Button variant="secondary" onClick={closeRenew}>
                {t('add.done')}
              </Button>
            </div>
          </div>
        ) : (
          <>
            {renew.isError ? <AlertMessage tone="error">{t('edit.renewFailed')}</AlertMessage> : null}
            <div className="mt-4 flex justify-end gap-3">
              <Button variant="secondary" onClick={closeRenew}>
                {t('edit.cancel')}
              </Button>
              <Button onClick={() => renew.mutate()} disabled={renew.isPending}>
                {t('edit.renewConfirm')}
              </Button>
            </div>
          </>
        )}
      </Modal>
    </section>
  );
}
