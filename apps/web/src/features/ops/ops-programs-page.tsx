import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { formatLocalDate, useIntlLocale } from '@/lib/format';
import { useOpsPrograms } from './api/use-ops';
import { useSaveProgram } from './api/use-ops-programs';
import { ProgramForm } from './components/program-form';

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

function ProgramRow({ program, onEdit }: { program: OpsProgram; onEdit: (p: OpsProgram) => void }) {
  const { t } = useTranslation('programs');
  const locale = useIntlLocale();
  const save = useSaveProgram();
  const move = (status: OpsProgram['status']) => save.mutate({ id: program.id, input: { status } });
  const area = `${program.provinces.join(', ')}${program.fsas ? ` (${program.fsas.join(', ')})` : ''}`;
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="py-3 pr-4 text-left font-medium text-slate-900">
        {program.name}
        <span lang="fr" className="block text-xs font-normal text-slate-600">
          {program.nameFr}
        </span>
      </th>
      <td className="py-3 pr-4 text-slate-700">{area}</td>
      <td className="py-3 pr-4 whitespace-nowrap text-slate-700">
        {formatLocalDate(program.seasonStart, locale, DATE)} – {formatLocalDate(program.seasonEnd, locale, DATE)}
      </td>
      <td className="py-3 pr-4 whitespace-nowrap text-slate-700">{t('ops.paysValue', { points: new Intl.NumberFormat(locale).format(program.rewardPoints) })}</td>
      <td className="py-3 pr-4 text-slate-700">{new Intl.NumberFormat(locale).format(program.reach)}</td>
      <td className="py-3 pr-4 text-slate-700">{t(`ops.status.${program.status}`)}</td>
      <td className="py-3">
        {program.status !== 'ended' && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => onEdit(program)} aria-label={`${t('ops.edit')} ${program.name}`}>
              {t('ops.edit')}
            </Button>
            <Button size="sm" variant="secondary" disabled={save.isPending} onClick={() => move(program.status === 'active' ? 'paused' : 'active')} aria-label={`${program.status === 'active' ? t('ops.pause') : t('ops.resume')} ${program.name}`}>
              {program.status === 'active' ? t('ops.pause') : t('ops.resume')}
            </Button>
            <Button size="sm" variant="secondary" disabled={save.isPending} onClick={() => window.confirm(t('ops.endConfirm', { name: program.name })) && move('ended')} aria-label={`${t('ops.end')} ${program.name}`}>
              {t('ops.end')}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

/** The console's programs: every program with its reach and status, and the form to create or edit one. */
export default function OpsProgramsPage() {
  const { t } = useTranslation(['programs', 'ops']);
  const programs = useOpsPrograms();
  const [editing, setEditing] = useState<OpsProgram | null>(null);
  const columns = ['name', 'area', 'season', 'pays', 'reach', 'status', 'actions'] as const;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('programs:ops.title')} intro={t('programs:ops.intro')} />
      <section aria-labelledby="programs-title" className={CARD}>
        <h2 id="programs-title" className="text-lg font-semibold text-slate-900">
          {t('programs:ops.listTitle')}
        </h2>
        <div className="mt-4 overflow-x-auto">
          {programs.isPending ? (
            <Spinner label={t('ops:events.loading')} />
          ) : programs.isError ? (
            <LoadError title={t('ops:loadFailed.title')} message={t('ops:loadFailed.message')} retryLabel={t('ops:loadFailed.retry')} onRetry={() => void programs.refetch()} retrying={programs.isFetching} />
          ) : programs.data.length === 0 ? (
            <EmptyState icon={Layers} title={t('programs:ops.listTitle')} message={t('programs:ops.empty')} />
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs tracking-wide text-slate-600 uppercase">
                  {columns.map((c) => (
                    <th key={c} scope="col" className="pr-4 pb-2 font-medium">
                      {t(`programs:ops.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {programs.data.map((p) => (
                  <ProgramRow key={p.id} program={p} onEdit={setEditing} />
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
      <section aria-labelledby="program-form-title" className={`${CARD} max-w-3xl`}>
        <h2 id="program-form-title" className="mb-5 text-lg font-semibold text-slate-900">
          {editing ? t('programs:ops.editTitle', { name: editing.name }) : t('programs:ops.createTitle')}
        </h2>
        <ProgramForm key={editing?.id ?? 'new'} program={editing} onDone={() => setEditing(null)} />
      </section>
    </div>
  );
}
