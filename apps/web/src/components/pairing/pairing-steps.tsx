import { deviceConnectionSchema, type DeviceConnection } from '@peakwise/contracts/device-connection.contract';
import { DEVICE_FAMILIES, type DeviceFamily, type PairedDevice } from '@peakwise/contracts/device-management.contract';
import { liveDeviceEventSchema } from '@peakwise/contracts/energy.contract';
import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { apiGet } from '@/lib/api-client';
import { pairingQrText } from './pairing-qr-text';
import { useMeterClamps } from './use-meter-clamps';

export { DEVICE_FAMILIES, type DeviceFamily };

/**
 * How long the screen waits for the first message before it lists what to check. A plug sends
 * within seconds of saving its settings; by then a refused login or topic is on record.
 */
export const FIRST_MESSAGE_WAIT_MS = 30_000;
/** While nothing has come, how often the broker's refusals are asked for again. */
const REFUSAL_POLL_MS = 10_000;

// The QR encoder is a chunk of its own, loaded with the first pairing screen.
const PairingQr = lazy(() => import('./pairing-qr'));

/** What the pairing screen needs of EventSource; tests hand in a fake. */
export type DeviceEventSource = { addEventListener(type: 'device', listener: (event: MessageEvent<string>) => void): void; close(): void };
export type DeviceEventSourceFactory = () => DeviceEventSource | null;

// Its own connection to /api/live, only while this screen waits: the shared one lives in the
// Dashboard's first-load bundle, which has no room left for a listener only pairing uses.
const openLiveStream: DeviceEventSourceFactory = () => (typeof EventSource === 'undefined' ? null : new EventSource('/api/live', { withCredentials: true }));

type Props = {
  paired: PairedDevice;
  /** The family chosen before pairing; the member may still switch. */
  initialFamily?: DeviceFamily;
  /** Called as the member follows the "see it on the Dashboard" link, to close the dialog holding these steps. */
  onLeave?: () => void;
  openStream?: DeviceEventSourceFactory;
};

type Connection = { state: 'waiting' } | { state: 'connected'; powerW: number | null } | { state: 'silent' };

/** The first message from the device just paired: connected (with its power), or still nothing after a while. */
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

/** Once the wait is over: why the broker last turned this device's credential away, if it did (decision 094). */
function useRefusal(deviceId: string, silent: boolean): DeviceConnection['refusal'] {
  const query = useQuery({
    queryKey: ['device-connection', deviceId],
    queryFn: () => apiGet(`/api/devices/${encodeURIComponent(deviceId)}/connection`, deviceConnectionSchema),
    enabled: silent,
    refetchInterval: REFUSAL_POLL_MS,
    retry: false,
  });
  return query.data?.refusal ?? null;
}

/** Steps for the device family the member picks, each value with a copy button and all in a QR code, then a live "Connected". */
export function PairingSteps({ paired, initialFamily = 'shellyPlug', onLeave, openStream = openLiveStream }: Props) {
  const { t, i18n } = useTranslation('manageDevices');
  const [family, setFamily] = useState<DeviceFamily>(initialFamily);
  const [announcement, setAnnouncement] = useState('');
  const connection = useFirstMessage(paired.device.id, openStream);
  const refusal = useRefusal(paired.device.id, connection.state === 'silent');
  const name = useId();
  const clampsName = useId();
  const meterClamps = useMeterClamps(paired.device, family === 'shellyEmGen1');
  const c = paired.credential;
  const server = `${c.mqttHost}:${c.mqttPort}`;
  const password = c.mqttPassword ?? c.token;
  // On NATS in operator mode the MQTT password is a JWT of 2–3k characters (decision 132): named as
  // such, left out of the QR code (no QR code holds it with the other fields) and shown in a box that scrolls.
  const jwt = c.mqttPasswordKind === 'jwt';
  const passwordLength = new Intl.NumberFormat(i18n.language).format(password.length);

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

  // Each family's fields, as its own settings screen names them: the list and the QR code show these.
  const shellyFields: [string, string][] = [
    [t('pair.shelly.server'), server],
    [t('pair.shelly.clientId'), c.mqttClientId],
    [t('pair.shelly.user'), c.mqttUsername],
    [t('pair.shelly.password'), password],
    [t('pair.shelly.prefix'), c.shellyMqttPrefix],
  ];
  const fields: Record<DeviceFamily, [string, string][]> = {
    shellyPlug: shellyFields,
    shellyEm: shellyFields,
    // Its settings screen has no prefix of ours: its MQTT id is the client id shown, which names the home (decision 107).
    shellyEmGen1: [
      [t('pair.shellyEmGen1.server'), server],
      [t('pair.shellyEmGen1.user'), c.mqttUsername],
      [t('pair.shellyEmGen1.password'), password],
      [t('pair.shellyEmGen1.prefix'), c.mqttClientId],
    ],
    tasmota: [
      [t('pair.tasmota.host'), c.mqttHost],
      [t('pair.tasmota.port'), String(c.mqttPort)],
      [t('pair.tasmota.client'), c.mqttClientId],
      [t('pair.tasmota.user'), c.mqttUsername],
      [t('pair.tasmota.password'), password],
      [t('pair.tasmota.topic'), paired.device.externalId],
      [t('pair.tasmota.fullTopic'), c.tasmotaFullTopic],
    ],
    other: [
      [t('pair.other.host'), c.mqttHost],
      [t('pair.other.port'), String(c.mqttPort)],
      [t('pair.other.clientId'), c.mqttClientId],
      [t('pair.other.user'), c.mqttUsername],
      [t(jwt ? 'pair.other.passwordJwt' : 'pair.other.password'), password],
      [t('pair.other.prefix'), c.mqttTopicPrefix],
      [t('pair.other.http'), c.httpEndpoint],
      // Over HTTP the login stays the token: with a JWT for MQTT it is no longer among the fields above.
      ...(jwt ? [[t('pair.other.httpToken'), c.token] as [string, string]] : []),
    ],
  };
  const list = (
    <dl className="mt-2 space-y-2">
      {fields[family].map(([label, value]) => (
        <CopyField key={label} label={label} value={value} onCopy={() => copy(label, value)} copyLabel={t('pair.copy', { label })} hint={jwt && value === password ? t('pair.jwt.hint', { length: passwordLength }) : undefined} />
      ))}
    </dl>
  );

  // The Pro 3EM has the Gen2 plug's Settings → MQTT screen; only what it must publish differs.
  const shellySteps = (meter: boolean) => (
    <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-800">
      <li>{t(meter ? 'pair.shellyEm.open' : 'pair.shelly.open')}</li>
      <li>{t('pair.shelly.enable')}</li>
      <li>
        {t('pair.shelly.enter')}
        {list}
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
        {list}
      </li>
      {c.mqttTls ? <li>{t('pair.tasmota.tls')}</li> : null}
      <li>{t('pair.tasmota.save')}</li>
    </ol>
  );

  const gen1Steps = () => (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('pair.shellyEmGen1.clamps')}</legend>
        <div className="mt-2 grid gap-2">
          {([2, 1] as const).map((count) => (
            <label key={count} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
              <input type="radio" name={clampsName} value={count} checked={meterClamps.clamps === count} onChange={() => meterClamps.choose(count)} className="size-4 accent-brand-600" />
              {t(count === 2 ? 'pair.shellyEmGen1.two' : 'pair.shellyEmGen1.one')}
            </label>
          ))}
        </div>
        <p className="mt-1 text-sm text-slate-700">{t('pair.shellyEmGen1.clampsHint')}</p>
        {meterClamps.failed ? (
          <p role="alert" className="mt-1 text-sm text-red-800">
            {t('pair.shellyEmGen1.clampsFailed')}
          </p>
        ) : null}
      </fieldset>
      <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-800">
        <li>{t('pair.shellyEmGen1.open')}</li>
        <li>{t('pair.shellyEmGen1.enable')}</li>
        <li>
          {t('pair.shellyEmGen1.enter')}
          {list}
        </li>
        <li>{t('pair.shellyEmGen1.save')}</li>
      </ol>
    </>
  );

  const refusedAt = refusal ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(refusal.at)) : '';

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
      {family === 'shellyEmGen1' ? gen1Steps() : null}
      {family === 'tasmota' ? tasmotaSteps() : null}
      {family === 'other' ? (
        <div className="space-y-2 text-sm text-slate-800">
          <p>{t(jwt ? 'pair.other.introJwt' : 'pair.other.intro')}</p>
          {list}
          <p>{t(c.mqttTls ? 'pair.other.tls' : 'pair.other.noTls')}</p>
        </div>
      ) : null}

      <figure className="flex flex-col items-center gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:gap-4">
        <Suspense fallback={<div className="size-48 shrink-0" />}>
          <PairingQr text={pairingQrText(jwt ? fields[family].filter(([, value]) => value !== password) : fields[family])} label={t('pair.qr.label')} />
        </Suspense>
        <figcaption className="space-y-1 text-sm text-slate-700">
          <span className="block">{t('pair.qr.caption')}</span>
          {jwt ? <span className="block">{t('pair.jwt.qrLeftOut')}</span> : null}
        </figcaption>
      </figure>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div role="status" aria-live="polite" className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
        {connection.state === 'connected' ? (
          <div className="space-y-1">
            <p className="font-semibold text-emerald-800">{connection.powerW === null ? t('pair.connectedNoPower') : t('pair.connected', { power: Math.round(connection.powerW) })}</p>
            <p>
              <Link to="/app/dashboard" onClick={onLeave} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                {t('pair.toDashboard')}
              </Link>
            </p>
          </div>
        ) : connection.state === 'silent' ? (
          <div className="text-slate-800">
            <p className="font-medium">{t('pair.silent')}</p>
            {refusal ? (
              <p className="mt-1 rounded-md bg-amber-50 px-2 py-1 text-amber-900" data-testid="pairing-refusal">
                {t(`pair.refusals.${refusal.reason}`, { time: refusedAt, topic: refusal.topic ?? '' })}
              </p>
            ) : null}
            <ul className="mt-1 list-disc space-y-1 pl-5">
              <li>{t('pair.check.server', { server })}</li>
              <li>{jwt ? t('pair.check.loginJwt', { length: passwordLength }) : t('pair.check.login')}</li>
              <li>{t('pair.check.prefix')}</li>
              {family === 'tasmota' ? <li>{t('pair.check.tasmota')}</li> : null}
              {family === 'shellyPlug' ? <li>{t('pair.check.notifications')}</li> : null}
              {family === 'shellyEm' ? <li>{t('pair.check.generic')}</li> : null}
              {family === 'shellyEmGen1' ? <li>{t('pair.check.gen1')}</li> : null}
            </ul>
          </div>
        ) : (
          <p className="text-slate-700">{t('pair.waiting', { name: paired.device.name })}</p>
        )}
      </div>
    </div>
  );
}

/** Past this many characters a value scrolls in a box of a few lines instead of filling the card. */
const LONG_VALUE = 200;

function CopyField({ label, value, onCopy, copyLabel, hint }: { label: string; value: string; onCopy: () => void; copyLabel: string; hint?: string | undefined }) {
  const hintId = useId();
  const long = value.length > LONG_VALUE;
  return (
    <div>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="mt-1">
        <div className={`flex gap-2 ${long ? 'items-start' : 'items-center'}`}>
          {/* A scrolling box is reachable from the keyboard, so a member without a mouse can read it to the end. */}
          <span
            className={`min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-900 select-all ${long ? 'block max-h-24 overflow-y-auto focus-visible:outline-2 focus-visible:outline-brand-600' : ''}`}
            {...(long ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
          >
            {value}
          </span>
          <Button variant="secondary" size="sm" onClick={onCopy} aria-label={copyLabel} {...(hint ? { 'aria-describedby': hintId } : {})}>
            <Copy aria-hidden className="size-4" />
          </Button>
        </div>
        {hint ? (
          <p id={hintId} className="mt-1 text-xs text-slate-700">
            {hint}
          </p>
        ) : null}
      </dd>
    </div>
  );
}
