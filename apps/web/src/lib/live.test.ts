import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, reconnectDelay, type EventSourceLike } from './live';

class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}) {
    for (const l of this.listeners.get(type) ?? []) l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const latest = () => FakeEventSource.instances.at(-1)!;
const opened = () => FakeEventSource.instances.length;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
});
afterEach(() => vi.useRealTimers());

function connect() {
  const connection = new LiveConnection('/api/live', (url) => new FakeEventSource(url));
  const release = connection.retain();
  return { connection, release };
}

describe('reconnectDelay', () => {
  it('is 1, 2, 5, then 10 s for ever', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => reconnectDelay(n))).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });
});

describe('LiveConnection', () => {
  it('opens one stream however many screens retain it', () => {
    const { connection } = connect();
    connection.retain();
    expect(opened()).toBe(1);
    expect(latest().url).toBe('/api/live');
  });

  it('closes the failed stream itself and reopens after 1, 2, 5, 10, 10 s', () => {
    connect();
    for (const delay of [1000, 2000, 5000, 10000, 10000]) {
      const before = opened();
      const failed = latest();
      failed.emit('error');
      expect(failed.closed).toBe(true);
      vi.advanceTimersByTime(delay - 1);
      expect(opened()).toBe(before);
      vi.advanceTimersByTime(1);
      expect(opened()).toBe(before + 1);
    }
  });

  it('starts the schedule again after a successful ready', () => {
    const { connection } = connect();
    latest().emit('error');
    vi.advanceTimersByTime(1000);
    latest().emit('error');
    vi.advanceTimersByTime(2000);
    latest().emit('ready', { householdId: 'h1' });
    expect(connection.getSnapshot().status).toBe('open');
    latest().emit('error');
    expect(connection.getSnapshot().status).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(opened()).toBe(3);
    vi.advanceTimersByTime(1);
    expect(opened()).toBe(4);
  });

  it('ignores a second error from a stream it already closed', () => {
    connect();
    const failed = latest();
    failed.emit('error');
    failed.emit('error');
    vi.advanceTimersByTime(1000);
    expect(opened()).toBe(2);
    vi.advanceTimersByTime(60_000);
    expect(opened()).toBe(2);
  });

  it('keeps the newest power sample in kW and tells listeners', () => {
    const { connection } = connect();
    const listener = vi.fn();
    connection.subscribe(listener);
    latest().emit('power', { householdId: 'h1', ts: '2025-11-24T17:00:05Z', powerW: 2400 });
    expect(connection.getSnapshot().power).toEqual({ kw: 2.4, at: '2025-11-24T17:00:05Z' });
    latest().emit('power', { householdId: 'h1', ts: '2025-11-24T17:00:00Z', powerW: 900 });
    expect(connection.getSnapshot().power?.kw).toBe(2.4);
    latest().emit('power', { bad: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('passes readings on, and asks for a refetch after a reconnect', () => {
    const { connection } = connect();
    const onReadings = vi.fn();
    connection.onReadings(onReadings);
    latest().emit('ready', { householdId: 'h1' });
    expect(onReadings).not.toHaveBeenCalled();
    latest().emit('readings', { householdId: 'h1', latestTs: '2025-11-24T17:00:00Z', kinds: ['meter'] });
    expect(onReadings).toHaveBeenLastCalledWith({ latestTs: '2025-11-24T17:00:00Z', kinds: ['meter'] });
    latest().emit('error');
    vi.advanceTimersByTime(1000);
    latest().emit('ready', { householdId: 'h1' });
    expect(onReadings).toHaveBeenCalledTimes(2);
    expect(onReadings.mock.lastCall?.[0].kinds).toEqual(['resync']);
  });

  it('closes a while after the last screen lets go, and stops reconnecting', () => {
    const { connection, release } = connect();
    latest().emit('error');
    release();
    vi.advanceTimersByTime(5000);
    expect(connection.getSnapshot().status).toBe('idle');
    const count = opened();
    vi.advanceTimersByTime(60_000);
    expect(opened()).toBe(count);
  });
});
