import type { OpsCashOut } from '@peakwise/contracts/cash-outs.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { serverErrorOf } from '@/lib/api-request';
import { formatCad, formatDateTime, formatNumber, useIntlLocale } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { useOpsCashOuts, useReviewCashOut, type CashOutFilter } from './api/use-ops-payouts';

const FILTERS: readonly CashOutFilter[] = ['held', 'pending', 'sent', 'failed'];
const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** The cash-out review queue (decision 041): held ones oldest first, approve or reject with a reason. */
export default function OpsCashOutsPage() {
  const { t } = useTranslation('payouts');
  const [status, setStatus] = useState<CashOutFilter>('held');
  const list = useOpsCashOuts(status);
  const review = useReviewCashOut();
  const [rejecting, setRejecting] = useState<string | null>(null);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('ops.cashOuts.title')} intro={t('ops.cashOuts.intro')} />
      <section className={CARD} aria-labelledby="ops-cash-outs-title">
        <h2 id="ops-cash-outs-title" className="sr-only">
          {t('ops.cashOuts.title')}
        </h2>
        <SegmentedControl label={t('ops.cashOuts.filter')} options={FILTERS.map((f) => ({ value: f, label: t(`cashOut.status.${f}`) }))} value={status} onChange={setStatus} />
        <div aria-live="polite" className="mt-3 empty:hidden">
          {review.isError && <AlertMessage tone="error">{t('ops.cashOuts.failed', { message: serverErrorOf(review.error).message ?? '' })}</AlertMessage>}
        </div>
        {!list.data ? (
          <Spinner label={t('cashOut.rules.loading')} />
        ) : list.data.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">{t('ops.cashOuts.empty')}</p>
        ) : (
          <div className="relative mt-4 overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <thead className="text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4">{t('ops.cashOuts.member')}</th>
                  <th scope="col" className="py-2 pr-4">{t('ops.cashOuts.amount')}</th>
                  <th scope="col" className="py-2 pr-4">{t('ops.cashOuts.to')}</th>
                  <th scope="col" className="py-2 pr-4">{t('ops.cashOuts.requested')}</th>
                  <th scope="col" className="py-2 pr-4">{t('ops.cashOuts.status')}</th>
                  <th scope="col" className="py-2">{t('ops.cashOuts.actions')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.map((c) => (
                  <CashOutRow
                    key={c.id}
                    cashOut={c}
                    rejecting={rejecting === c.id}
                    busy={review.isPending}
                    onApprove={() => review.mutate({ id: c.id, decision: 'approve' })}
                    onReject={() => setRejecting(c.id)}
                    onCancel={() => setRejecting(null)}
                    onConfirmReject={(reason) => review.mutate({ id: c.id, decision: 'reject', reason }, { onSuccess: () => setRejecting(null) })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function CashOutRow(props: {
  cashOut: OpsCashOut;
  rejecting: boolean;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onCancel: () => void;
  onConfirmReject: (reason: string) => void;
}) {
  const { t } = useTranslation('payouts');
  const locale = useIntlLocale();
  const timeZone = useTimeZone();
  const [reason, setReason] = useState('');
  const c = props.cashOut;
  const reasonOk = reason.trim().length >= 3 && reason.trim().length <= 500;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reasonOk) props.onConfirmReject(reason.trim());
  };
  return (
    <tr className="align-top">
      <td className="py-3 pr-4">{c.memberEmail ?? c.householdId}</td>
      <td className="py-3 pr-4 tabular-nums">
        {t('points', { count: c.points, points: formatNumber(c.points, locale, 0) })} · {formatCad(c.valueCents, locale)}
      </td>
      <td className="py-3 pr-4">{c.email}</td>
      <td className="py-3 pr-4">{formatDateTime(c.createdAt, timeZone, locale)}</td>
      <td className="py-3 pr-4">
        {t(`cashOut.status.${c.status}`)}
        {c.failureReason && <p className="text-xs text-slate-600">{c.failureReason}</p>}
      </td>
      <td className="py-3">
        {c.status === 'held' &&
          (props.rejecting ? (
            <form onSubmit={submit} className="flex min-w-64 flex-col gap-2">
              <TextField label={t('ops.cashOuts.reasonLabel')} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} />
              <div className="flex gap-2">
                <Button type="submit" size="sm" disabled={!reasonOk || props.busy}>
                  {t('ops.cashOuts.confirmReject')}
                </Button>
                <Button variant="secondary" size="sm" onClick={props.onCancel}>
                  {t('ops.cashOuts.cancel')}
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex gap-2">
              <Button size="sm" onClick={props.onApprove} disabled={props.busy}>
                {t('ops.cashOuts.approve')}
                <span className="sr-only"> {c.memberEmail ?? ''}</span>
              </Button>
              <Button variant="secondary" size="sm" onClick={props.onReject} disabled={props.busy}>
                {t('ops.cashOuts.reject')}
                <span className="sr-only"> {c.memberEmail ?? ''}</span>
              </Button>
            </div>
          ))}
      </td>
    </tr>
  );
}
