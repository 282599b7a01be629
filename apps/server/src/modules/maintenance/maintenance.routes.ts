import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@peakwise/contracts/api-error.contract';
import {
  completeMaintenanceSchema,
  componentActionResponseSchema,
  dismissAlertResponseSchema,
  maintenanceOverviewSchema,
  maintenanceQuerySchema,
  recentAlertsSchema,
  scheduleMaintenanceSchema,
} from '@peakwise/contracts/maintenance.contract';
import type { Db } from '../../db/client';
import { createRouter } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireAuth } from '../auth/require-auth.middleware';
import { ensureHouseholdForUser } from '../households/household.service';
import { completeMaintenance, dismissAlert, scheduleFromAlert, scheduleMaintenance } from './maintenance-actions.service';
import { maintenanceOverview, recentAlerts } from './maintenance.service';

const errorContent = { 'application/json': { schema: apiErrorSchema } };
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParams = z.object({ id: z.string() });
const unauthorized = { description: 'Not signed in', content: errorContent };
/** Take Action and Schedule answer alike; only what "not found" means differs. */
const scheduled = (notFound: string) => ({
  200: { description: 'Scheduled', content: json(componentActionResponseSchema) },
  400: { description: 'Invalid date, in the past or more than two years ahead', content: errorContent },
  401: unauthorized,
  404: { description: notFound, content: errorContent },
});

/** Maintenance screen and its actions, and the Dashboard's Recent Alerts: the member's own household only. */
export function createMaintenanceRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const auth = requireAuth(deps.auth);
  const householdOf = (userId: string) => ensureHouseholdForUser(deps.db, userId);

  const overview = createRoute({
    method: 'get',
    path: '/api/maintenance',
    tags: ['maintenance'],
    summary: 'Summary cards, open alerts, component status, upcoming maintenance and daily health over 30 days, 90 days or a year',
    middleware: [auth] as const,
    request: { query: maintenanceQuerySchema },
    responses: {
      200: { description: 'Maintenance overview', content: json(maintenanceOverviewSchema) },
      400: { description: 'Invalid range', content: errorContent },
      401: unauthorized,
    },
  });
  const recent = createRoute({
    method: 'get',
    path: '/api/dashboard/alerts',
    tags: ['dashboard'],
    summary: 'The newest open maintenance and plumbing alerts',
    middleware: [auth] as const,
    responses: { 200: { description: 'Recent alerts', content: json(recentAlertsSchema) }, 401: unauthorized },
  });
  const dismiss = createRoute({
    method: 'post',
    path: '/api/maintenance/alerts/{id}/dismiss',
    tags: ['maintenance'],
    summary: 'Hide an alert for good (who and when are recorded)',
    middleware: [auth] as const,
    request: { params: idParams },
    responses: {
      200: { description: 'Dismissed', content: json(dismissAlertResponseSchema) },
      401: unauthorized,
      404: { description: 'No such alert in the member’s household', content: errorContent },
      409: { description: 'The alert has already cleared', content: errorContent },
    },
  });
  const takeAction = createRoute({
    method: 'post',
    path: '/api/maintenance/alerts/{id}/schedule',
    tags: ['maintenance'],
    summary: 'Take Action: schedule maintenance of the alert’s component on a date',
    middleware: [auth] as const,
    request: { params: idParams, body: { required: true, content: json(scheduleMaintenanceSchema) } },
    responses: { ...scheduled('No such alert in the member’s household'), 409: { description: 'The alert has already cleared', content: errorContent } },
  });
  const schedule = createRoute({
    method: 'post',
    path: '/api/maintenance/components/{id}/schedule',
    tags: ['maintenance'],
    summary: 'Schedule a component’s next maintenance on a date',
    middleware: [auth] as const,
    request: { params: idParams, body: { required: true, content: json(scheduleMaintenanceSchema) } },
    responses: scheduled('No such component in the member’s household'),
  });
  const complete = createRoute({
    method: 'post',
    path: '/api/maintenance/components/{id}/complete',
    tags: ['maintenance'],
    summary: 'Record maintenance as done (today unless a date is given); the next routine date follows',
    middleware: [auth] as const,
    request: { params: idParams, body: { required: true, content: json(completeMaintenanceSchema) } },
    responses: {
      200: { description: 'Recorded', content: json(componentActionResponseSchema) },
      400: { description: 'Invalid or future date', content: errorContent },
      401: unauthorized,
      404: { description: 'No such component in the member’s household', content: errorContent },
    },
  });

  return createRouter()
    .openapi(overview, async (c) => {
      const household = await householdOf(c.var.user.id);
      c.header('Cache-Control', 'no-store');
      return c.json(await maintenanceOverview(deps.db, household, c.req.valid('query').range, deps.clock()), 200);
    })
    .openapi(recent, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await recentAlerts(deps.db, await householdOf(c.var.user.id)), 200);
    })
    .openapi(dismiss, async (c) => c.json(await dismissAlert(deps.db, await householdOf(c.var.user.id), c.req.valid('param').id, c.var.user.id, deps.clock()), 200))
    .openapi(takeAction, async (c) => {
      const component = await scheduleFromAlert(deps.db, await householdOf(c.var.user.id), c.req.valid('param').id, c.req.valid('json').date, c.var.user.id, deps.clock());
      return c.json({ component }, 200);
    })
    .openapi(schedule, async (c) => {
      const component = await scheduleMaintenance(deps.db, await householdOf(c.var.user.id), c.req.valid('param').id, c.req.valid('json').date, c.var.user.id, deps.clock());
      return c.json({ component }, 200);
    })
    .openapi(complete, async (c) => {
      const component = await completeMaintenance(deps.db, await householdOf(c.var.user.id), c.req.valid('param').id, c.req.valid('json').date, c.var.user.id, deps.clock());
      return c.json({ component }, 200);
    });
}
