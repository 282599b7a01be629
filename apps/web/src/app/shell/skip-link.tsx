import { useTranslation } from 'react-i18next';

/** Lets keyboard users jump past the sidebar straight to the page content. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation('portal');
  return (
    <a
      href={`#${targetId}`}
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-800 shadow-lg ring-2 ring-brand-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      {t('skipToContent')}
    </a>
  );
}
