import type { OpsRewardItem } from '@peakwise/contracts/rewards.contract';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useOpsRewardItems } from './api/use-ops-rewards';
import { CodesDialog } from './ops/codes-dialog';
import { CreateItemForm } from './ops/create-item-form';
import { EditItemDialog } from './ops/edit-item-dialog';
import { ItemsTable } from './ops/items-table';

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** The console's catalogue (/ops/rewards): add, edit, withdraw, images and code pools. */
export default function OpsCataloguePage() {
  const { t } = useTranslation('rewards');
  const items = useOpsRewardItems();
  const [editing, setEditing] = useState<OpsRewardItem | null>(null);
  const [codes, setCodes] = useState<OpsRewardItem | null>(null);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('console.catalogue.title')} intro={t('console.catalogue.intro')} />
      <section aria-labelledby="create-reward-title" className={`${CARD} max-w-4xl`}>
        <h2 id="create-reward-title" className="mb-4 text-lg font-semibold text-slate-900">
          {t('console.catalogue.createTitle')}
        </h2>
        <CreateItemForm />
      </section>
      <section aria-labelledby="rewards-list-title" className={CARD}>
        <h2 id="rewards-list-title" className="text-lg font-semibold text-slate-900">
          {t('console.catalogue.listTitle')}
        </h2>
        <div className="mt-4">
          {items.isPending ? (
            <Spinner label={t('console.loading')} />
          ) : items.isError ? (
            <LoadError title={t('catalogue.loadFailed')} message={t('error.message')} retryLabel={t('error.retry')} onRetry={() => void items.refetch()} retrying={items.isFetching} />
          ) : items.data.length === 0 ? (
            <EmptyState icon={Gift} title={t('console.catalogue.listTitle')} message={t('console.catalogue.empty')} />
          ) : (
            <ItemsTable items={items.data} onEdit={setEditing} onCodes={setCodes} />
          )}
        </div>
      </section>
      <EditItemDialog key={editing?.id ?? 'none'} item={editing} onClose={() => setEditing(null)} />
      <CodesDialog key={codes?.id ?? 'none-codes'} item={codes} onClose={() => setCodes(null)} />
    </div>
  );
}
