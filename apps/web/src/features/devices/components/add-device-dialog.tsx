import { DEVICE_FAMILIES, DEVICE_KINDS, type DeviceFamily, type DeviceKind, type PairedDevice } from '@peakwise/contracts/device-management.contract';
import type { DeviceRoom } from '@peakwise/contracts/devices.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useAddDevice } from '../api/use-device-management';
import { kindLabel } from '../device-labels';
import { manageErrorText } from '../manage-error';
import { PairingSteps } from '@/components/pairing/pairing-steps';
import { useRoomName } from '@/lib/room-name';

type Props = { open: boolean; onClose: () => void; rooms: DeviceRoom[] };

/** Pairs a device (by its id, or with one Peakwise gives it), then shows, once, what to enter in the device to make it report, and waits for its first message. */
export function AddDeviceDialog({ open, onClose, rooms }: Props) {
  const { t } = useTranslation('manageDevices');
  const { t: td } = useTranslation('devices');
  const roomName = useRoomName();
  const add = useAddDevice();
  const [externalId, setExternalId] = useState('');
  // A name to start from, changeable here or later in the device's settings.
  const [name, setName] = useState(() => t('add.defaultName'));
  const [family, setFamily] = useState<DeviceFamily>('shellyPlug');
  const [kind, setKind] = useState<DeviceKind>('smart_plug');
  const [roomId, setRoomId] = useState('');
  const [paired, setPaired] = useState<PairedDevice | null>(null);

  const close = () => {
    onClose();
    setPaired(null);
    setExternalId('');
    setName(t('add.defaultName'));
    setFamily('shellyPlug');
    setRoomId('');
    add.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = externalId.trim();
    add.mutate({ ...(id ? { externalId: id } : {}), family, name, kind, roomId: roomId || null }, { onSuccess: setPaired });
  };

  return (
    <Modal open={open} onClose={close} placement="center" title={paired ? t('add.pairedTitle', { name: paired.device.name }) : t('add.title')} description={paired ? t('add.pairedIntro') : t('add.description')}>
      {paired ? (
        <div className="space-y-4">
          <PairingSteps paired={paired} initialFamily={family} onLeave={close} />
          <div className="flex justify-end">
            <Button onClick={close}>{t('add.done')}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          {add.isError ? <AlertMessage tone="error">{manageErrorText(t, add.error)}</AlertMessage> : null}
          <SelectField label={t('add.family')} value={family} onChange={(e) => setFamily(e.target.value as DeviceFamily)} options={DEVICE_FAMILIES.map((f) => ({ value: f, label: t(`pair.families.${f}`) }))} />
          <TextField label={t('add.externalId')} hint={t('add.externalIdHint')} value={externalId} onChange={(e) => setExternalId(e.target.value)} maxLength={64} autoComplete="off" />
          <TextField label={t('add.name')} value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} autoComplete="off" />
          <SelectField label={t('add.kind')} value={kind} onChange={(e) => setKind(e.target.value as DeviceKind)} options={DEVICE_KINDS.map((k) => ({ value: k, label: kindLabel(td, k) }))} />
          <SelectField label={t('add.room')} value={roomId} onChange={(e) => setRoomId(e.target.value)} placeholder={t('add.noRoom')} options={rooms.map((r) => ({ value: r.id, label: roomName(r.name) }))} />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              {t('add.cancel')}
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {t('add.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
