import type { DashboardPeriod } from '@peakwise/contracts/energy.contract';
import { useEventBannerCard } from './components/event-banner';
import { useDashboard, useDashboardUsage, useRecentAlerts } from './api/use-dashboard';
import { useNextEvent, usePointsSummary } from './api/use-events-and-points';
import { useFirstSteps } from './api/use-first-steps';
import { useChecklistWanted, useFirstStepsChecklist } from './components/first-steps-slot';
import { useHome } from './api/use-home';

/**
 * Whether every answer the Dashboard draws on first load has arrived (or failed): the home prompt,
 * the event banner and its code, the first steps and the checklist's code, the cards, the points, the chart and the alerts. Until then the
 * page shows one placeholder; shown piece by piece, each late answer pushed what was already drawn
 * (a layout shift of 0.22, decision 068). The same queries as the components', so no extra request.
 */
export function useFirstAnswersIn(period: DashboardPeriod): boolean {
  const nextEvent = useNextEvent();
  const card = useEventBannerCard(Boolean(nextEvent.data?.event));
  const queries = [useHome(), nextEvent, useDashboard(), usePointsSummary(), useDashboardUsage(period), useRecentAlerts(), useFirstSteps()];
  const checklistWanted = useChecklistWanted();
  const checklist = useFirstStepsChecklist(checklistWanted);
  return queries.every((query) => !query.isPending) && (!nextEvent.data?.event || card !== undefined) && (!checklistWanted || checklist !== undefined);
}
