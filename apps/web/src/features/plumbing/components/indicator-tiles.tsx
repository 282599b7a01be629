import type { PlumbingReady } from '@peakwise/contracts/plumbing.contract';
import { Droplet, Flame, Gauge, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatLocalDate, useIntlLocale } from '@/lib/format';
import { formatCelsius, formatLitres, formatPsi } from '../plumbing-format';

type Tone = 'good' | 'warn' | 'neutral';
const TONE: Record<Tone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warn: 'bg-amber-50 text-amber-900 ring-amber-300',
  neutral: 'bg-slate-50 text-slate-700 ring-slate-200',
};

function Tile({ icon: Icon, title, status, detail, tone }: { icon: LucideIcon; title: string; status: string; detail: string; tone: Tone }) {
  return (
    <section className={`rounded-xl p-4 ring-1 ${TONE[tone]}`} data-tone={tone}>
      <div className="flex items-center gap-2">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <h3 className="text-sm font-medium">{title}</h3>
      </div>
      <p className="mt-2 text-lg font-semibold">{status}</p>
      <p className="mt-1 text-xs">{detail}</p>
    </section>
  );
}

export function IndicatorTiles({ summary }: { summary: PlumbingReady }) {
  const { t } = useTranslation('plumbing');
  const locale = useIntlLocale();
  const { leak, pressure, heater } = summary.indicators;
  const night = leak.night ? formatLocalDate(leak.night, locale, { month: 'long', day: 'numeric' }) : '';
  const leakText = {
    leak: { status: t('indicators.leakLeak'), detail: t('indicators.leakLeakDetail', { night, min: formatLitres(leak.minLitres, locale, 1) }), tone: 'warn' as const },
    ok: { status: t('indicators.leakOk'), detail: t('indicators.leakOkDetail', { night }), tone: 'good' as const },
    unknown: { status: t('indicators.leakUnknown'), detail: t('indicators.leakUnknownDetail'), tone: 'neutral' as const },
  }[leak.status];
  const pressureStatus = { normal: t('indicators.pressureNormal'), low: t('indicators.pressureLow'), high: t('indicators.pressureHigh'), unknown: t('indicators.pressureUnknown') }[pressure.status];
  const heaterStatus = { ready: t('indicators.heaterReady'), recovering: t('indicators.heaterRecovering'), unknown: t('indicators.heaterUnknown'), none: t('indicators.heaterNone') }[heater.status];
  return (
    <section aria-labelledby="plumbing-indicators-title">
      <h2 id="plumbing-indicators-title" className="font-semibold text-slate-900">
        {t('indicators.title')}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <Tile icon={Droplet} title={t('indicators.leak')} {...leakText} />
        <Tile
          icon={Gauge}
          title={t('indicators.pressure')}
          status={pressureStatus}
          detail={t('indicators.pressureDetail', { psi: formatPsi(pressure.psi, locale) })}
          tone={pressure.status === 'normal' ? 'good' : pressure.status === 'unknown' ? 'neutral' : 'warn'}
        />
        <Tile
          icon={Flame}
          title={t('indicators.heater')}
          status={heaterStatus}
          detail={heater.status === 'none' ? '' : t('indicators.heaterDetail', { temp: formatCelsius(heater.tankTempC, locale) })}
          tone={heater.status === 'ready' ? 'good' : heater.status === 'recovering' ? 'warn' : 'neutral'}
        />
      </div>
    </section>
  );
}
