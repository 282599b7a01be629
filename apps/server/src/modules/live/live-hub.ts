import type { Database, Listener } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { DEVICE_CHANNEL, POWER_CHANNEL, READINGS_CHANNEL, SESSIONS_CHANNEL, type DeviceNotification, type PowerNotification, type ReadingsNotification } from '../../lib/notify';

export type LiveEvent = { event: 'power'; data: PowerNotification } | { event: 'readings'; data: ReadingsNotification } | { event: 'device'; data: DeviceNotification };
/** `shutdown`: the hub is closing (server stopping); streams should end so the client reconnects elsewhere. */
export type LiveSubscriber = (event: LiveEvent | { event: 'shutdown' }) => void;

export type LiveHub = {
  /** Starts listening (idempotent); subscribe() calls it too. */
  start(): Promise<void>;
  /** Events for one household until the returned function is called. */
  subscribe(householdId: string, subscriber: LiveSubscriber): Promise<() => void>;
  /** Called whenever any process announces a session change (SESSIONS_CHANNEL), this one included. */
  onSessionsChanged(listener: () => void): () => void;
  close(): Promise<void>;
};

/**
 * Fans PostgreSQL notifications out to this process's live subscribers, per household, and to
 * its session cache. Every server process runs one hub on its own LISTEN session, so a reading
 * stored by any process (HTTP, MQTT worker) reaches the browsers connected to every other
 * process, and a sign-out in one process ends the session in all of them. Delivery is
 * best-effort: a notification sent while a LISTEN connection is down is not replayed; screens
 * refetch on reconnect.
 */
export function createLiveHub(database: Pick<Database, 'createListener'>, logger?: Logger): LiveHub {
  const subscribers = new Map<string, Set<LiveSubscriber>>();
  const sessionListeners = new Set<() => void>();
  let listener: Listener | null = null;
  let starting: Promise<void> | null = null;

  const dispatch = (event: LiveEvent['event']) => (payload: string) => {
    let data: { householdId?: unknown };
    try {
      data = JSON.parse(payload) as { householdId?: unknown };
    } catch {
      return logger?.warn({ payload }, 'Ignoring a malformed live notification');
    }
    if (typeof data.householdId !== 'string') return;
    for (const subscriber of subscribers.get(data.householdId) ?? []) {
      try {
        subscriber({ event, data } as LiveEvent);
      } catch (error) {
        logger?.warn({ err: error }, 'Live subscriber failed');
      }
    }
  };

  const start = () => {
    starting ??= (async () => {
      listener = database.createListener({ onError: (error) => logger?.warn({ err: error }, 'Live LISTEN connection error; reconnecting') });
      await listener.listen(READINGS_CHANNEL, dispatch('readings'));
      await listener.listen(POWER_CHANNEL, dispatch('power'));
      await listener.listen(DEVICE_CHANNEL, dispatch('device'));
      await listener.listen(SESSIONS_CHANNEL, () => {
        for (const onChange of sessionListeners) onChange();
      });
    })();
    return starting;
  };

  return {
    start,
    subscribe: async (householdId, subscriber) => {
      await start();
      const set = subscribers.get(householdId) ?? new Set();
      set.add(subscriber);
      subscribers.set(householdId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) subscribers.delete(householdId);
      };
    },
    onSessionsChanged: (onChange) => {
      sessionListeners.add(onChange);
      return () => {
        sessionListeners.delete(onChange);
      };
    },
    close: async () => {
      sessionListeners.clear();
      for (const set of subscribers.values()) for (const subscriber of set) subscriber({ event: 'shutdown' });
      subscribers.clear();
      await starting?.catch(() => {});
      await listener?.close();
    },
  };
}
