import { liveDeviceEventSchema } from '@peakwise/contracts/energy.contract';
import type { PairedDevice } from '@peakwise/contracts/device-management.contract';
import { Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export const DEVICE_FAMILIES = ['shellyPlug', 'shellyEm', 'tasmota', 'other'] as const;
export type DeviceFamily = (typeof DEVICE_FAMILIES)[number];

/** How long the screen waits for the first message before it lists what to check. */
export const FIRST_MESSAGE_WAIT_MS = 2 * 60_000;

/** What the pairing screen needs of EventSource; tests hand in a fake. */
export type DeviceEventSource = { addEventListener(type: 'device', listener: (event: MessageEvent<string>) => void): void; close(): void };
export type DeviceEventSourceFactory = () => DeviceEventSource | null;

// Its own connection to /api/live, only while this screen waits: the shared one lives in the
// Dashboard's first-load bundle, which has no room left for a listener only pairing uses.
const openLiveStream: DeviceEventSourceFactory = () => (typeof EventSource === 'undefined' ? null : new EventSource('/api/live', { withCredentials: true }));

type Props = { paired: PairedDevice; openStream?: DeviceEventSourceFactory };

type Connection = { state: 'waiting' } | { state: 'connected'; powerW: number | null } | { state: 'silent' };

/** The first message from the device just paired: connected (with its power), or still nothing after two minutes. */
function useFirstMessage(deviceId: string, openStream: DeviceEventSourceFactory): Connection {
  const [connection, setConnection] = useState<Connection>({ state: 'waiting' });
  const connected = connection.state === 'connected';
  useEffect(() => {
    if (connected) return;
    const source = openStream();
    source?.addEventListener('device', (event) => {
      let data: unknown = null;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = liveDeviceEventSchema.safeParse(data);
      if (parsed.success && parsed.data.deviceId === deviceId) setConnection({ state: 'connected', powerW: parsed.data.powerW });
    });
    const timer = setTimeout(() => setConnection((c) => (c.state === 'waiting' ? { state: 'silent' } : c)), FIRST_MESSAGE_WAIT_MS);
    return () => {
      clearTimeout(timer);
      source?.close();
    };
  }, [deviceId, openStream, connected]);
  return connection;
}

/** Steps for the device family the member picks, each value with a copy button, then a live "Connected". */
export function PairingSteps({ paired, openStream = openLiveStream }: Props) {
  const { t } = useTranslation('manageDevices');
  const [family, setFamily] = useState<DeviceFamily>('shellyPlug');
  const [announcement, setAnnouncement] = useState('');
  const connection = useFirstMessage(paired.device.id, openStream);
  const name = useId();
  const c = paired.credential;
  const server = `${c.mqttHost}:${c.mqttPort}`;

  const copy = (label: string, value: string) => {
    // Undefined outside a secure context (plain http on a LAN address): the value stays selectable.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    setAnnouncement('');
    if (!clipboard) return setAnnouncement(t('pair.copyFailed'));
    clipboard.writeText(value).then(
      () => setAnnouncement(t('pair.copied', { label })),
      () => setAnnouncement(t('pair.copyFailed')),
    );
  };
  const field = (label: string, value: string) => <CopyField key={label} label={label} value={value} onCopy={() => copy(label, value)} copyLabel={t('pair.copy', { label })} />;

  // The Pro 3EM has the Gen2 plug's Settings → MQTT screen; only what it must publish differs.
  const shellySteps = (meter: boolean) => (
    <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-800">
      <li>{t(meter ? 'pair.shellyEm.open' : 'pair.shelly.open')}</li>
      <li>{t('pair.shelly.enable')}</li>
      <li>
        {t('pair.shelly.enter')}
        <dl className="mt-2 space-y-2">
          {field(t('pair.shelly.server'), server)}
          {field(t('pair.shelly.clientId'), c.mqttClientId)}
          {field(t('pair.shelly.user'), c.mqttUsername)}
          {field(t('pair.shelly.password'), c.token)}
          {field(t('pair.shelly.prefix'), c.shellyMqttPrefix)}
        </dl>
      </li>
      {c.mqttTls ? <li>{t('pair.shelly.tls')}</li> : null}
      <li>{t(meter ? 'pair.shellyEm.notifications' : 'pair.shelly.notifications')}</li>
      <li>{t('pair.shelly.save')}</li>
    </ol>
  );

  const tasmotaSteps = () => (
    <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-800">
      <li>{t('pair.tasmota.open')}</li>
      <li>{t('pair.tasmota.enable')}</li>
      <li>
        {t('pair.tasmota.enter')}
        <dl className="mt-2 space-y-2">
          {field(t('pair.tasmota.host'), c.mqttHost)}
          {field(t('pair.tasmota.port'), String(c.mqttPort))}
          {field(t('pair.tasmota.client'), c.mqttClientId)}
          {field(t('pair.tasmota.user'), c.mqttUsername)}
          {field(t('pair.tasmota.password'), c.token)}
          {field(t('pair.tasmota.topic'), paired.device.externalId)}
          {field(t('pair.tasmota.fullTopic'), c.tasmotaFullTopic)}
        </dl>
      </li>
      {c.mqttTls ? <li>{t('pair.tasmota.tls')}</li> : null}
      <li>{t('pair.tasmota.save')}</li>
    </ol>
  );

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('pair.family')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {DEVICE_FAMILIES.map((f) => (
            <label key={f} className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
              <input type="radio" name={name} value={f} checked={family === f} onChange={() => setFamily(f)} className="size-4 accent-brand-600" />
              {t(`pair.families.${f}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {family === 'shellyPlug' ? shellySteps(false) : null}
      {family === 'shellyEm' ? (
        <>
          {shellySteps(true)}
          <p className="text-sm text-slate-700">{t('pair.shellyEm.gen1')}</p>
        </>
      ) : null}
      {family === 'tasmota' ? tasmotaSteps() : null}
      {family === 'other' ? (
        <div className="space-y-2 text-sm text-slate-800">
          <p>{t('pair.other.intro')}</p>
          <dl className="space-y-2">
            {field(t('pair.other.host'), c.mqttHost)}
            {field(t('pair.other.port'), String(c.mqttPort))}
            {field(t('pair.other.user'), c.mqttUsername)}
            {field(t('pair.other.password'), c.token)}
            {field(t('pair.other.prefix'), c.mqttTopicPrefix)}
            {field(t('pair.other.http'), c.httpEndpoint)}
          </dl>
          <p>{t(c.mqttTls ? 'pair.other.tls' : 'pair.other.noTls')}</p>
        </div>
      ) : null}

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div role="status" aria-live="polite" className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
        {connection.state === 'connected' ? (
          <p className="font-semibold text-emerald-800">{connection.powerW === null ? t('pair.connectedNoPower') : t('pair.connected', { power: Math.round(connection.powerW) })}</p>
        ) : connection.state === 'silent' ? (
          <div className="text-slate-800">
            <p className="font-medium">{t('pair.silent')}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">
              <li>{t('pair.check.server', { server })}</li>
              <li>{t('pair.check.login')}</li>
              <li>{t('pair.check.prefix')}</li>
              {family === 'tasmota' ? <li>{t('pair.check.tasmota')}</li> : null}
              {family === 'shellyPlug' ? <li>{t('pair.check.notifications')}</li> : null}
              {family === 'shellyEm' ? <li>{t('pair.check.generic')}</li> : null}
            </ul>
          </div>
        ) : (
          <p className="text-slate-700">{t('pair.waiting', { name: paired.device.name })}</p>
        )}
      </div>
    </div>
  );
}

function CopyField({ label, value, onCopy, copyLabel }: { label: string; value: string; onCopy: () => void; copyLabel: string }) {
  return (
    <div>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 flex items-center gap-2">
        <span className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-900 select-all">{value}</span>
        <Button variant="secondary" size="sm" onClick={onCopy} aria-label={copyLabel}>
          <Copy aria-hidden className="size-4" />
        </Button>
      </dd>
    </div>
  );
}
