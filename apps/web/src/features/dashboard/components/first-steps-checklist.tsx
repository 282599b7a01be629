import type { FirstStepId, FirstSteps, FreePlug } from '@peakwise/contracts/first-steps.contract';
import { CheckCircle2, Circle, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiRequestError } from '@/lib/api-request';
import { loadNamespaces } from '@/lib/i18n';
import { useDismissFirstSteps, useResendVerificationEmail, useSkipFreePlug } from '../api/first-steps-actions';
import { ADD_DEVICE_PATH, IMPORT_PATH } from './connect-links';

const linkClass =
  // inline-flex: a button and a link side by side centre their text alike in a phone's 44 px targets.
  'inline-flex items-center font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

// The order form is a chunk of its own, fetched with the rewards' address strings it shares when
// the member opens it (decision 058's budget).
const FreePlugDialog = lazy(() => Promise.all([import('./free-plug-dialog'), loadNamespaces(['rewards'])]).then(([module]) => module));
// Pairing the plug: its own chunk too, with the pairing screen's strings.
const ConnectPlugDialog = lazy(() => Promise.all([import('./connect-plug-dialog'), loadNamespaces(['manageDevices'])]).then(([module]) => module));
// Where to find a Green Button file: folded away, and fetched with its strings (`utilityGuide`) when
// the member first opens it, not with every new member's Dashboard (decision 120, 058's budget).
const WhereToFindBody = lazy(() =>
  Promise.all([import('@/components/green-button-where-to-find'), loadNamespaces(['utilityGuide'])]).then(([module]) => ({ default: () => <module.GreenButtonWhereToFind bare /> })),
);

/** The import step's "Where to find your Green Button file", folded; its body is fetched on the first open. */
function WhereToFind() {
  const { t } = useTranslation('firstSteps');
  const [opened, setOpened] = useState(false);
  return (
    <details className="mt-2 text-sm">
      {/* A summary's click is what opens it, by mouse, touch or keyboard. */}
      <summary
        onClick={() => setOpened(true)}
        className="cursor-pointer font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t('steps.connectData.whereToFind')}
      </summary>
      {opened && (
        <Suspense fallback={null}>
          <WhereToFindBody />
        </Suspense>
      )}
    </details>
  );
}

/** Where each step is done. A new step is a line here and its id in the contract. */
const STEP_LINKS: Record<Exclude<FirstStepId, 'confirmEmail' | 'freePlug'>, string> = {
  connectData: ADD_DEVICE_PATH,
  eventNotifications: '/app/settings/notifications',
  eventOptIn: '/app/settings/notifications#every-event',
};

function ResendButton() {
  const { t } = useTranslation('firstSteps');
  const resend = useResendVerificationEmail();
  const error = resend.error;
  const status = resend.isSuccess ? t('resend.sent') : error ? t(error instanceof ApiRequestError && error.status === 429 ? 'resend.tooSoon' : 'resend.failed') : '';
  return (
    <>
      <button type="button" className={linkClass} disabled={resend.isPending} onClick={() => resend.mutate()}>
        {t('steps.confirmEmail.action')}
      </button>
      <span role="status" className="text-slate-600">
        {status}
      </span>
    </>
  );
}

/** Order the free plug, or say there is one already (decision 090). */
function FreePlugActions() {
  const { t } = useTranslation('firstSteps');
  const skip = useSkipFreePlug();
  const [open, setOpen] = useState(false);
  // A new dialog for each opening: its Idempotency-Key names one order.
  const [opening, setOpening] = useState(0);
  return (
    <>
      <button
        type="button"
        className={linkClass}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        {t('steps.freePlug.action')}
      </button>
      <button type="button" className={linkClass} disabled={skip.isPending} onClick={() => skip.mutate()}>
        {t('steps.freePlug.skip')}
      </button>
      <span role="status" className="text-slate-600">
        {skip.isError ? t('freePlug.skipFailed') : ''}
      </span>
      {opening > 0 && (
        <Suspense fallback={null}>
          <FreePlugDialog key={opening} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Where the household's plug is: skipped, ordered, shipped with its carrier and tracking, delivered. */
function FreePlugStatus({ plug }: { plug: FreePlug }) {
  const { t } = useTranslation('firstSteps');
  if (plug.status === 'available') return null;
  const text =
    plug.status === 'shipped'
      ? plug.carrier
        ? t('freePlug.status.shippedBy', { carrier: plug.carrier, tracking: plug.tracking ?? '' })
        : t('freePlug.status.shipped', { tracking: plug.tracking ?? '' })
      : t(`freePlug.status.${plug.status}`);
  return (
    <p className="mt-0.5 text-sm text-slate-600" data-testid="free-plug-status">
      {text}
    </p>
  );
}

/**
 * The first steps for a new member (issue 30), each linking to where it is done and ticked from
 * the server's rows. A chunk of its own with its own strings, loaded only when there is a step
 * left, so the Dashboard's first load stays within its budget (decision 058).
 */
export default function FirstStepsChecklist({ firstSteps }: { firstSteps: FirstSteps }) {
  const { t, ready } = useTranslation('firstSteps');
  const dismiss = useDismissFirstSteps();
  // The plug's pairing screen lives here, not in its step: pairing ticks the step, and the screen
  // must outlive that. A new dialog for each opening: each opening pairs one plug.
  const [plugOpen, setPlugOpen] = useState(false);
  const [plugOpening, setPlugOpening] = useState(0);
  if (!ready) return null;
  const done = firstSteps.steps.filter((s) => s.done).length;
  // A member whose Peakwise plug is on its way connects that plug first.
  const plugOrdered = ['ordered', 'shipped', 'delivered'].includes(firstSteps.freePlug.status);
  const stepText = (id: FirstStepId, key: 'title' | 'body') => (id === 'connectData' && plugOrdered ? t(key === 'title' ? 'steps.connectData.plugTitle' : 'steps.connectData.plugBody') : t(`steps.${id}.${key}`));
  return (
    <section aria-labelledby="first-steps-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="first-steps">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="first-steps-title" className="font-semibold text-slate-900">
            {t('title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t('intro')} {t('progress', { done, total: firstSteps.steps.length })}
          </p>
        </div>
        <button
          type="button"
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
          aria-label={t('dismiss')}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <ol className="mt-3 divide-y divide-slate-100">
        {firstSteps.steps.map((step) => (
          <li key={step.id} className="flex gap-3 py-3" data-testid={`first-step-${step.id}`} data-done={step.done}>
            {step.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
            )}
            <div className="min-w-0 flex-1">
              <h3 className={`text-sm font-medium ${step.done ? 'text-slate-600 line-through' : 'text-slate-900'}`}>
                {stepText(step.id, 'title')} <span className="sr-only">({step.done ? t('done') : t('notDone')})</span>
              </h3>
              {step.id === 'freePlug' && <FreePlugStatus plug={firstSteps.freePlug} />}
              {!step.done && (
                <>
                  <p className="mt-0.5 text-sm text-slate-600">{stepText(step.id, 'body')}</p>
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    {step.id === 'connectData' && plugOrdered && (
                      <button
                        type="button"
                        className={linkClass}
                        onClick={() => {
                          setPlugOpening((n) => n + 1);
                          setPlugOpen(true);
                        }}
                      >
                        {t('steps.connectData.plugAction')}
                      </button>
                    )}
                    {step.id === 'confirmEmail' ? (
                      <ResendButton />
                    ) : step.id === 'freePlug' ? (
                      <FreePlugActions />
                    ) : (
                      <Link to={STEP_LINKS[step.id]} className={linkClass}>
                        {t(`steps.${step.id}.action`)}
                      </Link>
                    )}
                    {step.id === 'connectData' && (
                      <Link to={IMPORT_PATH} className={linkClass}>
                        {t('steps.connectData.import')}
                      </Link>
                    )}
                  </p>
                  {step.id === 'connectData' && <WhereToFind />}
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
      {plugOpening > 0 && (
        <Suspense fallback={null}>
          <ConnectPlugDialog key={plugOpening} open={plugOpen} onClose={() => setPlugOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
