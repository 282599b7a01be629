import type { CashOut } from '@peakwise/contracts/cash-outs.contract';
import { useTranslation } from 'react-i18next';
import { formatCad, formatDayMonth, formatNumber, useIntlLocale } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { useCashOuts } from '../api/use-cash-outs';

const TONE: Record<CashOut['status'], string> = {
  held: 'bg-amber-50 text-amber-900',
  pending: 'bg-sky-50 text-sky-900',
  sent: 'bg-emerald-50 text-emerald-900',
  failed: 'bg-red-50 text-red-900',
};

/** The member's cash-outs with their status, and the reason when one failed. */
export function CashOutList() {
  const { t } = useTranslation('payouts');
  const locale = useIntlLocale();
  const timeZone = useTimeZone();
  const list = useCashOuts();
  if (!list.data) return null;
  return (
    <div className="mt-5">
      <h3 className="text-sm font-medium text-slate-900">{t('cashOut.listTitle')}</h3>
      {list.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('cashOut.listEmpty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="cash-outs">
          {list.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className="font-medium tabular-nums text-slate-900">
                {t('points', { count: c.points, points: formatNumber(c.points, locale, 0) })} · {formatCad(c.valueCents, locale)}
              </span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONE[c.status]}`}>{t(`cashOut.status.${c.status}`)}</span>
              <span className="text-slate-600">{t('cashOut.requestedOn', { date: formatDayMonth(c.createdAt, timeZone, locale) })}</span>
              <span className="text-slate-600">{c.email}</span>
              {c.failureReason && <span className="w-full text-slate-700">{t('cashOut.reason', { reason: c.failureReason })}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
