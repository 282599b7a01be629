import type { CatalogueItem } from '@peakwise/contracts/rewards.contract';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { formatNumber, useIntlLocale } from '@/lib/format';
import { useLocalized } from '../use-localized';

type CatalogueGridProps = { items: CatalogueItem[]; balance: number; onRedeem: (item: CatalogueItem) => void };

/** The rewards on offer: picture, name, cost and whether any are left. */
export function CatalogueGrid({ items, balance, onRedeem }: CatalogueGridProps) {
  const { t } = useTranslation('rewards');
  if (items.length === 0) return <EmptyState icon={Gift} title={t('catalogue.title')} message={t('catalogue.empty')} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="catalogue">
      {items.map((item) => (
        <CatalogueCard key={item.id} item={item} balance={balance} onRedeem={onRedeem} />
      ))}
    </ul>
  );
}

function CatalogueCard({ item, balance, onRedeem }: { item: CatalogueItem; balance: number; onRedeem: (item: CatalogueItem) => void }) {
  const { t } = useTranslation('rewards');
  const locale = useIntlLocale();
  const localized = useLocalized();
  const name = localized(item.name);
  const soldOut = item.stock !== null && item.stock <= 0;
  // A reward the balance does not cover cannot be redeemed: the card says how far off it is instead.
  const short = Math.max(0, item.pointsCost - balance);
  const needId = `need-more-${item.id}`;
  const stockText = soldOut ? t('catalogue.outOfStock') : item.stock === null ? t('catalogue.unlimited') : t('catalogue.stockLeft', { count: item.stock });

  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="aspect-[8/5] bg-slate-100">{item.imageUrl && <img src={item.imageUrl} alt="" className="size-full object-cover" loading="lazy" />}</div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t(`catalogue.kinds.${item.kind}`)}</p>
        <h3 className="font-semibold text-slate-900">{name}</h3>
        {localized(item.description) && <p className="text-sm text-slate-600">{localized(item.description)}</p>}
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <div>
            <p className="text-lg font-semibold text-slate-900 tabular-nums">{t('points', { count: item.pointsCost, points: formatNumber(item.pointsCost, locale, 0) })}</p>
            <p className={`text-xs ${soldOut ? 'font-medium text-red-700' : 'text-slate-600'}`}>{stockText}</p>
          </div>
          <Button onClick={() => onRedeem(item)} disabled={soldOut || short > 0} aria-label={t('catalogue.redeemItem', { name })} aria-describedby={!soldOut && short > 0 ? needId : undefined}>
            {t('catalogue.redeem')}
          </Button>
        </div>
        {!soldOut && short > 0 && (
          <p id={needId} className="text-xs font-medium text-slate-700" data-testid="need-more">
            {t('catalogue.needMore', { count: short, points: formatNumber(short, locale, 0) })}
          </p>
        )}
      </div>
    </li>
  );
}
