import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { LiveEvent, LiveHub } from './live-hub';

/** Proxies and browsers drop idle connections; a comment line every 30 s keeps the stream open. */
export const HEARTBEAT_MS = 30_000;
/** How long the browser waits before reconnecting a dropped stream. */
export const RETRY_MS = 5_000;

/**
 * Server-Sent Events for one household: `event: power` (instantaneous power) and
 * `event: readings` (new 5-minute data: refetch). The caller has authorised the household.
 */
/** More to send after an event (the live scorecard after new readings); errors are the caller's to log. */
export type LiveFollowUp = (event: LiveEvent) => Promise<{ event: string; data: unknown }[]>;

export function streamLive(c: Context, hub: LiveHub, householdId: string, heartbeatMs = HEARTBEAT_MS, followUp?: LiveFollowUp) {
  c.header('Cache-Control', 'no-store');
  // nginx and similar proxies buffer responses unless told not to.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: LiveEvent[] = [];
    let wake: (() => void) | null = null;
    let shutdown = false;
    const unsubscribe = await hub.subscribe(householdId, (event) => {
      if (event.event === 'shutdown') shutdown = true;
      else queue.push(event);
      wake?.();
    });
    const heartbeat = setInterval(() => {
      void stream.write(': heartbeat\n\n');
    }, heartbeatMs);
    stream.onAbort(() => {
      clearInterval(heartbeat);
      unsubscribe();
      wake?.();
    });
    await stream.writeSSE({ event: 'ready', data: JSON.stringify({ householdId }), retry: RETRY_MS });
    while (!stream.aborted && !stream.closed && !shutdown) {
      const next = queue.shift();
      if (next) {
        await stream.writeSSE({ event: next.event, data: JSON.stringify(next.data) });
        for (const extra of followUp ? await followUp(next) : []) await stream.writeSSE({ event: extra.event, data: JSON.stringify(extra.data) });
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    clearInterval(heartbeat);
    unsubscribe();
  });
}
