import { LIVE_RECONNECT_DELAYS_MS, livePowerEventSchema, liveReadingsEventSchema } from '@peakwise/contracts/energy.contract';
import { liveScorecardSchema, type LiveScorecard } from '@peakwise/contracts/events.contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';

export type LiveReadingsEvent = { latestTs: string; kinds: string[] };
export type LivePower = { kw: number; at: string };
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'unsupported';
export type LiveSnapshot = { status: LiveStatus; power: LivePower | null };

/** What we use of EventSource, so tests can hand in a fake. */
export type EventSourceLike = {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

/** The wait before reconnect number `attempt` (0-based): 1, 2, 5, then 10 s for ever (docs/product/domain-rules.md#live-updates). */
export function reconnectDelay(attempt: number, delays: readonly number[] = LIVE_RECONNECT_DELAYS_MS): number {
  return delays[Math.min(attempt, delays.length - 1)] ?? 10_000;
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/**
 * One Server-Sent Events connection shared by every screen. The browser's own EventSource retry is
 * not used: on any error we close the source and reopen it ourselves on our own schedule, and a
 * successful `ready` resets the schedule. A `ready` after a drop also counts as "new readings",
 * because anything sent while we were away was lost (decision 013).
 */
export class LiveConnection {
  private source: EventSourceLike | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private users = 0;
  private hadReady = false;
  private snapshot: LiveSnapshot = { status: 'idle', power: null };
  private readonly listeners = new Set<() => void>();
  private readonly readingsListeners = new Set<(event: LiveReadingsEvent) => void>();
  private readonly scorecardListeners = new Set<(card: LiveScorecard) => void>();

  constructor(
    private readonly url: string,
    private readonly create: EventSourceFactory,
    /** Keep the stream open this long after the last screen leaves, so moving between screens doesn't reconnect. */
    private readonly lingerMs = 5_000,
  ) {}

  getSnapshot = (): LiveSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onReadings(listener: (event: LiveReadingsEvent) => void): () => void {
    this.readingsListeners.add(listener);
    return () => this.readingsListeners.delete(listener);
  }

  /** The live scorecard of an event the home takes part in, pushed when its readings are stored. */
  onScorecard(listener: (card: LiveScorecard) => void): () => void {
    this.scorecardListeners.add(listener);
    return () => this.scorecardListeners.delete(listener);
  }

  /** A screen that wants live data holds the connection open; the returned function lets go. */
  retain(): () => void {
    this.users += 1;
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (!this.source && !this.timer) this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) this.lingerTimer = setTimeout(() => this.close(), this.lingerMs);
    };
  }

  /** The network is back: a reconnect waiting out its delay goes now. */
  reconnectNow(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.open();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.timer = null;
    this.lingerTimer = null;
    this.source?.close();
    this.source = null;
    this.attempt = 0;
    this.hadReady = false;
    this.set({ status: 'idle' });
  }

  private set(patch: Partial<LiveSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private open() {
    this.timer = null;
    const source = this.create(this.url);
    this.source = source;
    this.set({ status: this.attempt === 0 && !this.hadReady ? 'connecting' : 'reconnecting' });
    source.addEventListener('ready', () => {
      if (source !== this.source) return;
      const resync = this.hadReady;
      this.attempt = 0;
      this.hadReady = true;
      this.set({ status: 'open' });
      if (resync) this.emitReadings({ latestTs: new Date().toISOString(), kinds: ['resync'] });
    });
    source.addEventListener('power', (event) => {
      if (source !== this.source) return;
      const parsed = livePowerEventSchema.safeParse(parseJson(event.data));
      if (!parsed.success) return;
      const current = this.snapshot.power;
      // Samples can arrive out of order after a reconnect; keep the newest.
      if (current && Date.parse(current.at) > Date.parse(parsed.data.ts)) return;
      this.set({ power: { kw: parsed.data.powerW / 1000, at: parsed.data.ts } });
    });
    source.addEventListener('readings', (event) => {
      if (source !== this.source) return;
      const parsed = liveReadingsEventSchema.safeParse(parseJson(event.data));
      if (parsed.success) this.emitReadings({ latestTs: parsed.data.latestTs, kinds: parsed.data.kinds });
    });
    source.addEventListener('scorecard', (event) => {
      if (source !== this.source) return;
      const parsed = liveScorecardSchema.safeParse(parseJson(event.data));
      if (parsed.success) for (const listener of this.scorecardListeners) listener(parsed.data);
    });
    source.addEventListener('error', () => this.handleError(source));
  }

  private handleError(source: EventSourceLike) {
    if (source !== this.source) return;
    source.close();
    this.source = null;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.set({ status: 'reconnecting' });
    this.timer = setTimeout(() => this.open(), delay);
  }

  private emitReadings(event: LiveReadingsEvent) {
    for (const listener of this.readingsListeners) listener(event);
  }
}

let shared: LiveConnection | null = null;

/** The app's single live connection to GET /api/live (null where EventSource doesn't exist). */
export function sharedLiveConnection(): LiveConnection | null {
  if (typeof EventSource === 'undefined') return null;
  if (!shared) {
    const connection = new LiveConnection('/api/live', (url) => new EventSource(url, { withCredentials: true }));
    // Offline, the stream waits up to 10 s between tries; when the browser says the network is
    // back it resumes at once (docs/decisions/061-installable-offline-app.md).
    if (typeof window !== 'undefined') window.addEventListener('online', () => connection.reconnectNow());
    shared = connection;
  }
  return shared;
}

/** Tests: drop the shared connection so the next test starts fresh. */
export function resetSharedLiveConnection(): void {
  shared?.close();
  shared = null;
}

const unsupported: LiveSnapshot = { status: 'unsupported', power: null };
const noop = () => () => {};

/**
 * Keeps the shared live stream open while the calling screen is mounted. Returns the connection
 * status and the newest power sample; `onReadings` runs when new 5-minute data was stored (and
 * after a reconnect), which is where a feature invalidates its query keys.
 */
export function useLiveStream(options: { onReadings?: (event: LiveReadingsEvent) => void } = {}): LiveSnapshot {
  const connection = sharedLiveConnection();
  const onReadings = useRef(options.onReadings);
  useEffect(() => {
    onReadings.current = options.onReadings;
  });
  useEffect(() => {
    if (!connection) return;
    const release = connection.retain();
    const stop = connection.onReadings((event) => onReadings.current?.(event));
    return () => {
      stop();
      release();
    };
  }, [connection]);
  return useSyncExternalStore(connection?.subscribe ?? noop, connection?.getSnapshot ?? (() => unsupported));
}
