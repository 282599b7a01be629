import { cardProblems, type CardProblem } from '@peakwise/domain/card-number';
import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { errorClass } from '@/components/ui/field-styles';
import { TextField } from '@/components/ui/text-field';
import { useDemoSharedText } from '@/lib/demo-shared-text';
import { useAddCard } from '../api/use-payment-methods';
import { usePaymentsConfig } from '../api/use-payments-config';

// Its own chunk: Stripe.js is fetched only when a member opens this form on a Stripe server.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

type Draft = { number: string; expMonth: string; expYear: string; cvc: string };
type Field = 'number' | 'expiry' | 'cvc';
/** Month and year share one message, shown under both. */
const EXPIRY_ERROR_ID = 'add-card-expiry-error';
const fieldOf = (p: CardProblem): Field => (p === 'expired' ? 'expiry' : p);

/**
 * Add New Card: Stripe Elements when the server charges through Stripe (decision 055), the
 * sandbox's own form otherwise (the default, and what the journeys use).
 */
export function AddCardForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('billingPayments');
  const config = usePaymentsConfig();
  // Never fall back to the sandbox's form when it is not known to be the processor.
  if (config.isError) return <AlertMessage tone="error">{t('addCard.errors.unavailable')}</AlertMessage>;
  if (config.isPending) return <p className="mt-4 text-sm text-slate-600">{t('addCard.loading')}</p>;
  if (config.data?.processor === 'stripe') {
    if (!config.data.publishableKey) return <AlertMessage tone="error">{t('addCard.errors.unavailable')}</AlertMessage>;
    return (
      <Suspense fallback={<p className="mt-4 text-sm text-slate-600">{t('addCard.loading')}</p>}>
        <StripeCardForm publishableKey={config.data.publishableKey} onDone={onDone} onCancel={onCancel} />
      </Suspense>
    );
  }
  return <SandboxCardForm onDone={onDone} onCancel={onCancel} />;
}

/**
 * The sandbox's card form: checked here first (Luhn, expiry, security code), then sent to the processor's
 * tokenizer, which checks again; Peakwise's API only ever receives the token (decision 048).
 */
function SandboxCardForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('billingPayments');
  const add = useAddCard();
  const [draft, setDraft] = useState<Draft>({ number: '', expMonth: '', expYear: '', cvc: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, CardProblem>>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const demoShared = useDemoSharedText();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailed(null);
    const card = { number: draft.number, expMonth: Number(draft.expMonth.trim() || NaN), expYear: Number(draft.expYear.trim() || NaN), cvc: draft.cvc.trim() };
    const now = new Date();
    const found = cardProblems(card, { year: now.getFullYear(), month: now.getMonth() + 1 });
    const byField: Partial<Record<Field, CardProblem>> = {};
    for (const p of found) byField[fieldOf(p)] ??= p;
    setProblems(byField);
    if (found.length > 0) return;
    add.mutate(card, {
      onSuccess: () => {
        setDraft({ number: '', expMonth: '', expYear: '', cvc: '' });
        onDone();
      },
      onError: (thrown) => setFailed(demoShared(thrown) ?? t('addCard.errors.generic')),
    });
  };
  const error = (field: Field) => (problems[field] ? t(`addCard.errors.${problems[field]}`) : undefined);
  /** What every box of the form shares: digits typed on a phone's number pad, required, bound to its part of the draft. */
  const digits = (key: keyof Draft) =>
    ({
      inputMode: 'numeric',
      required: true,
      value: draft[key],
      onChange: (e: ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: e.target.value }),
    }) as const;

  return (
    <form className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" onSubmit={submit} noValidate aria-labelledby="add-card-title">
      <h3 id="add-card-title" className="font-medium text-slate-900">
        {t('addCard.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('addCard.sandboxNote')}</p>
      <div aria-live="polite" className="empty:hidden">
        {failed && <AlertMessage tone="error">{failed}</AlertMessage>}
      </div>
      <TextField label={t('addCard.number')} autoComplete="cc-number" maxLength={23} {...digits('number')} error={error('number')} />
      {/* Month and year side by side, their shared message right under them; the security code
          on a row of its own, so a label that wraps (French) never pushes one box below another. */}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('addCard.expMonth')} autoComplete="cc-exp-month" maxLength={2} {...digits('expMonth')} error={error('expiry')} errorId={EXPIRY_ERROR_ID} />
        <TextField label={t('addCard.expYear')} autoComplete="cc-exp-year" maxLength={4} {...digits('expYear')} error={error('expiry')} errorId={EXPIRY_ERROR_ID} />
      </div>
      {problems.expiry && (
        <p id={EXPIRY_ERROR_ID} className={errorClass}>
          {error('expiry')}
        </p>
      )}
      <TextField
        label={t('addCard.cvc')}
        hint={t('addCard.cvcHint')}
        autoComplete="cc-csc"
        maxLength={4}
        {...digits('cvc')}
        error={error('cvc')}
        className="sm:w-[calc(50%-0.375rem)]"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('addCard.saving') : t('addCard.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={add.isPending}>
          {t('addCard.cancel')}
        </Button>
      </div>
    </form>
  );
}
