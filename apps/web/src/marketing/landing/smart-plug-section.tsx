import { useTranslation } from 'react-i18next';
import { Check, Plug } from 'lucide-react';
import { SectionHeading } from './section-heading';

export function SmartPlugSection() {
  const { t } = useTranslation('marketing');
  const points = [t('landing.plug.points.wifi'), t('landing.plug.points.setup'), t('landing.plug.points.track')];
  return (
    <section aria-labelledby="plug-title" className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
        <div className="relative mx-auto w-full max-w-md">
          <div aria-hidden className="absolute inset-6 -z-0 rounded-[2rem] bg-gradient-to-br from-brand-100 to-amber-100 blur-2xl" />
          <div className="relative rounded-3xl border border-slate-200 bg-white p-8 shadow-xl shadow-brand-900/5">
            <div className="flex items-start justify-between">
              <span className="flex size-20 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-lg">
                <Plug aria-hidden className="size-10" />
              </span>
              <span className="rounded-full bg-sun-400 px-3 py-1 text-sm font-bold text-slate-900">{t('landing.plug.price')}</span>
            </div>
            <p className="mt-8 text-sm font-medium text-slate-600">{t('landing.plug.valueLabel')}</p>
            <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{t('landing.plug.value')}</p>
            <div aria-hidden className="mt-6 grid grid-cols-3 gap-2">
              <span className="h-2 rounded-full bg-brand-500" />
              <span className="h-2 rounded-full bg-brand-500" />
              <span className="h-2 rounded-full bg-slate-200" />
            </div>
          </div>
        </div>
        <div>
          <SectionHeading id="plug-title" align="left" eyebrow={t('landing.plug.eyebrow')} title={t('landing.plug.title')} intro={t('landing.plug.body')} />
          <ul className="mt-8 space-y-4">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-3 font-medium text-slate-800">
                <span className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <Check aria-hidden className="size-4" />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
