import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/alert-message';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { HOLDOUT_PERCENT_DEFAULT, HOLDOUT_PERCENT_MAX } from '@peakwise/domain/event-holdout';
import { useIntlLocale } from '@/lib/format';
import { useProgramReach, useScheduleEvent } from '../api/use-ops';
import { checkEventForm, type EventErrorKey, type EventField, type EventFormValues } from '../event-window';
import { checkHoldoutPercent } from '../holdout-percent';
import { refusalMessages } from '../ops-error';
import { DEFAULT_OPS_TIME_ZONE, programTimeZone } from '../ops-time-zones';
import { EventFields } from './event-fields';
import { RefusalAlert } from './refusal-alert';

const EMPTY: EventFormValues = { date: '', startTime: '', endTime: '', timeZone: DEFAULT_OPS_TIME_ZONE, rewardPoints: '', targetPercent: '' };

/** Choosing a program fills in its zone and its default terms; the operator can change them. */
function valuesFor(program: OpsProgram | undefined, previous: EventFormValues): EventFormValues {
  if (!program) return { ...previous, timeZone: DEFAULT_OPS_TIME_ZONE, rewardPoints: '', targetPercent: '' };
  return { ...previous, timeZone: programTimeZone(program), rewardPoints: String(program.defaultRewardPoints), targetPercent: String(program.defaultTargetPercent) };
}

export function ScheduleEventForm({ programs, now = () => new Date() }: { programs: OpsProgram[]; now?: () => Date }) {
  const { t } = useTranslation('ops');
  const locale = useIntlLocale();
  const formRef = useRef<HTMLFormElement>(null);
  const [programId, setProgramId] = useState('');
  const [values, setValues] = useState<EventFormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<EventField, EventErrorKey>>>({});
  const [holdout, setHoldout] = useState(String(HOLDOUT_PERCENT_DEFAULT));
  const [holdoutError, setHoldoutError] = useState(false);
  const schedule = useScheduleEvent();
  const reach = useProgramReach(programId);
  const households = (count: number) => t('events.households', { count, formatted: new Intl.NumberFormat(locale).format(count) });

  const change = (field: keyof EventFormValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // A field the operator corrects stops showing its old message; the others wait for the next try.
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    schedule.reset();
  };

  const chooseProgram = (id: string) => {
    const program = programs.find((p) => p.id === id);
    setProgramId(id);
    setValues((previous) => valuesFor(program, previous));
    // The program's share, as the server would take it: the form always sends one.
    setHoldout(String(program?.holdoutPercent ?? HOLDOUT_PERCENT_DEFAULT));
    setHoldoutError(false);
    setErrors({});
    schedule.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkEventForm(values, now());
    const found: Partial<Record<EventField, EventErrorKey>> = check.ok ? {} : { ...check.errors };
    if (!programId) found.programId = 'programRequired';
    setErrors(found);
    const holdoutPercent = checkHoldoutPercent(holdout);
    setHoldoutError(holdoutPercent === null);
    if (!check.ok || !programId || holdoutPercent === null) {
      // Focus the first field in error so a keyboard or screen-reader user lands on it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    schedule.mutate(
      { programId, ...check.terms, holdoutPercent },
      {
        onSuccess: () => {
          setValues((previous) => ({ ...previous, date: '', startTime: '', endTime: '' }));
        },
      },
    );
  };

  if (programs.length === 0) {
    return <AlertMessage tone="info">{t('form.noPrograms')}</AlertMessage>;
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
      <div>
        <SelectField
          label={t('form.program')}
          name="programId"
          placeholder={t('form.programPlaceholder')}
          value={programId}
          error={errors.programId ? t(`errors.${errors.programId}`) : undefined}
          disabled={schedule.isPending}
          options={programs.map((p) => ({ value: p.id, label: t('form.programOption', { name: p.name, provinces: p.provinces.join(', '), households: households(p.reach) }) }))}
          onChange={(event) => chooseProgram(event.target.value)}
        />
        {programId && (
          <p className="mt-1.5 text-sm text-slate-700" aria-live="polite">
            {reach.isPending ? t('form.reachLoading') : reach.isError ? t('form.reachFailed') : t('form.reachPreview', { households: households(reach.data.households) })}
          </p>
        )}
      </div>
      <EventFields values={values} errors={errors} onChange={change} disabled={schedule.isPending} />
      <TextField
        label={t('form.holdout')}
        hint={t('form.holdoutHint')}
        name="holdoutPercent"
        type="number"
        inputMode="numeric"
        min={0}
        max={HOLDOUT_PERCENT_MAX}
        step={1}
        required
        value={holdout}
        error={holdoutError ? t('errors.holdoutOutOfRange') : undefined}
        disabled={schedule.isPending}
        onChange={(event) => {
          setHoldout(event.target.value);
          setHoldoutError(false);
          schedule.reset();
        }}
      />
      <div aria-live="polite" className="empty:hidden">
        {schedule.isError && <RefusalAlert lead={t('form.refused')} messages={refusalMessages(t, schedule.error)} />}
        {schedule.isSuccess && <AlertMessage tone="success">{t('form.scheduled')}</AlertMessage>}
      </div>
      <Button type="submit" disabled={schedule.isPending}>
        {schedule.isPending ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}
