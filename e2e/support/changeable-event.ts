import type { Page } from 'playwright-core';
import { waitForApi } from './demo-session';

export type ChangeableEvent = { id: string; startsAt: string; endsAt: string };

/** Long enough for a journey to finish before the event it opts in to starts and closes its opt-in. */
const AHEAD_MS = 20 * 60_000;

/**
 * The first event the signed-in member can still opt in to or out of, starting far enough ahead
 * that it stays so while the journey runs. It is not always the next one: from 6 PM in Toronto
 * the demo's evening event is running, and just before, it is about to. The demo announces the
 * next evening's at noon, so one always exists.
 */
export async function changeableEvent(page: Page, timeoutMs = 120_000): Promise<ChangeableEvent> {
  type Upcoming = { events: (ChangeableEvent & { canChange: boolean })[] };
  const pick = (body: Upcoming) => body.events.find((e) => e.canChange && Date.parse(e.startsAt) > Date.now() + AHEAD_MS);
  let found: ChangeableEvent | undefined;
  await waitForApi<Upcoming>(page, '/api/events/upcoming', (body) => (found = pick(body)) !== undefined, timeoutMs);
  return { id: found!.id, startsAt: found!.startsAt, endsAt: found!.endsAt };
}
