import { PAYMENT_MAX_CENTS } from '@peakwise/contracts/payments.contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { formatCad, useIntlLocale } from '@/lib/format';
import { useSearchParams } from 'react-router';
import type { Payment } from '@peakwise/contracts/payments.contract';
import { openNextAction } from '../api/open-challenge';
import { PaymentError, usePayments, usePayNow, type PaymentRefusal } from '../api/use-pay-now';
import { usePaymentsConfig } from '../api/use-payments-config';
import { usePaymentMethods } from '../api/use-payment-methods';

const toCents = (text: string): number | null => {
  const m = /^\s*\$?\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
};

/** Pay now, the full balance or part of it, with a saved card; Paid shows once the processor confirms (decision 048). */
export function PayNowPanel({ balanceCents, statementId }: { balanceCents: number; statementId: string | null }) {
  const { t, i18n } = useTranslation('billingPayments');
  const locale = useIntlLocale();
  const methods = usePaymentMethods();
  const payments = usePayments();
  const payNow = usePayNow();
  const config = usePaymentsConfig();
  // Back from the bank's page (decision 055), the payment it was for is named in the address.
  const [searchParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const asAmount = (cents: number) => (cents > 0 ? (cents / 100).toFixed(2) : '');
  const [amount, setAmount] = useState(asAmount(balanceCents));
  // Once a payment settles the balance changes, and the amount offered follows it rather than inviting the same payment again.
  const [offeredFor, setOfferedFor] = useState(balanceCents);
  if (offeredFor !== balanceCents) {
    setOfferedFor(balanceCents);
    setAmount(asAmount(balanceCents));
  }
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: 'amount' | null; message: string } | null>(null);
  const [lastId, setLastId] = useState<string | null>(() => searchParams.get('payment'));
  // One key per payment the member means to make: a double click or a retry is the same payment.
  const key = useRef<string | null>(null);
  const cards = methods.data ?? [];
  const cardId = chosen ?? cards.find((c) => c.isDefault)?.id ?? cards[0]?.id ?? '';
  const last = lastId ? payments.data?.find((p) => p.id === lastId) : undefined;
  const cents = toCents(amount);

  const confirm = (payment: Payment) => {
    setConfirming(true);
    const stripePublishableKey = config.data?.processor === 'stripe' ? config.data.publishableKey : null;
    void openNextAction(payment, { language: i18n.language, stripePublishableKey })
      .catch(() => setProblem({ field: null, message: t('payNow.errors.generic') }))
      .finally(() => {
        setConfirming(false);
        void payments.refetch();
      });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (cents === null || cents <= 0) return setProblem({ field: 'amount', message: t('payNow.errors.amountPositive') });
    if (cents > PAYMENT_MAX_CENTS) return setProblem({ field: 'amount', message: t('payNow.errors.amountTooLarge', { max: formatCad(PAYMENT_MAX_CENTS, locale) }) });
    setProblem(null);
    key.current ??= crypto.randomUUID();
    payNow.mutate(
      { input: { amountCents: cents, paymentMethodId: cardId, ...(statementId ? { statementId } : {}) }, key: key.current },
      {
        onSuccess: (payment) => {
          key.current = null;
          setLastId(payment.id);
          if (payment.status === 'requires_action') confirm(payment);
        },
        onError: (error) => {
          const refusal: PaymentRefusal = error instanceof PaymentError ? error.refusal : 'generic';
          // A refusal is final for this key; a lost answer keeps the key so a retry is the same payment.
          if (refusal !== 'generic') key.current = null;
          setProblem({ field: null, message: t(`payNow.errors.${refusal}`) });
        },
      },
    );
  };

  return (
    <section aria-labelledby="pay-now-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="pay-now-title" className="font-semibold text-slate-900">
        {t('payNow.title')}
      </h2>
      <div aria-live="polite" className="mt-3 empty:hidden" data-testid="pay-now-status">
        {last?.status === 'pending' && <AlertMessage tone="info">{t('payNow.processing', { amount: formatCad(last.amountCents, locale) })}</AlertMessage>}
        {last?.status === 'succeeded' && <AlertMessage tone="success">{t('payNow.succeeded', { amount: formatCad(last.amountCents, locale) })}</AlertMessage>}
        {last?.status === 'requires_action' && (
          <AlertMessage tone="info">
            {t('payNow.requiresAction', { amount: formatCad(last.amountCents, locale) })}{' '}
            <Button variant="secondary" className="mt-2" onClick={() => confirm(last)} disabled={confirming}>
              {t('payNow.confirm')}
            </Button>
          </AlertMessage>
        )}
        {last?.status === 'failed' && <AlertMessage tone="error">{t(`payNow.failed.${last.failureCode ?? 'declined'}`)}</AlertMessage>}
        {problem && !problem.field && <AlertMessage tone="error">{problem.message}</AlertMessage>}
      </div>
      {cards.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('payNow.needCard')}</p>
      ) : (
        <form className="mt-3 grid gap-3" onSubmit={submit} noValidate>
          <TextField
            label={t('payNow.amount')}
            hint={
              // Nothing owed is not "a balance you can pay part of": say so, and what a payment now becomes.
              balanceCents > 0
                ? t('payNow.amountHint', { balance: formatCad(balanceCents, locale) })
                : balanceCents < 0
                  ? t('payNow.creditHint', { credit: formatCad(-balanceCents, locale) })
                  : t('payNow.nothingDueHint')
            }
            inputMode="decimal"
            required
            value={amount}
            onChange={(e) => {
              key.current = null;
              setAmount(e.target.value);
            }}
            error={problem?.field === 'amount' ? problem.message : undefined}
          />
          <SelectField
            label={t('payNow.card')}
            value={cardId}
            onChange={(e) => {
              key.current = null;
              setChosen(e.target.value);
            }}
            options={cards.map((c) => ({ value: c.id, label: t('methods.card', { brand: t(`methods.brands.${c.brand}`), last4: c.last4 }) }))}
          />
          <Button type="submit" className="justify-self-start" disabled={payNow.isPending}>
            {payNow.isPending ? t('payNow.paying') : t('payNow.pay', { amount: cents !== null && cents > 0 ? formatCad(cents, locale) : '' })}
          </Button>
        </form>
      )}
    </section>
  );
}
