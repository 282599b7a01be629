import type { OpsEvent } from '@peakwise/contracts/events.contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useCancelEvent } from '../api/use-ops';
import { refusalMessages } from '../ops-error';
import { RefusalAlert } from './refusal-alert';

// Red, like deleting an account: the one button here that cannot be taken back.
const DANGER =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-red-700 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60';

type CancelEventDialogProps = { event: OpsEvent | null; when: string; onClose: () => void };

/** Cancelling cannot be undone and members are told, so it is asked twice. */
export function CancelEventDialog({ event, when, onClose }: CancelEventDialogProps) {
  const { t } = useTranslation('ops');
  const cancel = useCancelEvent();
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Modal open={event !== null} onClose={close} placement="center" title={t('cancelDialog.title')} description={event ? t('cancelDialog.body', { program: event.programName, when }) : undefined}>
      <div className="space-y-5">
        <div aria-live="polite" className="empty:hidden">
          {cancel.isError && <RefusalAlert lead={t('form.refused')} messages={refusalMessages(t, cancel.error)} />}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
            {t('cancelDialog.keep')}
          </Button>
          <button
            type="button"
            className={DANGER}
            disabled={cancel.isPending || !event}
            onClick={() => event && cancel.mutate(event.id, { onSuccess: close })}
          >
            {cancel.isPending ? t('cancelDialog.cancelling') : t('cancelDialog.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
