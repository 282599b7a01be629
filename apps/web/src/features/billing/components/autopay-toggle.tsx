import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutopay, useSetAutopay } from '../api/use-autopay';

/** Auto-pay on or off: on, the default card pays the latest statement on its due date (decision 048). */
export function AutopayToggle() {
  const { t } = useTranslation('billingPayments');
  const labelId = useId();
  const detailId = useId();
  const autopay = useAutopay();
  const save = useSetAutopay();
  const on = save.isPending ? save.variables : (autopay.data?.enabled ?? false);
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id={labelId} className="text-sm font-medium text-slate-900">
            {t('autopay.label')}
          </p>
          <p id={detailId} className="text-sm text-slate-600">
            {t('autopay.detail')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={detailId}
          data-testid="autopay-switch"
          disabled={autopay.isPending || save.isPending}
          onClick={() => save.mutate(!on)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${
            on ? 'bg-brand-700' : 'bg-slate-400'
          }`}
        >
          <span aria-hidden className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0.5'}`} />
        </button>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {save.isError && <p className="mt-2 text-sm text-red-700">{t('autopay.error')}</p>}
      </div>
    </div>
  );
}
