import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function CtaSection({ onSignUp }: { onSignUp: () => void }) {
  const { t } = useTranslation('marketing');
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8 lg:pb-24">
      <div className="relative isolate overflow-hidden rounded-3xl bg-brand-800 px-6 py-14 text-center shadow-xl sm:px-12">
        <div aria-hidden className="absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-brand-600/50 blur-3xl" />
        <div aria-hidden className="absolute -bottom-24 -left-24 -z-10 size-72 rounded-full bg-sun-400/20 blur-3xl" />
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-emerald-50">{t('landing.cta.body')}</p>
        <Button variant="inverse" size="lg" onClick={onSignUp} aria-haspopup="dialog" className="mt-8">
          {t('landing.cta.getStarted')}
          <ArrowRight aria-hidden className="size-5" />
        </Button>
      </div>
    </section>
  );
}
