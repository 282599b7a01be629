import { z } from '@hono/zod-openapi';
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
import type { ReadDb } from '../../db/replica-reads';
import { readOwners } from '../../lib/read-your-writes.middleware';
import { createRouter, errorResponse, notFoundResponse, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { completeMaintenance, dismissAlert, scheduleFromAlert, scheduleMaintenance } from './maintenance-actions.service';
import { maintenanceOverview, recentAlerts } from './maintenance.service';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParams = z.object({ id: z.string() });
/** Take Action and Schedule answer alike; only what "not found" means differs. */
const scheduled = (notFound: string) => ({
  200: { description: 'Scheduled', content: json(componentActionResponseSchema) },
  400: errorResponse('Invalid date, in the past or more than two years ahead'),
  ...notFoundResponse(notFound),
});

/** Maintenance screen and its actions, and the Dashboard's Recent Alerts: the member's own household only. */
export function createMaintenanceRoutes(deps: { auth: Auth; db: Db; reads: ReadDb; clock: () => Date }) {
  const household = requireHousehold(deps);

  const overview = signedInRoute({
    method: 'get',
    path: '/api/maintenance',
    tags: ['maintenance'],
    summary: 'Summary cards, open alerts, component status, upcoming maintenance and daily health over 30 days, 90 days or a year',
    middleware: [household] as const,
    request: { query: maintenanceQuerySchema },
    responses: {
      200: { description: 'Maintenance overview', content: json(maintenanceOverviewSchema) },
      400: errorResponse('Invalid range'),
    },
  });
  const recent = signedInRoute({
    method: 'get',
    path: '/api/dashboard/alerts',
    tags: ['dashboard'],
    summary: 'The newest open maintenance and plumbing alerts',
    middleware: [household] as const,
    responses: { 200: { description: 'Recent alerts', content: json(recentAlertsSchema) }},
  });
  const dismiss = signedInRoute({
    method: 'post',
    path: '/api/maintenance/alerts/{id}/dismiss',
    tags: ['maintenance'],
    summary: 'Hide an alert for good (who and when are recorded)',
    middleware: [household] as const,
    request: { params: idParams },
    responses: {
      200: { description: 'Dismissed', content: json(dismissAlertResponseSchema) },
      ...notFoundResponse('alert'),
      409: errorResponse('The alert has already cleared'),
    },
  });
  const takeAction = signedInRoute({
    method: 'post',
    path: '/api/maintenance/alerts/{id}/schedule',
    tags: ['maintenance'],
    summary: 'Take Action: schedule maintenance of the alert’s component on a date',
    middleware: [household] as const,
    request: { params: idParams, body: { required: true, content: json(scheduleMaintenanceSchema) } },
    responses: { ...scheduled('alert'), 409: errorResponse('The alert has already cleared') },
  });
  const schedule = signedInRoute({
    method: 'post',
    path: '/api/maintenance/components/{id}/schedule',
    tags: ['maintenance'],
    summary: 'Schedule a component’s next maintenance on a date',
    middleware: [household] as const,
    request: { params: idParams, body: { required: true, content: json(scheduleMaintenanceSchema) } },
    responses: scheduled('component'),
  });
  const complete = signedInRoute({
    method: 'post',
    path: '/api/maintenance/components/{id}/complete',
    tags: ['maintenance'],
    summary: 'Record maintenance as done (today unless a date is given); the next routine date follows',
    middleware: [household] as const,
    request: { params: idParams, body: { required: true, content: json(completeMaintenanceSchema) } },
    responses: {
      200: { description: 'Recorded', content: json(componentActionResponseSchema) },
      400: errorResponse('Invalid or future date'),
      ...notFoundResponse('component'),
    },
  });

  return createRouter()
    .openapi(overview, async (c) => {
      return c.json(await deps.reads.read(readOwners(c.var), (db) => maintenanceOverview(db, c.var.household, c.req.valid('query').range, deps.clock())), 200);
    })
    .openapi(recent, async (c) => {
      return c.json(await deps.reads.read(readOwners(c.var), (db) => recentAlerts(db, c.var.household)), 200);
    })
    .openapi(dismiss, async (c) => c.json(await dismissAlert(deps.db, c.var.household, c.req.valid('param').id, c.var.user.id, deps.clock()), 200))
    .openapi(takeAction, async (c) => {
      const component = await scheduleFromAlert(deps.db, c.var.household, c.req.valid('param').id, c.req.valid('json').date, c.var.user.id, deps.clock());
      return c.json({ component }, 200);
    })
    .openapi(schedule, async (c) => {
      const component = await scheduleMaintenance(deps.db, c.var.household, c.req.valid('param').id, c.req.valid('json').date, c.var.user.id, deps.clock());
      return c.json({ component }, 200);
    })
    .openapi(complete, async (c) => {
      const component = await completeMaintenance(deps.db, c.var.household, c.req.valid('param').id, c.req.valid('json').date, c.var.user.id, deps.clock());
      return c.json({ component }, 200);
    });
}
