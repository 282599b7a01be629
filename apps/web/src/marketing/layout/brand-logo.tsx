import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The Peakwise mark and word. `tone="light"` is for dark backgrounds. */
export function BrandLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2.5">
      <span className="flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-brand-800 shadow-sm">
        <Zap aria-hidden className="size-5 fill-sun-400 text-sun-400" />
      </span>
      <span className={`text-xl font-bold tracking-tight ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}>{t('brand')}</span>
    </span>
  );
}
