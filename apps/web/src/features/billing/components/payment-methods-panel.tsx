import type { PaymentMethod } from '@peakwise/contracts/payments.contract';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AlertMessage } from '@/components/ui/alert-message';
import { useCardAction, usePaymentMethods } from '../api/use-payment-methods';
import { AddCardForm } from './add-card-form';
import { AutopayToggle } from './autopay-toggle';

/** Saved cards with Add New Card, Make default and Remove (decision 048). */
export function PaymentMethodsPanel() {
  const { t } = useTranslation('billingPayments');
  const methods = usePaymentMethods();
  const action = useCardAction();
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState(false);
  const cardName = (m: PaymentMethod) => t('methods.card', { brand: t(`methods.brands.${m.brand}`), last4: m.last4 });

  return (
    <section aria-labelledby="payment-methods-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-methods-title" className="font-semibold text-slate-900">
          {t('methods.title')}
        </h2>
        {!adding && (
          <Button
            variant="secondary"
            onClick={() => {
              setSaved(false);
              setAdding(true);
            }}
          >
            {t('addCard.open')}
          </Button>
        )}
      </div>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {saved && <AlertMessage tone="success">{t('addCard.saved')}</AlertMessage>}
      </div>
      {methods.data ? (
        methods.data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('methods.empty')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="payment-methods">
            {methods.data.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <div className="flex items-center gap-2.5">
                  <CreditCard aria-hidden className="size-5 text-slate-500" />
                  <div>
                    <p className="text-sm font-medium text-slate-900">
                      {cardName(m)}
                      {m.isDefault && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{t('methods.default')}</span>}
                    </p>
                    <p className="text-xs text-slate-600">{t('methods.expires', { month: String(m.expMonth).padStart(2, '0'), year: m.expYear })}</p>
                  </div>
                </div>
                <div className="flex gap-2">
                  {!m.isDefault && (
                    <Button size="sm" variant="secondary" aria-label={t('methods.makeDefaultLabel', { card: cardName(m) })} disabled={action.isPending} onClick={() => action.mutate({ id: m.id, action: 'default' })}>
                      {t('methods.makeDefault')}
                    </Button>
                  )}
                  <Button size="sm" variant="secondary" aria-label={t('methods.removeLabel', { card: cardName(m) })} disabled={action.isPending} onClick={() => action.mutate({ id: m.id, action: 'remove' })}>
                    {t('methods.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : methods.isError ? (
        <p className="mt-3 text-sm text-red-700">{t('methods.error')}</p>
      ) : (
        <Spinner label={t('methods.loading')} />
      )}
      {adding && (
        <AddCardForm
          onDone={() => {
            setAdding(false);
            setSaved(true);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      <AutopayToggle />
    </section>
  );
}
