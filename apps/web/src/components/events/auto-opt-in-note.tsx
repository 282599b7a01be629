import { useTranslation } from 'react-i18next';

/** Said wherever an event shows the member's choice, when "opt me in to every event" made it (decision 036). */
export function AutoOptInNote() {
  const { t } = useTranslation('eventAutomation');
  return (
    <p className="basis-full text-sm text-slate-700" data-testid="auto-opt-in">
      <span className="font-medium">{t('autoOptedIn')}</span> · {t('autoOptedInHint')}
    </p>
  );
}
