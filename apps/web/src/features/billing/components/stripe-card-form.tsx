import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { useSaveCardToken } from '../api/use-payment-methods';
import { stripeFor } from '../stripe/load-stripe';

/**
 * Add New Card through Stripe Elements (decision 055): the card is typed into Stripe's own
 * field (an iframe from Stripe), Stripe.js makes the PaymentMethod in the browser, and only its
 * `pm_…` id is posted to Peakwise. Loaded lazily, so Stripe.js is only fetched on this form.
 */
export default function StripeCardForm({ publishableKey, onDone, onCancel }: { publishableKey: string; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('billingPayments');
  const save = useSaveCardToken();
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let gone = false;
    stripeFor(publishableKey).then(
      (stripe) => {
        if (gone) return;
        if (!stripe || !mountRef.current) return setProblem(t('addCard.errors.unavailable'));
        card = stripe.elements().create('card', { hidePostalCode: false });
        card.mount(mountRef.current);
        setReady({ stripe, card });
      },
      () => !gone && setProblem(t('addCard.errors.unavailable')),
    );
    return () => {
      gone = true;
      card?.destroy();
    };
  }, [publishableKey, t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setProblem(null);
    setBusy(true);
    try {
      const result = await ready.stripe.createPaymentMethod({ type: 'card', card: ready.card });
      if (result.error || !result.paymentMethod) {
        // Stripe's own sentence names what is wrong with the card, in the member's language.
        setProblem(result.error?.message ?? t('addCard.errors.generic'));
        return;
      }
      await save.mutateAsync(result.paymentMethod.id);
      onDone();
    } catch {
      setProblem(t('addCard.errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" onSubmit={submit} noValidate aria-labelledby="add-card-title">
      <h3 id="add-card-title" className="font-medium text-slate-900">
        {t('addCard.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('addCard.stripeNote')}</p>
      <div aria-live="polite" className="empty:hidden">
        {problem && <AlertMessage tone="error">{problem}</AlertMessage>}
      </div>
      <div>
        <span id="stripe-card-label" className="mb-1 block text-sm font-medium text-slate-800">
          {t('addCard.card')}
        </span>
        <div ref={mountRef} role="group" aria-labelledby="stripe-card-label" className="rounded-md border border-slate-300 bg-white p-3" data-testid="stripe-card-element" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!ready || busy}>
          {busy ? t('addCard.saving') : t('addCard.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('addCard.cancel')}
        </Button>
      </div>
    </form>
  );
}
