import { MAINTENANCE_MESSAGES, MAX_SCHEDULE_DAYS_AHEAD, type ComponentStatus } from '@peakwise/contracts/maintenance.contract';
import { COMPONENT_CATALOGUE, nextRoutineDate } from '@peakwise/domain/maintenance-catalogue';
import { preventiveRule } from '@peakwise/domain/maintenance-rules';
import { addDays, localDateOf } from '@peakwise/domain/local-time';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/uuid';
import type { Household } from '../households/household.repository';
import { applyRuleResults, dismissAlertRow, findAlert as findAlertRow, setAlertsScheduledFor } from './alerts.repository';
import { findComponent as findComponentRow, recordMaintenanceAction, setNextMaintenance, type Component } from './components.repository';
import { componentStatuses } from './maintenance.service';

const alertNotFound = () => new AppError(404, 'not_found', MAINTENANCE_MESSAGES.alertNotFound);
const componentNotFound = () => new AppError(404, 'not_found', MAINTENANCE_MESSAGES.componentNotFound);

/** Dismiss hides an open alert for good, recording who and when. Dismissing it again changes nothing. */
export async function dismissAlert(db: Db, household: Household, alertId: string, userId: string, now: Date): Promise<{ id: string; dismissedAt: string }> {
  const alert = await findAlert(db, household.id, alertId);
  if (alert.dismissedAt) return { id: alert.id, dismissedAt: alert.dismissedAt.toISOString() };
  if (alert.resolvedAt) throw new AppError(409, 'alert_resolved', MAINTENANCE_MESSAGES.alertResolved);
  await dismissAlertRow(db, alert.id, userId, now);
  return { id: alert.id, dismissedAt: now.toISOString() };
}

/** Take Action: schedules maintenance of the alert's component on a date. */
export async function scheduleFromAlert(db: Db, household: Household, alertId: string, date: string, userId: string, now: Date): Promise<ComponentStatus> {
  const alert = await findAlert(db, household.id, alertId);
  if (alert.resolvedAt) throw new AppError(409, 'alert_resolved', MAINTENANCE_MESSAGES.alertResolved);
  return scheduleMaintenance(db, household, alert.componentId, date, userId, now, alert.id);
}

/**
 * Moves the component's next maintenance to the chosen date and records who asked; its open
 * alerts show the date, and a preventive alert it answers resolves (the work is now planned).
 */
export async function scheduleMaintenance(db: Db, household: Household, componentId: string, date: string, userId: string, now: Date, alertId: string | null = null): Promise<ComponentStatus> {
  const today = localDateOf(now, household.timeZone);
  if (date < today) throw new AppError(400, 'date_in_past', MAINTENANCE_MESSAGES.scheduleInPast);
  if (date > addDays(today, MAX_SCHEDULE_DAYS_AHEAD)) throw new AppError(400, 'date_too_far', MAINTENANCE_MESSAGES.scheduleTooFar);
  return db.transaction(async (tx) => {
    const component = await findComponent(tx, household.id, componentId);
    const updated = await setNextMaintenance(tx, component.id, { nextMaintenance: date, nextMaintenanceSource: 'scheduled' });
    await setAlertsScheduledFor(tx, component.id, date);
    await recordMaintenanceAction(tx, { householdId: household.id, componentId: component.id, alertId, action: 'scheduled', date, requestedBy: userId });
    return afterAction(tx, household, updated, today, now);
  });
}

/** The maintenance was done: last maintenance = that day, the next routine date follows from it. */
export async function completeMaintenance(db: Db, household: Household, componentId: string, date: string | undefined, userId: string, now: Date): Promise<ComponentStatus> {
  const today = localDateOf(now, household.timeZone);
  const done = date ?? today;
  if (done > today) throw new AppError(400, 'date_in_future', MAINTENANCE_MESSAGES.completeInFuture);
  return db.transaction(async (tx) => {
    const component = await findComponent(tx, household.id, componentId);
    const next = nextRoutineDate(component.kind, done, today);
    const updated = await setNextMaintenance(tx, component.id, { lastMaintenance: done, nextMaintenance: next, nextMaintenanceSource: next === null ? null : 'interval' });
    await setAlertsScheduledFor(tx, component.id, null);
    await recordMaintenanceAction(tx, { householdId: household.id, componentId: component.id, action: 'completed', date: done, requestedBy: userId });
    return afterAction(tx, household, updated, today, now);
  });
}

/** The preventive rule answers at once for the changed dates; the other rules wait for new readings. */
async function afterAction(tx: DbOrTx, household: Household, component: Component, today: string, now: Date): Promise<ComponentStatus> {
  const outcome = preventiveRule({ date: component.nextMaintenance, source: component.nextMaintenanceSource, task: COMPONENT_CATALOGUE[component.kind].task }, today);
  await applyRuleResults(tx, household.id, [{ componentId: component.id, cause: 'maintenance_due', outcome }], now);
  const [status] = await componentStatuses(tx, household, [component], today);
  return status!;
}

async function findAlert(db: DbOrTx, householdId: string, alertId: string) {
  const alert = isUuid(alertId) ? await findAlertRow(db, householdId, alertId) : undefined;
  if (!alert) throw alertNotFound();
  return alert;
}

async function findComponent(db: DbOrTx, householdId: string, componentId: string): Promise<Component> {
  const component = isUuid(componentId) ? await findComponentRow(db, householdId, componentId) : undefined;
  if (!component) throw componentNotFound();
  return component;
}
