import { useTranslation } from 'react-i18next';
import { ArrowRight, CheckCircle2, MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PostalChecker } from '../postal-checker/postal-checker';

export function HeroSection({ onSignUp }: { onSignUp: () => void }) {
  const { t } = useTranslation('marketing');
  const facts = [t('landing.facts.noCost'), t('landing.facts.setup'), t('landing.facts.wifi')];
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      {/* Soft brand glows behind the copy; decorative only. */}
      <div aria-hidden className="absolute -top-40 -left-32 -z-10 size-[32rem] rounded-full bg-brand-100/70 blur-3xl" />
      <div aria-hidden className="absolute top-24 -right-40 -z-10 size-[28rem] rounded-full bg-amber-100/60 blur-3xl" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:gap-16 lg:px-8 lg:pt-20 lg:pb-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white/80 px-3.5 py-1.5 text-sm font-medium text-brand-800 shadow-sm">
            <MapPin aria-hidden className="size-4 shrink-0" />
            {t('landing.hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.5rem] lg:leading-[1.1]">
            {t('landing.hero.title')} <span className="text-brand-700">{t('landing.hero.titleAccent')}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">{t('landing.hero.body')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button size="lg" onClick={onSignUp} aria-haspopup="dialog">
              {t('landing.hero.getStarted')}
              <ArrowRight aria-hidden className="size-5" />
            </Button>
            <Button variant="secondary" size="lg" onClick={onSignUp} aria-haspopup="dialog" className="h-auto min-h-12 py-3 text-center">
              {t('landing.hero.signUpClaim')}
            </Button>
          </div>
          <ul aria-label={t('landing.facts.label')} className="mt-8 flex flex-col gap-3 text-sm font-medium text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {facts.map((fact) => (
              <li key={fact} className="flex items-center gap-2">
                <CheckCircle2 aria-hidden className="size-5 text-brand-600" />
                {fact}
              </li>
            ))}
          </ul>
        </div>
        <PostalChecker onSignUp={onSignUp} />
      </div>
    </section>
  );
}
