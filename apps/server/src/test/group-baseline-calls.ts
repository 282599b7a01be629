import { sql } from 'drizzle-orm';
import { zonedTimeToUtc } from '@peakwise/domain/local-time';
import { expect } from 'vitest';
import { rowsOf } from '../db/rows';
import { eventJobHandlers } from '../jobs/event-jobs';
import { notificationJobHandlers } from '../jobs/notification-jobs';
import type { EventNotifier } from '../modules/notifications/event-notifications.service';
import type { TestApp } from './test-app';
import { asMember, type Member } from './test-session';

/**
 * What the comparison-group API tests do the same way: send a home's readings through the ingest
 * API, call the API as a member, run an event job on the test's clock, and sum a home's evening
 * (18:00–19:00 on the Toronto clock) straight from the stored rows. The test keeps its own app,
 * clock, event and homes; these read them when called.
 */
export function groupBaselineCalls(get: {
  t: () => TestApp;
  now: () => Date;
  eventId: () => string;
  homes: ReadonlyMap<string, string>;
  credentials: ReadonlyMap<string, string>;
}) {
  const at = (date: string, hour: number, minute = 0) => zonedTimeToUtc(date, hour, minute, 'America/Toronto');
  const ingest = async (m: Member, meter: unknown[]) => {
    const res = await get.t().app.request('/api/ingest/readings', {
      method: 'POST',
      headers: { authorization: `Bearer ${get.credentials.get(m.userId)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ meter }),
    });
    expect(await res.json()).toMatchObject({ rejected: [] });
  };
  const handlers = { ...eventJobHandlers, ...notificationJobHandlers({ announce: async () => 0 } as unknown as EventNotifier) };
  const run = (name: string) => get.t().database.db.transaction((tx) => handlers[name]!({ db: get.t().database.db, tx, job: { payload: { eventId: get.eventId() } } as never, now: get.now() }));
  const call = async (who: Member, method: string, path: string, body?: unknown) => {
    const res = await get.t().app.request(path, { method, headers: asMember(who), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };
  /** A home's kWh over 18:00–19:00 of a day, summed straight from the stored rows (no code of the rule). */
  const eveningKwh = async (m: Member, day: string) => {
    const [row] = rowsOf<{ kwh: number }>(
      await get.t().database.db.execute(sql`
        select coalesce(sum(consumption_kwh), 0)::float8 as kwh from meter_readings
        where household_id = ${get.homes.get(m.userId)!}::uuid and ts >= ${at(day, 18).toISOString()}::timestamptz and ts < ${at(day, 19).toISOString()}::timestamptz`),
    );
    return Number(row!.kwh);
  };
  return { at, ingest, run, call, eveningKwh };
}
