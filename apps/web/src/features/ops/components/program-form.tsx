import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import type { ProgramInput } from '@peakwise/contracts/event-programs.contract';
import { BASELINE_METHODS, PROGRAM_PROVINCES } from '@peakwise/domain/event-program';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useSaveProgram } from '../api/use-ops-programs';
import { OpsRequestError } from '../ops-error';
import { RefusalAlert } from './refusal-alert';

type WindowValues = { weekdays: number[]; start: string; end: string };
type Values = {
  name: string;
  nameFr: string;
  provinces: string[];
  fsas: string;
  seasonStart: string;
  seasonEnd: string;
  windows: WindowValues[];
  noticeHours: string;
  rewardPoints: string;
  pointsPerKwh: string;
  targetPercent: string;
  baselineMethod: string;
  holdoutPercent: string;
  stacks: boolean;
  preheat: boolean;
};

const EMPTY: Values = {
  name: '',
  nameFr: '',
  provinces: [],
  fsas: '',
  seasonStart: '',
  seasonEnd: '',
  windows: [{ weekdays: [1, 2, 3, 4, 5], start: '16:00', end: '20:00' }],
  noticeHours: '4',
  rewardPoints: '100',
  pointsPerKwh: '0',
  targetPercent: '10',
  baselineMethod: BASELINE_METHODS[0],
  holdoutPercent: '5',
  stacks: false,
  preheat: false,
};

function valuesOf(p: OpsProgram): Values {
  return {
    name: p.name,
    nameFr: p.nameFr,
    provinces: p.provinces,
    fsas: (p.fsas ?? []).join(', '),
    seasonStart: p.seasonStart,
    seasonEnd: p.seasonEnd,
    windows: p.windows.map((w) => ({ ...w })),
    noticeHours: String(p.noticeHours),
    rewardPoints: String(p.rewardPoints),
    pointsPerKwh: String(p.pointsPerKwh),
    targetPercent: String(p.targetPercent),
    baselineMethod: p.baselineMethod,
    holdoutPercent: String(p.holdoutPercent),
    stacks: p.stacks,
    preheat: p.preheat,
  };
}

const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The body to send, or null when a number or a date is missing (the server judges the rest, with reasons). */
function inputOf(v: Values): ProgramInput | null {
  const numbers = [v.noticeHours, v.rewardPoints, v.pointsPerKwh, v.targetPercent, v.holdoutPercent].map(whole);
  if (numbers.some((n) => n === null) || !v.seasonStart || !v.seasonEnd || !v.name.trim() || !v.nameFr.trim()) return null;
  const [noticeHours, rewardPoints, pointsPerKwh, targetPercent, holdoutPercent] = numbers as number[];
  const fsas = v.fsas
    .split(/[,\s]+/)
    .map((f) => f.trim().toUpperCase())
    .filter(Boolean);
  return {
    name: v.name.trim(),
    nameFr: v.nameFr.trim(),
    provinces: v.provinces,
    fsas: fsas.length > 0 ? fsas : null,
    seasonStart: v.seasonStart,
    seasonEnd: v.seasonEnd,
    windows: v.windows,
    noticeHours: noticeHours!,
    rewardPoints: rewardPoints!,
    pointsPerKwh: pointsPerKwh!,
    targetPercent: targetPercent!,
    baselineMethod: v.baselineMethod as ProgramInput['baselineMethod'],
    holdoutPercent: holdoutPercent!,
    stacks: v.stacks,
    preheat: v.preheat,
  };
}

const PROBLEM_KEYS = [
  'province_not_served',
  'no_province',
  'fsa_malformed',
  'fsa_outside_provinces',
  'season_ends_before_start',
  'no_window',
  'window_no_weekday',
  'window_ends_before_start',
  'window_time_malformed',
  'points_below_one',
  'points_per_kwh_negative',
  'target_out_of_range',
  'notice_out_of_range',
  'holdout_out_of_range',
  'unknown_baseline_method',
  'season_overlaps',
  'program_name_taken',
  'program_ended',
] as const;
type ProblemKey = (typeof PROBLEM_KEYS)[number];
const isProblem = (code: string): code is ProblemKey => (PROBLEM_KEYS as readonly string[]).includes(code);

/** Create a program, or edit one: every field of it, checked by the server with a reason per problem. */
export function ProgramForm({ program, onDone }: { program: OpsProgram | null; onDone: () => void }) {
  const { t } = useTranslation('programs');
  const [values, setValues] = useState<Values>(() => (program ? valuesOf(program) : EMPTY));
  const [missing, setMissing] = useState(false);
  const save = useSaveProgram();
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setMissing(false);
    save.reset();
  };
  const setWindow = (index: number, change: Partial<WindowValues>) => set('windows', values.windows.map((w, i) => (i === index ? { ...w, ...change } : w)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(values);
    if (!input) return setMissing(true);
    save.mutate(
      { id: program?.id ?? null, input },
      {
        onSuccess: () => {
          if (!program) setValues(EMPTY);
          onDone();
        },
      },
    );
  };

  const refusal = (): string[] => {
    const error = save.error;
    if (!(error instanceof OpsRequestError)) return [t('ops.problems.fieldsMissing')];
    const codes = error.details.length > 0 ? error.details.map((d) => d.path) : [error.code ?? ''];
    return codes.map((code, i) => (isProblem(code) ? t(`ops.problems.${code}`) : (error.details[i]?.message ?? error.serverMessage ?? t('ops.problems.fieldsMissing'))));
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label={program ? t('ops.editTitle', { name: program.name }) : t('ops.createTitle')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('ops.fields.name')} name="name" value={values.name} maxLength={80} required onChange={(e) => set('name', e.target.value)} />
        <TextField label={t('ops.fields.nameFr')} name="nameFr" lang="fr" value={values.nameFr} maxLength={80} required onChange={(e) => set('nameFr', e.target.value)} />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t('ops.fields.provinces')}</legend>
        <div className="flex flex-wrap gap-x-6">
          {PROGRAM_PROVINCES.map((code) => (
            <Checkbox
              key={code}
              label={t(`ops.provinces.${code as 'ON'}`)}
              name={`province-${code}`}
              checked={values.provinces.includes(code)}
              onChange={(e) => set('provinces', e.target.checked ? [...values.provinces, code] : values.provinces.filter((p) => p !== code))}
            />
          ))}
        </div>
      </fieldset>
      <TextField label={t('ops.fields.fsas')} hint={t('ops.fields.fsasHint')} name="fsas" value={values.fsas} maxLength={2000} onChange={(e) => set('fsas', e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField type="date" label={t('ops.fields.seasonStart')} name="seasonStart" value={values.seasonStart} required onChange={(e) => set('seasonStart', e.target.value)} />
        <TextField type="date" label={t('ops.fields.seasonEnd')} name="seasonEnd" value={values.seasonEnd} required onChange={(e) => set('seasonEnd', e.target.value)} />
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">{t('ops.fields.windows')}</legend>
        {values.windows.map((w, index) => (
          <fieldset key={index} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm text-slate-700">{t('ops.fields.windowLabel', { n: index + 1 })}</legend>
            <div className="flex flex-wrap gap-x-4">
              {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                <Checkbox
                  key={d}
                  label={t(`weekdays.${String(d) as '1'}`)}
                  name={`window-${index}-day-${d}`}
                  checked={w.weekdays.includes(d)}
                  onChange={(e) => setWindow(index, { weekdays: e.target.checked ? [...w.weekdays, d].sort() : w.weekdays.filter((x) => x !== d) })}
                />
              ))}
            </div>
            <div className="grid items-end gap-4 sm:grid-cols-3">
              <TextField type="time" label={t('ops.fields.windowStart')} name={`window-${index}-start`} value={w.start} onChange={(e) => setWindow(index, { start: e.target.value })} />
              <TextField type="time" label={t('ops.fields.windowEnd')} name={`window-${index}-end`} value={w.end} onChange={(e) => setWindow(index, { end: e.target.value })} />
              {values.windows.length > 1 && (
                <Button variant="secondary" onClick={() => set('windows', values.windows.filter((_, i) => i !== index))}>
                  {t('ops.fields.removeWindow')}
                </Button>
              )}
            </div>
          </fieldset>
        ))}
        <Button variant="secondary" onClick={() => set('windows', [...values.windows, { weekdays: [1, 2, 3, 4, 5], start: '06:00', end: '10:00' }])}>
          {t('ops.fields.addWindow')}
        </Button>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField inputMode="numeric" label={t('ops.fields.rewardPoints')} name="rewardPoints" value={values.rewardPoints} onChange={(e) => set('rewardPoints', e.target.value)} />
        <TextField inputMode="numeric" label={t('ops.fields.pointsPerKwh')} name="pointsPerKwh" value={values.pointsPerKwh} onChange={(e) => set('pointsPerKwh', e.target.value)} />
        <TextField inputMode="numeric" label={t('ops.fields.targetPercent')} name="targetPercent" value={values.targetPercent} onChange={(e) => set('targetPercent', e.target.value)} />
        <TextField inputMode="numeric" label={t('ops.fields.noticeHours')} name="noticeHours" value={values.noticeHours} onChange={(e) => set('noticeHours', e.target.value)} />
        <TextField inputMode="numeric" label={t('ops.fields.holdoutPercent')} name="holdoutPercent" value={values.holdoutPercent} onChange={(e) => set('holdoutPercent', e.target.value)} />
        <SelectField
          label={t('ops.fields.baselineMethod')}
          name="baselineMethod"
          value={values.baselineMethod}
          onChange={(e) => set('baselineMethod', e.target.value)}
          options={BASELINE_METHODS.map((m) => ({ value: m, label: t(`ops.baselineMethods.${m}`) }))}
        />
      </div>
      <div className="flex flex-wrap gap-x-6">
        <Checkbox label={t('ops.fields.stacks')} name="stacks" checked={values.stacks} onChange={(e) => set('stacks', e.target.checked)} />
        <Checkbox label={t('ops.fields.preheat')} name="preheat" checked={values.preheat} onChange={(e) => set('preheat', e.target.checked)} />
      </div>
      {missing && <AlertMessage tone="error">{t('ops.problems.fieldsMissing')}</AlertMessage>}
      {save.isError && <RefusalAlert lead={t('ops.refused')} messages={[...new Set(refusal())]} />}
      {save.isSuccess && <AlertMessage tone="success">{program ? t('ops.saved') : t('ops.created')}</AlertMessage>}
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('ops.saving') : program ? t('ops.save') : t('ops.create')}
        </Button>
        {program && (
          <Button variant="secondary" onClick={onDone}>
            {t('ops.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
