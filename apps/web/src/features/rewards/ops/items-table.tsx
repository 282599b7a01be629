import type { OpsRewardItem } from '@peakwise/contracts/rewards.contract';
import { isCodeKind } from '@peakwise/domain/reward-rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useIntlLocale } from '@/lib/format';
import { useEditRewardItem, useUploadImage } from '../api/use-ops-rewards';
import { RefusalList } from './refusal-list';

const HEAD = 'py-2 pr-4 font-medium whitespace-nowrap';
const CELL = 'py-3 pr-4 align-top';

type ItemsTableProps = { items: OpsRewardItem[]; onEdit: (item: OpsRewardItem) => void; onCodes: (item: OpsRewardItem) => void };

export function ItemsTable({ items, onEdit, onCodes }: ItemsTableProps) {
  const { t } = useTranslation('rewards');
  const edit = useEditRewardItem();
  const image = useUploadImage();
  const number = new Intl.NumberFormat(useIntlLocale());
  return (
    <div className="space-y-3">
      <div aria-live="polite" className="empty:hidden">
        {edit.isError && <RefusalList error={edit.error} />}
        {image.isError && <RefusalList error={image.error} />}
      </div>
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className={HEAD}>{t('console.catalogue.columns.item')}</th>
              <th scope="col" className={HEAD}>{t('console.catalogue.columns.kind')}</th>
              <th scope="col" className={`${HEAD} text-right`}>{t('console.catalogue.columns.cost')}</th>
              <th scope="col" className={`${HEAD} text-right`}>{t('console.catalogue.columns.stock')}</th>
              <th scope="col" className={`${HEAD} text-right`}>{t('console.catalogue.columns.codes')}</th>
              <th scope="col" className={`${HEAD} text-right`}>{t('console.catalogue.columns.orders')}</th>
              <th scope="col" className={HEAD}>{t('console.catalogue.columns.status')}</th>
              <th scope="col" className={HEAD}>{t('console.catalogue.columns.actions')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => (
              <tr key={item.id}>
                <td className={CELL}>
                  <div className="flex items-center gap-3">
                    {item.imageUrl ? <img src={item.imageUrl} alt="" className="h-10 w-16 rounded object-cover" /> : <span className="h-10 w-16 rounded bg-slate-100" />}
                    <span className="font-medium text-slate-900">{item.name.en}</span>
                  </div>
                </td>
                <td className={CELL}>{t(`catalogue.kinds.${item.kind}`)}</td>
                <td className={`${CELL} text-right tabular-nums`}>{number.format(item.pointsCost)}</td>
                <td className={`${CELL} text-right tabular-nums`}>{item.stock === null ? t('console.catalogue.unlimitedStock') : number.format(item.stock)}</td>
                <td className={`${CELL} text-right tabular-nums`}>{item.codesAvailable === null ? '—' : number.format(item.codesAvailable)}</td>
                <td className={`${CELL} text-right tabular-nums`}>{number.format(item.orders)}</td>
                <td className={CELL}>{t(`console.catalogue.status.${item.status}`)}</td>
                <td className={CELL}>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="secondary" onClick={() => onEdit(item)} aria-label={`${t('console.catalogue.edit')}: ${item.name.en}`}>
                      {t('console.catalogue.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={edit.isPending}
                      onClick={() => edit.mutate({ id: item.id, changes: { status: item.status === 'active' ? 'withdrawn' : 'active' } })}
                      aria-label={`${item.status === 'active' ? t('console.catalogue.withdraw') : t('console.catalogue.reinstate')}: ${item.name.en}`}
                    >
                      {item.status === 'active' ? t('console.catalogue.withdraw') : t('console.catalogue.reinstate')}
                    </Button>
                    {isCodeKind(item.kind) && (
                      <Button size="sm" variant="secondary" onClick={() => onCodes(item)} aria-label={`${t('console.catalogue.codes')}: ${item.name.en}`}>
                        {t('console.catalogue.codes')}
                      </Button>
                    )}
                    <ImageInput item={item} onFile={(file) => image.mutate({ id: item.id, file })} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ImageInput({ item, onFile }: { item: OpsRewardItem; onFile: (file: File) => void }) {
  const { t } = useTranslation('rewards');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t('console.catalogue.image', { name: item.name.en })}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/svg+xml"
        title={t('console.catalogue.imageHint')}
        className="block w-44 text-xs text-slate-600 file:mr-2 file:rounded-lg file:border-0 file:bg-slate-100 file:px-2.5 file:py-1.5 file:text-xs file:font-medium file:text-slate-800"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}
