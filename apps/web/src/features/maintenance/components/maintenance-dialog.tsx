import type { ComponentStatus, MaintenanceAlert } from '@peakwise/contracts/maintenance.contract';
import { useTranslation } from 'react-i18next';
import { useAlertWording } from '@/lib/alert-text';
import { useComponentName } from '@/lib/component-name';
import { formatLocalDate, useIntlLocale } from '@/lib/format';
import { useCompleteMaintenance, useScheduleMaintenance } from '../api/use-maintenance-actions';
import { actionErrorText } from '../action-error';
import { completeBounds, defaultScheduleDate, scheduleBounds } from '../maintenance-dates';
import { DateActionDialog } from './date-action-dialog';

/**
 * What a dialog acts on, copied when it opens: a live refetch that changes or drops the row
 * behind it cannot change the dialog under the member's hands.
 */
export type DialogRequest =
  | { kind: 'take-action'; alert: MaintenanceAlert; component: ComponentStatus | null }
  | { kind: 'schedule'; component: ComponentStatus }
  | { kind: 'complete'; component: ComponentStatus };

type MaintenanceDialogProps = {
  request: DialogRequest;
  open: boolean;
  today: string;
  onClose: () => void;
  /** Called with a sentence to announce once the server has accepted. */
  onDone: (announcement: string) => void;
};

export function MaintenanceDialog({ request, open, today, onClose, onDone }: MaintenanceDialogProps) {
  const { t } = useTranslation('maintenance');
  const wording = useAlertWording();
  const componentName = useComponentName();
  const locale = useIntlLocale();
  const schedule = useScheduleMaintenance();
  const complete = useCompleteMaintenance();
  const mutation = request.kind === 'complete' ? complete : schedule;
  const component = request.component;
  const name = component
    ? componentName(component)
    : request.kind === 'take-action'
      ? componentName({ name: request.alert.component, kind: request.alert.componentKind })
      : '';
  const description = component ? `${wording.task(component.task)} · ${name}` : request.kind === 'take-action' ? wording.title(request.alert) : name;
  const longDate = (date: string) => formatLocalDate(date, locale, { dateStyle: 'long' });

  const close = () => {
    schedule.reset();
    complete.reset();
    onClose();
  };
  const submit = (date: string) => {
    const done = (key: 'schedule.done' | 'complete.done') => () => {
      onDone(t(key, { component: name, date: longDate(date) }));
      close();
    };
    if (request.kind === 'complete') complete.mutate({ componentId: request.component.id, date }, { onSuccess: done('complete.done') });
    else {
      const target = request.kind === 'take-action' ? { kind: 'alert' as const, id: request.alert.id } : { kind: 'component' as const, id: request.component.id };
      schedule.mutate({ target, date }, { onSuccess: done('schedule.done') });
    }
  };

  return (
    <DateActionDialog
      open={open}
      mode={request.kind === 'complete' ? 'complete' : 'schedule'}
      description={description}
      initialDate={request.kind === 'complete' ? today : defaultScheduleDate(component?.nextMaintenance, today)}
      bounds={request.kind === 'complete' ? completeBounds(today) : scheduleBounds(today)}
      pending={mutation.isPending}
      error={mutation.isError ? actionErrorText(t, mutation.error) : null}
      onSubmit={submit}
      onClose={close}
    />
  );
}
