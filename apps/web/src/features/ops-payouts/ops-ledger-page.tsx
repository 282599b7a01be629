import { useCallback, useState, type FormEvent } from 'react';
import type { LocalizedText } from '@peakwise/contracts/rewards.contract';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { TextField } from '@/components/ui/text-field';
import { serverErrorOf } from '@/lib/api-request';
import { formatDateTime, formatNumber, useIntlLocale } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { useAdjustPoints, useMemberLedger, useMemberSearch } from './api/use-ops-payouts';

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** An item's name in the language on screen (names come in all three), English if that one is empty. */
function useItemName() {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return useCallback((text: LocalizedText) => (language === 'fr' ? text.fr : language === 'es' ? text.es : text.en) || text.en, [language]);
}

/** A member's ledger, read-only, with an audited manual adjustment (decision 041). */
export default function OpsLedgerPage() {
  const { t } = useTranslation('payouts');
  const locale = useIntlLocale();
  const [query, setQuery] = useState('');
  const [email, setEmail] = useState('');
  const [householdId, setHouseholdId] = useState<string | null>(null);
  const members = useMemberSearch(email);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setEmail(query.trim());
    setHouseholdId(null);
  };
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('ops.ledger.title')} intro={t('ops.ledger.intro')} />
      <section className={CARD}>
        <form onSubmit={search} className="flex flex-wrap items-end gap-3">
          <TextField label={t('ops.ledger.search')} type="search" value={query} onChange={(e) => setQuery(e.target.value)} minLength={3} className="min-w-64 flex-1" />
          <Button type="submit">{t('ops.ledger.searchButton')}</Button>
        </form>
        {members.data && (
          <ul className="mt-4 space-y-1" aria-live="polite">
            {members.data.length === 0 && <li className="text-sm text-slate-600">{t('ops.ledger.noMatch')}</li>}
            {members.data.map((m) => (
              <li key={m.householdId}>
                <Button variant={householdId === m.householdId ? 'primary' : 'secondary'} size="sm" aria-pressed={householdId === m.householdId} onClick={() => setHouseholdId(m.householdId)}>
                  {m.email} · {t('points', { count: m.balance, points: formatNumber(m.balance, locale, 0) })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {householdId && <MemberLedger householdId={householdId} />}
    </div>
  );
}

function MemberLedger({ householdId }: { householdId: string }) {
  const { t } = useTranslation('payouts');
  const locale = useIntlLocale();
  const timeZone = useTimeZone();
  const localized = useItemName();
  const ledger = useMemberLedger(householdId);
  const first = ledger.data?.pages[0];
  const entries = ledger.data?.pages.flatMap((p) => p.activity) ?? [];
  return (
    <>
      <section className={CARD} aria-labelledby="ledger-title">
        <h2 id="ledger-title" className="text-lg font-semibold text-slate-900">
          {first ? `${first.memberEmail ?? householdId} — ${t('ops.ledger.balance', { points: t('points', { count: first.balance, points: formatNumber(first.balance, locale, 0) }) })}` : t('ops.ledger.title')}
        </h2>
        <div className="relative mt-4 overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="ops-ledger">
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4">{t('ops.ledger.date')}</th>
                <th scope="col" className="py-2 pr-4">{t('ops.ledger.kind')}</th>
                <th scope="col" className="py-2 pr-4 text-right">{t('ops.ledger.amount')}</th>
                <th scope="col" className="py-2 pr-4 text-right">{t('ops.ledger.balanceAfter')}</th>
                <th scope="col" className="py-2">{t('ops.ledger.detail')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((e) => (
                <tr key={e.entryId}>
                  <td className="py-2 pr-4">{formatDateTime(e.at, timeZone, locale)}</td>
                  <td className="py-2 pr-4 font-mono text-xs">{e.kind}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(e.amount, locale, 0)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(e.balanceAfter, locale, 0)}</td>
                  <td className="py-2 text-xs text-slate-700">
                    {e.item ? (
                      // What was redeemed, as the member's Activity names it (decision 051); the order id stays for look-ups.
                      <>
                        {t('ops.ledger.redeemedItem', { item: localized(e.item) })}
                        {e.orderId && <span className="ml-2 font-mono text-slate-500">{t('ops.ledger.order', { id: e.orderId })}</span>}
                      </>
                    ) : (
                      (e.reason ?? e.eventId ?? e.cashOutId ?? e.orderId ?? e.drawId ?? '')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {ledger.hasNextPage && (
          <Button variant="secondary" className="mt-3" onClick={() => void ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage}>
            {t('ops.ledger.more')}
          </Button>
        )}
      </section>
      <AdjustForm householdId={householdId} />
    </>
  );
}

function AdjustForm({ householdId }: { householdId: string }) {
  const { t } = useTranslation('payouts');
  const adjust = useAdjustPoints(householdId);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const valid = /^\d+$/.test(points.trim()) && Number(points) >= 1 && Number(points) <= 1_000_000 && reason.trim().length >= 3 && reason.trim().length <= 500;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || adjust.isPending) return;
    adjust.mutate(
      { direction, points: Number(points), reason: reason.trim(), idempotencyKey: key },
      {
        onSuccess: () => {
          setPoints('');
          setReason('');
          setKey(crypto.randomUUID());
        },
      },
    );
  };
  return (
    <section className={CARD} aria-labelledby="adjust-title">
      <h2 id="adjust-title" className="text-lg font-semibold text-slate-900">
        {t('ops.ledger.adjustTitle')}
      </h2>
      <form onSubmit={submit} className="mt-4 grid max-w-2xl gap-3">
        <SegmentedControl
          label={t('ops.ledger.direction')}
          options={[
            { value: 'credit', label: t('ops.ledger.credit') },
            { value: 'debit', label: t('ops.ledger.debit') },
          ]}
          value={direction}
          onChange={setDirection}
        />
        <TextField label={t('ops.ledger.pointsLabel')} inputMode="numeric" required value={points} onChange={(e) => setPoints(e.target.value)} />
        <TextField label={t('ops.ledger.reasonLabel')} required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        <div>
          <Button type="submit" disabled={!valid || adjust.isPending}>
            {t('ops.ledger.submit')}
          </Button>
        </div>
        <div aria-live="polite" className="empty:hidden">
          {adjust.isSuccess && <AlertMessage tone="success">{t('ops.ledger.done')}</AlertMessage>}
          {adjust.isError && <AlertMessage tone="error">{t('ops.ledger.refused', { message: serverErrorOf(adjust.error).message ?? '' })}</AlertMessage>}
        </div>
      </form>
    </section>
  );
}
