import type { EditEvent, OpsEvent } from '@peakwise/contracts/events.contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useEditEvent } from '../api/use-ops';
import { checkEventForm, instantToLocal, type EventErrorKey, type EventField, type EventFormValues } from '../event-window';
import { refusalMessages } from '../ops-error';
import { EventFields } from './event-fields';
import { RefusalAlert } from './refusal-alert';

function initialValues(event: OpsEvent, timeZone: string): EventFormValues {
  const start = instantToLocal(event.startsAt, timeZone);
  const end = instantToLocal(event.endsAt, timeZone);
  return { date: start.date, startTime: start.time, endTime: end.time, timeZone, rewardPoints: String(event.rewardPoints), targetPercent: String(event.targetPercent) };
}

type EditEventDialogProps = { event: OpsEvent | null; timeZone: string; onClose: () => void; now?: () => Date };

/** The window and terms of a scheduled event, on its program's clock. Only what changed is sent. */
export function EditEventDialog({ event, timeZone, onClose, now = () => new Date() }: EditEventDialogProps) {
  const { t } = useTranslation('ops');
  return (
    <Modal open={event !== null} onClose={onClose} placement="center" title={t('form.editTitle')} description={event ? t('form.editIntro', { program: event.programName }) : undefined}>
      {/* Keyed on the event so reopening starts from its saved terms, not the last draft. */}
      {event && <EditEventForm key={event.id} event={event} timeZone={timeZone} onDone={onClose} now={now} />}
    </Modal>
  );
}

function EditEventForm({ event, timeZone, onDone, now }: { event: OpsEvent; timeZone: string; onDone: () => void; now: () => Date }) {
  const { t } = useTranslation('ops');
  const [values, setValues] = useState(() => initialValues(event, timeZone));
  const [errors, setErrors] = useState<Partial<Record<EventField, EventErrorKey>>>({});
  const edit = useEditEvent();

  const change = (field: keyof EventFormValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    edit.reset();
  };

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const form = formEvent.currentTarget;
    const check = checkEventForm(values, now());
    if (!check.ok) {
      setErrors(check.errors);
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    const { terms } = check;
    const changes: EditEvent = {};
    if (Date.parse(terms.startsAt) !== Date.parse(event.startsAt)) changes.startsAt = terms.startsAt;
    if (Date.parse(terms.endsAt) !== Date.parse(event.endsAt)) changes.endsAt = terms.endsAt;
    if (terms.rewardPoints !== event.rewardPoints) changes.rewardPoints = terms.rewardPoints;
    if (terms.targetPercent !== event.targetPercent) changes.targetPercent = terms.targetPercent;
    if (Object.keys(changes).length === 0) return onDone();
    edit.mutate({ id: event.id, changes }, { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <EventFields values={values} errors={errors} onChange={change} disabled={edit.isPending} />
      <div aria-live="polite" className="empty:hidden">
        {edit.isError && <RefusalAlert lead={t('form.refused')} messages={refusalMessages(t, edit.error)} />}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={edit.isPending}>
          {t('form.close')}
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? t('form.saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}
