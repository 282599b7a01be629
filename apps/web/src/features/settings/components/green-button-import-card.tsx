import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { greenButtonFileErrorSchema, type GreenButtonImportResult } from '@peakwise/contracts/green-button.contract';
import { GreenButtonWhereToFind } from '@/components/green-button-where-to-find';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { describedBy, errorClass, hintClass, labelClass } from '@/components/ui/field-styles';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ApiRequestError } from '@/lib/api-request';
import { useIntlLocale } from '@/lib/format';
import { uploadGreenButton } from '../api/green-button-api';
import { SettingsCard } from './settings-card';

/** Where the empty Usage screen sends a member without a gateway. */
export const GREEN_BUTTON_ANCHOR = 'green-button';

type State = { step: 'idle' } | { step: 'uploading'; percent: number } | { step: 'processing' } | { step: 'done'; result: GreenButtonImportResult } | { step: 'failed'; error: unknown };

/**
 * "Import your utility's data (Green Button)": one XML file at a time, its upload progress, then
 * what the import stored and which of the file's readings were refused and why (decision 046).
 */
export function GreenButtonImportCard() {
  const { t } = useTranslation('greenButton');
  const locale = useIntlLocale();
  const location = useLocation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [missing, setMissing] = useState(false);
  const busy = state.step === 'uploading' || state.step === 'processing';

  useEffect(() => {
    if (location.hash === `#${GREEN_BUTTON_ANCHOR}`) {
      anchor.current?.scrollIntoView?.({ block: 'start' });
      input.current?.focus();
    }
  }, [location.hash]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    setMissing(false);
    setState({ step: 'uploading', percent: 0 });
    try {
      const result = await uploadGreenButton(file, (percent) => setState(percent >= 100 ? { step: 'processing' } : { step: 'uploading', percent }));
      setState({ step: 'done', result });
    } catch (error) {
      setState({ step: 'failed', error });
    }
  };

  const dateTime = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const date = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(ms));
  const errorText = (error: unknown) => {
    const code = error instanceof ApiRequestError ? greenButtonFileErrorSchema.safeParse(error.code) : null;
    return code?.success ? t(`import.errors.${code.data}`) : t('import.errors.failed');
  };

  return (
    <div id={GREEN_BUTTON_ANCHOR} ref={anchor} className="scroll-mt-6">
      <SettingsCard title={t('import.title')} description={t('import.description')}>
        <div className="mb-4">
          <GreenButtonWhereToFind />
        </div>
        <form onSubmit={submit} noValidate className="space-y-4">
          <div>
            <label htmlFor={`${id}-file`} className={labelClass}>
              {t('import.fileLabel')}
            </label>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".xml,application/xml,text/xml,application/atom+xml"
              disabled={busy}
              aria-invalid={missing || undefined}
              aria-describedby={describedBy(`${id}-hint`, missing && `${id}-error`)}
              onChange={() => setMissing(false)}
              className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            />
            <p id={`${id}-hint`} className={hintClass}>
              {t('import.fileHint')}
            </p>
            {missing && (
              <p id={`${id}-error`} className={errorClass}>
                {t('import.chooseFile')}
              </p>
            )}
          </div>
          <Button type="submit" disabled={busy}>
            {state.step === 'processing' ? t('import.processing') : t('import.submit')}
          </Button>
        </form>
        {state.step === 'uploading' && (
          <div className="mt-4">
            <ProgressBar label={t('import.uploadLabel')} value={state.percent} formatted={t('import.uploading', { percent: state.percent })} />
          </div>
        )}
        <div aria-live="polite" className="mt-4 empty:hidden">
          {state.step === 'processing' && <p className="text-sm text-slate-600">{t('import.processing')}</p>}
          {state.step === 'failed' && <AlertMessage tone="error">{errorText(state.error)}</AlertMessage>}
          {state.step === 'done' && <ImportSummary result={state.result} dateTime={dateTime} date={date} />}
        </div>
      </SettingsCard>
    </div>
  );
}

/** ESPI unit codes a utility's file puts beside the meter's energy, written as their symbols. */
const UNIT_SYMBOLS: Record<number, string> = { 6: 'K', 23: '°C', 29: 'V', 38: 'W', 42: 'm³', 61: 'VA', 63: 'VAr', 65: 'cos φ', 72: 'Wh', 73: 'VArh' };

const OUTCOMES = ['stored', 'duplicate', 'superseded', 'refused', 'skipped'] as const;

function ImportSummary({ result, dateTime, date }: { result: GreenButtonImportResult; dateTime: (iso: string) => string; date: (ms: number) => string }) {
  const { t } = useTranslation('greenButton');
  const locale = useIntlLocale();
  const more = result.refused - result.refusedReadings.length;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  const unit = (uom: number | null) => (uom === null ? t('import.unitUnknown') : (UNIT_SYMBOLS[uom] ?? t('import.unitCode', { code: uom })));
  return (
    <div className="space-y-3">
      <AlertMessage tone={result.period ? 'success' : 'error'}>
        <p className="font-medium">{t('import.done')}</p>
        <p>{t('import.summary', { count: result.readings })}</p>
        <p>{t('import.stored', { accepted: result.intervals.accepted + result.intervals.corrected, duplicates: result.intervals.duplicates })}</p>
        {/* The period's end is exclusive: a file of whole days ends at the next midnight, so the last day shown is the one before it. */}
        <p>{result.period ? t('import.period', { from: date(Date.parse(result.period.from)), to: date(Date.parse(result.period.to) - 1) }) : t('import.nothingUsable')}</p>
      </AlertMessage>
      {/* Every reading of the file lands in exactly one of these, so they add up to the count above (decision 089). */}
      <div className="rounded-xl border border-slate-200 px-3.5 py-3 text-sm text-slate-800">
        <p className="font-medium">{t('import.outcomesTitle')}</p>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {OUTCOMES.map((outcome) => (
            <div key={outcome} className="contents">
              <dt>{t(`import.outcomes.${outcome}`)}</dt>
              <dd className="text-right tabular-nums">{number(result.outcomes[outcome])}</dd>
            </div>
          ))}
        </dl>
      </div>
      {result.skippedSeries.length > 0 && (
        <div className="rounded-xl border border-slate-200 bg-slate-50 px-3.5 py-3 text-sm text-slate-800">
          <p className="font-medium">{t('import.skippedTitle', { count: result.outcomes.skipped })}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {result.skippedSeries.map((s, k) => (
              <li key={`${s.meterReading ?? ''}-${k}`}>{t('import.skippedLine', { count: s.readings, unit: unit(s.uom), reason: t(`import.skipReasons.${s.reason}`) })}</li>
            ))}
          </ul>
        </div>
      )}
      {result.refused > 0 && (
        <div className="rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
          <p className="font-medium">{t('import.refusedTitle', { count: result.refused })}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {result.refusedReadings.map((r) => (
              <li key={r.index}>
                {t('import.refusedLine', { index: r.index + 1, start: r.start ? dateTime(r.start) : t('import.noStart'), reason: t(`import.reasons.${r.reason}`) })}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="mt-2">{t('import.refusedMore', { count: more })}</p>}
        </div>
      )}
    </div>
  );
}
