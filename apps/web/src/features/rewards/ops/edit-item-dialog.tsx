import type { OpsRewardItem } from '@peakwise/contracts/rewards.contract';
import { isCodeKind } from '@peakwise/domain/reward-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useEditRewardItem } from '../api/use-ops-rewards';
import { RefusalList } from './refusal-list';

const LANGUAGES = ['en', 'fr', 'es'] as const;

/** Cost, stock (not a code item's) and names. Mount it per item (a React key) so it starts from that item. */
export function EditItemDialog({ item, onClose }: { item: OpsRewardItem | null; onClose: () => void }) {
  const { t } = useTranslation('rewards');
  const edit = useEditRewardItem();
  const [cost, setCost] = useState(String(item?.pointsCost ?? ''));
  const [stock, setStock] = useState(item?.stock === null || item?.stock === undefined ? '' : String(item.stock));
  const [name, setName] = useState(item?.name ?? { en: '', fr: '', es: '' });
  const stockEditable = item !== null && !isCodeKind(item.kind) && item.stock !== null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!item) return;
    edit.mutate({ id: item.id, changes: { pointsCost: Number(cost), ...(stockEditable ? { stock: Number(stock) } : {}), name } }, { onSuccess: onClose });
  };

  return (
    <Modal open={item !== null} onClose={onClose} placement="center" title={t('console.catalogue.editTitle', { name: item?.name.en ?? '' })}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t('console.catalogue.cost')} inputMode="numeric" value={cost} onChange={(e) => setCost(e.target.value)} />
        {stockEditable && <TextField label={t('console.catalogue.stock')} inputMode="numeric" value={stock} onChange={(e) => setStock(e.target.value)} />}
        {LANGUAGES.map((l) => (
          <TextField key={l} label={t('console.catalogue.name', { language: t(`console.catalogue.languages.${l}`) })} maxLength={80} value={name[l]} onChange={(e) => setName({ ...name, [l]: e.target.value })} />
        ))}
        <div aria-live="polite" className="empty:hidden">
          {edit.isError && <RefusalList error={edit.error} />}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={edit.isPending}>
            {t('console.cancel')}
          </Button>
          <Button type="submit" disabled={edit.isPending}>
            {edit.isPending ? t('console.saving') : t('console.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
