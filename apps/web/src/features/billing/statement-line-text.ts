import type { StatementLineView } from '@peakwise/contracts/billing.contract';
import type { TFunction } from 'i18next';
import { formatCad, formatLocalDate } from '@/lib/format';

const RATE_SCALE = 10_000; // rates arrive per million; percent = rate / 10,000

/**
 * A statement line in the UI language, from its kind, key and params (the server's PDF and CSV
 * say the same from the same fields).
 */
export function statementLineText(line: StatementLineView, t: TFunction<'billing'>, locale: string): string {
  const p = line.params;
  const str = (key: string) => (p[key] === undefined ? '' : String(p[key]));
  const date = (key: string) => (typeof p[key] === 'string' ? formatLocalDate(p[key], locale, { month: 'short', day: 'numeric' }) : '');
  const span = (text: string) => (p.from && p.to ? t('lines.span', { text, from: date('from'), to: date('to') }) : text);
  const period = t(`lines.periods.${line.descriptionKey}`, { defaultValue: line.descriptionKey });
  switch (line.kind) {
    case 'energy':
      return span(t('lines.energy', { period, plan: t(`lines.plans.${str('plan')}`, { defaultValue: str('plan') }) }));
    case 'export-credit':
      return span(t('lines.exportCredit', { period }));
    case 'fixed':
      return span(t(`lines.fixed.${str('plan')}`, { defaultValue: t('lines.fixed.default') }));
    case 'rebate':
    case 'tax': {
      const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(Number(p.ratePerMillion ?? 0) / RATE_SCALE / 100);
      return t('lines.withRate', { name: t(`lines.charges.${line.descriptionKey}`, { defaultValue: line.descriptionKey }), rate });
    }
    case 'adjustment':
      return t('lines.adjustment', {
        from: date('from'),
        to: date('to'),
        recomputed: formatCad(Number(p.recomputedCents ?? 0), locale),
        billed: formatCad(Number(p.billedCents ?? 0), locale),
      });
    case 'credit-lapse':
      return t('lines.creditLapse', { date: date('date'), periods: new Intl.NumberFormat(locale).format(Number(p.periods ?? 0)) });
  }
}
