/**
 * The strings of a new member's first-steps checklist, one chunk: `firstSteps` and the utility
 * guide it links to (`utilityGuide`), which the Dashboard fetches together for the checklist
 * (features/dashboard/components/first-steps-slot.tsx). Two chunks cost a second request of about
 * 1 kB of headers on a new member's Dashboard (docs/decisions/106-a-dialog-drawn-before-it-is-asked-for.md).
 */
export { firstStepsEs } from './first-steps.es';
export { utilityGuideEs } from './utility-guide.es';
