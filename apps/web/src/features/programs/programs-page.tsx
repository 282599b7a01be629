import type { MemberPrograms } from '@peakwise/contracts/event-programs.contract';
import { MIN_CUT_KWH_PER_HOUR } from '@peakwise/domain/event-points';
import { CalendarRange, MapPinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { formatKwh, formatLocalDate, useIntlLocale } from '@/lib/format';
import { useMemberPrograms, useProgramStartNotice } from './api/use-member-programs';
import { windowText } from './program-window-text';

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

function ProgramCard({ program }: { program: MemberPrograms['programs'][number] }) {
  const { t, i18n } = useTranslation('programs');
  const locale = useIntlLocale();
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <article className={CARD} aria-labelledby={`program-${program.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`program-${program.id}`} className="text-lg font-semibold text-slate-900">
          {i18n.language.startsWith('fr') ? program.nameFr : program.name}
        </h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${program.takingPart ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
          {program.status === 'paused' ? t('member.paused') : program.takingPart ? t('member.takingPart') : t('member.notTakingPart')}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700">{t('member.season', { start: formatLocalDate(program.seasonStart, locale, DATE), end: formatLocalDate(program.seasonEnd, locale, DATE) })}</p>
      <p className="mt-3 text-sm font-medium text-slate-900">{t('member.windows')}</p>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
        {program.windows.map((w) => (
          <li key={`${w.weekdays.join('')}-${w.start}-${w.end}`}>{windowText(t, w, locale)}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-700">{t('member.notice', { count: program.noticeHours })}</p>
      <p className="mt-2 text-sm text-slate-900">
        {t('member.pays', { points: number(program.rewardPoints), target: number(program.targetPercent) })}
        {program.pointsPerKwh > 0 ? `, ${t('member.paysPerKwh', { points: number(program.pointsPerKwh) })}` : ''}.
      </p>
      {/* What a program pays is a promise: a saving within the home's usual swing waits for the season to prove it (decision 140). */}
      <p className="mt-1 text-xs text-slate-600">{t('member.held')}</p>
      {/* A share of a draw of a few watt-hours is no saving (decision 148): said where the terms are. */}
      <p className="mt-1 text-xs text-slate-600">{t('member.leastCut', { minimum: formatKwh(MIN_CUT_KWH_PER_HOUR, locale, 2) })}</p>
      {program.preheat && <p className="mt-2 text-sm text-slate-700">{t('member.preheat')}</p>}
    </article>
  );
}

function NoProgramYet({ data }: { data: MemberPrograms }) {
  const { t } = useTranslation('programs');
  const notice = useProgramStartNotice();
  return (
    <section className={CARD} aria-labelledby="no-program-title">
      <h2 id="no-program-title" className="text-lg font-semibold text-slate-900">
        {t('member.noneTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{data.notifyWhenStarts ? t('member.notifyOn') : t('member.noneMessage')}</p>
      <div className="mt-4">
        <Button variant={data.notifyWhenStarts ? 'secondary' : 'primary'} disabled={notice.isPending} onClick={() => notice.mutate(!data.notifyWhenStarts)}>
          {data.notifyWhenStarts ? t('member.stopNotify') : t('member.notifyMe')}
        </Button>
      </div>
      {notice.isError && (
        <div className="mt-3">
          <AlertMessage tone="error">{t('member.saveFailed')}</AlertMessage>
        </div>
      )}
    </section>
  );
}

/** Every program covering the member's home (decision 103), or why there is none. */
export default function ProgramsPage() {
  const { t } = useTranslation('programs');
  const query = useMemberPrograms();
  const data = query.data;
  return (
    <div className="space-y-6">
      <PageHeader title={t('member.title')} intro={t('member.intro')} />
      {query.isPending ? (
        <Spinner label={t('member.loading')} />
      ) : query.isError || !data ? (
        <LoadError title={t('member.loadFailed')} message={t('member.intro')} retryLabel={t('member.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data.place === 'outside' ? (
        <EmptyState icon={MapPinOff} title={t('member.outsideTitle')} message={t('member.outsideMessage', { province: data.province })} />
      ) : data.programs.length === 0 ? (
        <NoProgramYet data={data} />
      ) : (
        <>
          {data.programs.map((p) => (
            <ProgramCard key={p.id} program={p} />
          ))}
          <p className="text-sm">
            <CalendarRange aria-hidden="true" className="mr-1 inline size-4 text-brand-700" />
            <Link to="/app/rewards" className="font-medium text-brand-700 underline hover:text-brand-800">
              {t('member.rewardsLink')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
