import type { OpsOpenAdrVtn } from '@peakwise/contracts/openadr.contract';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '@/lib/format';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function useInstant() {
  const locale = useIntlLocale();
  const { t } = useTranslation('ops');
  return (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, DATE_TIME).format(new Date(iso)) : t('openadr.never'));
}

/** A VTN connection's state: when it last gave us a token and was read, its subscriptions, and what went wrong last. */
export function VtnConnection({ vtn }: { vtn: OpsOpenAdrVtn }) {
  const { t } = useTranslation('ops');
  const instant = useInstant();
  const rows: [string, string][] = [
    [t('openadr.connection.version'), vtn.version],
    [t('openadr.connection.ven'), vtn.venId ? `${vtn.venName} (${vtn.venId})` : t('openadr.connection.notEnrolled', { name: vtn.venName })],
    [t('openadr.connection.lastToken'), instant(vtn.lastTokenAt)],
    [t('openadr.connection.lastPoll'), instant(vtn.lastPollAt)],
    [
      t('openadr.connection.subscription'),
      // No webhook is asked for while the VTN's MQTT notifier is in use (decision 114): "polling only" would be wrong.
      vtn.subscriptionStatus === 'off' && vtn.mqttStatus !== 'off' && vtn.mqttStatus !== 'failed'
        ? t('openadr.subscription.mqtt')
        : `${t(`openadr.subscription.${vtn.subscriptionStatus}`)}${vtn.subscriptionError ? ` — ${vtn.subscriptionError}` : ''}`,
    ],
    [
      t('openadr.connection.lastError'),
      vtn.lastError ? `${instant(vtn.lastErrorAt)} — ${vtn.lastError}${vtn.failures > 0 ? ` (${t('openadr.connection.failures', { count: vtn.failures })})` : ''}` : t('openadr.connection.none'),
    ],
    [t('openadr.connection.nextTry'), vtn.failures > 0 && vtn.retryAfter ? instant(vtn.retryAfter) : t('openadr.connection.onSchedule')],
    [t('openadr.connection.reportError'), vtn.reportError ? `${instant(vtn.reportErrorAt)} — ${vtn.reportError}` : t('openadr.connection.none')],
    // 3.1.1's MQTT notifier (decision 114): where the VEN listens, on what, and when it last heard something.
    [t('openadr.connection.mqtt'), `${t(`openadr.mqtt.${vtn.mqttStatus}`, { broker: vtn.mqttBroker ?? '' })}${vtn.mqttError ? ` — ${vtn.mqttError}` : ''}`],
    ...(vtn.mqttStatus === 'off'
      ? []
      : ([
          [t('openadr.connection.mqttTopics'), vtn.mqttTopics.length > 0 ? vtn.mqttTopics.join(', ') : t('openadr.connection.none')],
          [t('openadr.connection.mqttMessage'), instant(vtn.mqttMessageAt)],
        ] as [string, string][])),
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
