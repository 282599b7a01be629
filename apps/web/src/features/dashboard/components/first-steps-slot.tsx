import { loadNamespaces } from '@/lib/i18n';
import { lazyPart } from '@/lib/lazy-part';
import { showsFirstSteps, useFirstSteps } from '../api/use-first-steps';

// The checklist is for new members only, so its code and strings (`firstSteps`) are fetched when
// there is a step to show, not with every Dashboard (decision 058). The Dashboard waits for them
// before showing its content, so the checklist does not push the cards down once they are drawn:
// shown late, it made a layout shift of 0.35 for a new member (decision 068).
export const useFirstStepsChecklist = lazyPart(() =>
  Promise.all([import('./first-steps-checklist'), loadNamespaces(['firstSteps'])]).then(([module]) => module.default),
);

/** Whether the Dashboard shows the checklist on this answer. */
export function useChecklistWanted(): boolean {
  const firstSteps = useFirstSteps().data;
  return firstSteps !== undefined && showsFirstSteps(firstSteps);
}

/** The first-visit checklist while a step is left, nothing once they are done or it is dismissed. */
export function FirstStepsSlot() {
  const firstSteps = useFirstSteps().data;
  const Checklist = useFirstStepsChecklist(useChecklistWanted());
  return firstSteps && Checklist ? <Checklist firstSteps={firstSteps} /> : null;
}
