import { sql } from 'drizzle-orm';

/**
 * True when the household is not held out of the event (decision 100). Every fan-out that calls
 * the households of an event's area (notifications, webhooks, "every event" opt-ins) and every
 * list that offers a member an event to opt in to filters with it. `event` and `household` are
 * the caller's SQL expressions for the ids.
 */
export const notHeldOut = (event: string, household: string) =>
  sql.raw(`not exists (select 1 from event_assignments ho where ho.event_id = ${event} and ho.household_id = ${household} and ho.held_out)`);
