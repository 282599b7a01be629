import type { OpsOpenAdrVtn } from '@peakwise/contracts/openadr.contract';
import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import { RadioTower } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber, useIntlLocale } from '@/lib/format';
import { useOpsPrograms } from './api/use-ops';
import { useOpsOpenAdr } from './api/use-ops-openadr';
import { useInstant, VtnConnection } from './components/vtn-connection';
import { VtnProgramMap } from './components/vtn-program-map';

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const TH = 'pr-4 pb-2 font-medium';
const TABLE_HEAD = 'text-left text-xs tracking-wide text-slate-600 uppercase';

function Vtn({ vtn, programs, index }: { vtn: OpsOpenAdrVtn; programs: OpsProgram[]; index: number }) {
  const { t } = useTranslation('ops');
  const locale = useIntlLocale();
  const instant = useInstant();
  const id = (part: string) => `vtn-${index}-${part}`;
  return (
    <section aria-labelledby={id('title')} className={`${CARD} space-y-8`}>
      <h2 id={id('title')} className="text-lg font-semibold break-all text-slate-900">
        {t('openadr.vtnTitle', { name: vtn.name, url: vtn.url })}
      </h2>
      <div>
        <h3 id={id('connection')} className="mb-3 font-semibold text-slate-900">
          {t('openadr.connection.title')}
        </h3>
        <VtnConnection vtn={vtn} />
      </div>
      <div>
        <h3 id={id('programs')} className="mb-3 font-semibold text-slate-900">
          {t('openadr.programs.title')}
        </h3>
        {vtn.programs.length === 0 ? (
          <p className="text-sm text-slate-600">{t('openadr.programs.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table aria-labelledby={id('programs')} className="w-full text-sm">
              <thead>
                <tr className={TABLE_HEAD}>
                  <th scope="col" className={TH}>{t('openadr.programs.columns.vtnProgram')}</th>
                  <th scope="col" className={TH}>{t('openadr.programs.columns.feeds')}</th>
                </tr>
              </thead>
              <tbody>
                {vtn.programs.map((p) => (
                  <VtnProgramMap key={p.vtnProgramId} vtnId={vtn.id} program={p} programs={programs} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <div>
        <h3 id={id('events')} className="mb-3 font-semibold text-slate-900">
          {t('openadr.events.title')}
        </h3>
        {vtn.events.length === 0 ? (
          <p className="text-sm text-slate-600">{t('openadr.events.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table aria-labelledby={id('events')} className="w-full text-sm">
              <thead>
                <tr className={TABLE_HEAD}>
                  {(['vtnEvent', 'status', 'reason', 'updated'] as const).map((c) => (
                    <th key={c} scope="col" className={TH}>
                      {t(`openadr.events.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {vtn.events.map((e) => (
                  <tr key={e.vtnEventId} className="border-t border-slate-200 align-top">
                    <th scope="row" className="py-2 pr-4 text-left font-mono text-xs font-normal text-slate-900">
                      {e.vtnEventId}
                    </th>
                    <td className="py-2 pr-4 text-slate-900">{t(`openadr.events.status.${e.status}`)}</td>
                    <td className="py-2 pr-4 text-slate-700">
                      {e.reason ? t(`openadr.events.reason.${e.reason}`) : null}
                      {e.detail ? <span className="block text-xs text-slate-600">{e.detail}</span> : null}
                    </td>
                    <td className="py-2 whitespace-nowrap text-slate-700">{instant(e.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <div>
        <h3 id={id('reports')} className="mb-3 font-semibold text-slate-900">
          {t('openadr.reports.title')}
        </h3>
        {vtn.reports.length === 0 ? (
          <p className="text-sm text-slate-600">{t('openadr.reports.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table aria-labelledby={id('reports')} className="w-full text-sm">
              <thead>
                <tr className={TABLE_HEAD}>
                  {(['vtnEvent', 'stage', 'intervals', 'baseline', 'actual', 'sent'] as const).map((c) => (
                    <th key={c} scope="col" className={TH}>
                      {t(`openadr.reports.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {vtn.reports.map((r) => (
                  <tr key={r.vtnEventId} className="border-t border-slate-200">
                    <th scope="row" className="py-2 pr-4 text-left font-mono text-xs font-normal text-slate-900">
                      {r.vtnEventId}
                    </th>
                    <td className="py-2 pr-4 text-slate-900">{t(`openadr.reports.stage.${r.stage}`)}</td>
                    <td className="py-2 pr-4 tabular-nums text-slate-700">{r.intervals}</td>
                    <td className="py-2 pr-4 tabular-nums text-slate-700">{t('openadr.reports.kwh', { value: formatNumber(r.baselineKwh, locale, 2) })}</td>
                    <td className="py-2 pr-4 tabular-nums text-slate-700">{t('openadr.reports.kwh', { value: formatNumber(r.actualKwh, locale, 2) })}</td>
                    <td className="py-2 whitespace-nowrap text-slate-700">{instant(r.sentAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/** OpenADR in the console (decisions 104, 110): each VTN connection, its program mapping, the events received and the reports sent. No secret is shown: the API has none to give. */
export default function OpsOpenAdrPage() {
  const { t } = useTranslation('ops');
  const vtns = useOpsOpenAdr();
  const programs = useOpsPrograms();
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title={t('openadr.title')} intro={t('openadr.intro')} />
      {vtns.isPending ? (
        <Spinner label={t('openadr.loading')} />
      ) : vtns.isError ? (
        <LoadError title={t('loadFailed.title')} message={t('loadFailed.message')} retryLabel={t('loadFailed.retry')} onRetry={() => void vtns.refetch()} retrying={vtns.isFetching} />
      ) : vtns.data.length === 0 ? (
        <EmptyState icon={RadioTower} title={t('openadr.title')} message={t('openadr.empty')} />
      ) : (
        vtns.data.map((vtn, i) => <Vtn key={vtn.id} vtn={vtn} programs={programs.data ?? []} index={i} />)
      )}
    </div>
  );
}
