import { DEMO_ACCOUNT_SHARED } from '@peakwise/contracts/demo-account';
import type { CashOutRules } from '@peakwise/contracts/cash-outs.contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatCad, formatNumber, useIntlLocale } from '@/lib/format';
import { useDemoSharedText } from '@/lib/demo-shared-text';
import { CashOutError, useCashOutRules, useRequestCashOut, type CashOutRefusal } from '../api/use-cash-outs';
import { CashOutList } from './cash-out-list';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Cash out by Interac e-Transfer: the rules first, then the amount and address, then a confirmation (decision 041). */
export function CashOutPanel({ balance }: { balance: number }) {
  const { t } = useTranslation('payouts');
  const rules = useCashOutRules();
  return (
    <section aria-labelledby="cash-out-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="cash-out-title" className="font-semibold text-slate-900">
        {t('cashOut.title')}
      </h2>
      {rules.data ? <CashOutForm rules={rules.data} balance={balance} /> : <Spinner label={t('cashOut.rules.loading')} />}
      <CashOutList />
    </section>
  );
}

function RulesList({ rules }: { rules: CashOutRules }) {
  const { t } = useTranslation('payouts');
  const locale = useIntlLocale();
  const points = (n: number) => t('points', { count: n, points: formatNumber(n, locale, 0) });
  const dollars = (n: number) => formatCad((n * 100) / rules.pointsPerDollar, locale);
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <h3 className="font-medium text-slate-900">{t('cashOut.rules.title')}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t('cashOut.rules.minimum', { points: points(rules.minimumPoints), dollars: dollars(rules.minimumPoints) })}</li>
        <li>{t('cashOut.rules.speed', { minutes: rules.sentWithinMinutes })}</li>
        <li>{t('cashOut.rules.review', { points: points(rules.reviewAbovePoints), dollars: dollars(rules.reviewAbovePoints), days: rules.reviewWithinBusinessDays })}</li>
        <li>{t('cashOut.rules.failed')}</li>
      </ul>
    </div>
  );
}

type Draft = { points: string; email: string };

function CashOutForm({ rules, balance }: { rules: CashOutRules; balance: number }) {
  const { t } = useTranslation('payouts');
  const locale = useIntlLocale();
  const request = useRequestCashOut();
  const [draft, setDraft] = useState<Draft>({ points: '', email: '' });
  const [confirming, setConfirming] = useState<{ points: number; email: string; key: string } | null>(null);
  const [problem, setProblem] = useState<{ field: 'points' | 'email' | null; refusal: CashOutRefusal } | null>(null);
  const [done, setDone] = useState(false);
  // A second click lands before the disabled button renders; the key would make it harmless on
  // the server, but one request is enough.
  const inFlight = useRef(false);
  const points = (n: number) => t('points', { count: n, points: formatNumber(n, locale, 0) });
  const dollars = (n: number) => formatCad((n * 100) / rules.pointsPerDollar, locale);
  const demoShared = useDemoSharedText();
  const message = (refusal: CashOutRefusal) =>
    refusal === 'demoShared' ? demoShared({ code: DEMO_ACCOUNT_SHARED.code })! : t(`cashOut.errors.${refusal}`, { points: points(rules.minimumPoints) });

  const review = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const amount = Number(draft.points.trim());
    const email = draft.email.trim();
    if (!/^\d+$/.test(draft.points.trim())) return setProblem({ field: 'points', refusal: 'notWhole' });
    if (amount < rules.minimumPoints) return setProblem({ field: 'points', refusal: 'belowMinimum' });
    if (amount > balance) return setProblem({ field: 'points', refusal: 'insufficient' });
    if (!EMAIL.test(email)) return setProblem({ field: 'email', refusal: 'notEmail' });
    setProblem(null);
    // One key per confirmation: a double click or a retry after a lost answer is the same cash-out.
    setConfirming({ points: amount, email, key: crypto.randomUUID() });
  };

  const confirm = () => {
    if (!confirming || inFlight.current) return;
    inFlight.current = true;
    request.mutate(
      { points: confirming.points, email: confirming.email, idempotencyKey: confirming.key },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: () => {
          setConfirming(null);
          setDraft({ points: '', email: '' });
          setDone(true);
        },
        onError: (error) => {
          const refusal = error instanceof CashOutError ? error.refusal : 'generic';
          setProblem({ field: refusal === 'notEmail' || refusal === 'demoShared' ? 'email' : refusal === 'generic' ? null : 'points', refusal });
          if (refusal !== 'generic') setConfirming(null);
        },
      },
    );
  };

  return (
    <div className="mt-1">
      <RulesList rules={rules} />
      <div aria-live="polite" className="mt-3 empty:hidden">
        {done && <AlertMessage tone="success">{t('cashOut.requested')}</AlertMessage>}
        {problem && !problem.field && <AlertMessage tone="error">{message(problem.refusal)}</AlertMessage>}
      </div>
      {confirming ? (
        <div className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4" role="group" aria-labelledby="cash-out-confirm-title">
          <h3 id="cash-out-confirm-title" className="font-medium text-slate-900">
            {t('cashOut.confirmTitle')}
          </h3>
          <p className="mt-2 text-sm text-slate-800">{t('cashOut.confirmAmount', { points: points(confirming.points), dollars: dollars(confirming.points) })}</p>
          <p className="text-sm text-slate-800">{t('cashOut.confirmTo', { email: confirming.email })}</p>
          <p className="text-sm text-slate-800">{t('cashOut.confirmBalanceAfter', { points: points(balance - confirming.points) })}</p>
          {confirming.points > rules.reviewAbovePoints && <p className="mt-1 text-sm text-slate-700">{t('cashOut.confirmHeld', { days: rules.reviewWithinBusinessDays })}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={confirm} disabled={request.isPending}>
              {request.isPending ? t('cashOut.sending') : t('cashOut.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={request.isPending}>
              {t('cashOut.back')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start" onSubmit={review} noValidate>
          <TextField
            label={t('cashOut.pointsLabel')}
            hint={t('cashOut.pointsHint', { minimum: points(rules.minimumPoints), balance: points(balance) })}
            inputMode="numeric"
            required
            value={draft.points}
            onChange={(e) => setDraft({ ...draft, points: e.target.value })}
            error={problem?.field === 'points' ? message(problem.refusal) : undefined}
          />
          <TextField
            label={t('cashOut.emailLabel')}
            type="email"
            autoComplete="email"
            required
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            error={problem?.field === 'email' ? message(problem.refusal) : undefined}
          />
          <Button type="submit" className="sm:mt-7">
            {t('cashOut.review')}
          </Button>
        </form>
      )}
    </div>
  );
}
