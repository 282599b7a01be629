import {
  componentActionResponseSchema,
  dismissAlertResponseSchema,
  type MaintenanceOverview,
} from '@peakwise/contracts/maintenance.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-request';
import { maintenanceKeys } from './maintenance-keys';

const alertPath = (id: string, action: 'dismiss' | 'schedule') => `/api/maintenance/alerts/${encodeURIComponent(id)}/${action}`;
const componentPath = (id: string, action: 'schedule' | 'complete') => `/api/maintenance/components/${encodeURIComponent(id)}/${action}`;

/** Every action changes the cards, lists and table together, so each refetches the one overview. */
function useInvalidateMaintenance() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
}

/**
 * Dismiss removes the alert from every cached range as soon as the server agrees, then refetches:
 * it disappears at once, and a refused dismiss leaves it where it was.
 */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMaintenance();
  return useMutation({
    mutationFn: async (alertId: string) => dismissAlertResponseSchema.parse(await apiJson('POST', alertPath(alertId, 'dismiss'))),
    onSuccess: (_result, alertId) => {
      queryClient.setQueriesData<MaintenanceOverview>({ queryKey: maintenanceKeys.all }, (overview) =>
        overview?.alerts ? { ...overview, alerts: overview.alerts.filter((a) => a.id !== alertId) } : overview,
      );
    },
    onSettled: invalidate,
  });
}

export type ScheduleTarget = { kind: 'alert' | 'component'; id: string };

/** Take Action (an alert) and Schedule (a component) both set the component's next maintenance. */
export function useScheduleMaintenance() {
  const invalidate = useInvalidateMaintenance();
  return useMutation({
    mutationFn: async ({ target, date }: { target: ScheduleTarget; date: string }) => {
      const path = target.kind === 'alert' ? alertPath(target.id, 'schedule') : componentPath(target.id, 'schedule');
      return componentActionResponseSchema.parse(await apiJson('POST', path, { date }));
    },
    onSettled: invalidate,
  });
}

/** Mark as done: last maintenance = the date, next = the date + the component's interval (server-side). */
export function useCompleteMaintenance() {
  const invalidate = useInvalidateMaintenance();
  return useMutation({
    mutationFn: async ({ componentId, date }: { componentId: string; date: string }) =>
      componentActionResponseSchema.parse(await apiJson('POST', componentPath(componentId, 'complete'), { date })),
    onSettled: invalidate,
  });
}
