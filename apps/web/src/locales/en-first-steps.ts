/**
 * The strings of a new member's first-steps checklist (`firstSteps`), which the Dashboard fetches
 * with the checklist (features/dashboard/components/first-steps-slot.tsx). The utility guide
 * (`utilityGuide`) is a chunk of its own since decision 120: the checklist's "Where to find your
 * Green Button file" fetches it when the member first opens it.
 */
export { firstStepsEn } from './first-steps.en';
