import type { OpsRewardItem } from '@peakwise/contracts/rewards.contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useUploadCodes } from '../api/use-ops-rewards';
import { RefusalList } from './refusal-list';

/** Paste codes (or CSV); all are added or none, and duplicates are named. */
export function CodesDialog({ item, onClose }: { item: OpsRewardItem | null; onClose: () => void }) {
  const { t } = useTranslation('rewards');
  const upload = useUploadCodes();
  const [codes, setCodes] = useState('');
  const id = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (item) upload.mutate({ id: item.id, codes }, { onSuccess: () => setCodes('') });
  };

  return (
    <Modal open={item !== null} onClose={onClose} placement="center" title={t('console.catalogue.codesTitle', { name: item?.name.en ?? '' })}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t('console.catalogue.codesLabel')}
          </label>
          <textarea
            id={id}
            rows={8}
            value={codes}
            onChange={(e) => setCodes(e.target.value)}
            className="mt-1.5 block w-full rounded-xl border border-slate-300 px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
        </div>
        <div aria-live="polite" className="empty:hidden">
          {upload.isError && <RefusalList error={upload.error} />}
          {upload.isSuccess && <AlertMessage tone="success">{t('console.catalogue.codesAdded', { added: upload.data.added, available: upload.data.codesAvailable })}</AlertMessage>}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
            {t('console.cancel')}
          </Button>
          <Button type="submit" disabled={upload.isPending}>
            {t('console.catalogue.codesAdd')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
