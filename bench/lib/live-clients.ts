/**
 * Open /api/live streams that behave like the web app's LiveConnection (apps/web/src/lib/live.ts):
 * on any drop the stream is closed and reopened after 1, 2, 5, then 10 s (LIVE_RECONNECT_DELAYS_MS,
 * reset by a `ready`). Each stream also watches itself: one that hears nothing — no event, no
 * heartbeat — for longer than the heartbeat interval (plus `graceMs` for a busy host) while its
 * connection stays open is "silently dead", the failure a browser could not see. The bench then
 * reopens it so each such stream counts once per silence.
 */
import http from 'node:http';
import { LIVE_HEARTBEAT_MS, LIVE_RECONNECT_DELAYS_MS } from '../../packages/contracts/src/energy.contract';

export type Drop = {
  /** Epoch ms the stream went down. */
  at: number;
  /** The upstream (proxy index) it was on, if known. */
  upstream: number | undefined;
  /** Epoch ms a later `ready` arrived; undefined if it never came back. */
  readyAt?: number;
  /** The upstream that answered the reconnect. */
  reconnectedTo?: number;
  /** Reconnect attempts until `ready` (1 = the first try worked). */
  attempts: number;
  /** Epoch ms the last reconnect attempt was sent (the schedule's delay and this thread's own lag). */
  sentAt?: number;
  /** Epoch ms that attempt's response headers arrived: from sentAt to here is the proxy and the server. */
  answeredAt?: number;
  reason: string;
};

export type LiveStats = {
  streams: number;
  /** Streams with a `ready` at the moment of asking. */
  open: number;
  drops: Drop[];
  silentlyDead: { at: number; upstream: number | undefined; silentMs: number }[];
  /** Times this process's own event loop was held longer than the watchdog's grace: its silence checks waited for the data it had not yet read. */
  benchStalls: { at: number; gapMs: number }[];
  events: Record<string, number>;
  heartbeats: number;
  /** Non-200 answers to GET /api/live, by status. */
  statuses: Record<string, number>;
};

const reconnectDelay = (attempt: number) => LIVE_RECONNECT_DELAYS_MS[Math.min(attempt, LIVE_RECONNECT_DELAYS_MS.length - 1)]!;

export class LiveClients {
  private readonly stats: LiveStats;
  private readonly streams: LiveStream[] = [];
  private watchdog: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly origin: string,
    cookies: string[],
    private readonly upstreamOf: (localPort: number) => number | undefined,
    private readonly graceMs = 5_000,
  ) {
    this.stats = { streams: cookies.length, open: 0, drops: [], silentlyDead: [], benchStalls: [], events: {}, heartbeats: 0, statuses: {} };
    this.streams = cookies.map((cookie) => new LiveStream(this.url, this.origin, cookie, this.stats, this.upstreamOf));
  }

  /** Opens every stream (spread over `spreadMs`) and starts the liveness watch. */
  start(spreadMs: number) {
    this.streams.forEach((s, i) => setTimeout(() => s.open(), (i / this.streams.length) * spreadMs));
    let lastTick = Date.now();
    this.watchdog = setInterval(() => {
      const now = Date.now();
      const gap = now - lastTick;
      lastTick = now;
      // Timers run before pending socket reads: after this thread was held up, what the servers
      // sent meanwhile is still unread, and every stream would look silent. Check on the next tick.
      if (gap > this.graceMs) {
        this.stats.benchStalls.push({ at: now, gapMs: gap });
        return;
      }
      for (const s of this.streams) s.checkLiveness(now, LIVE_HEARTBEAT_MS + this.graceMs);
    }, 1_000);
  }

  snapshot(): LiveStats {
    return { ...this.stats, open: this.streams.filter((s) => s.isOpen).length };
  }

  /** Upstream of each open stream now. */
  upstreams(): (number | undefined)[] {
    return this.streams.filter((s) => s.isOpen).map((s) => s.upstream);
  }

  stop() {
    clearInterval(this.watchdog);
    for (const s of this.streams) s.stop();
  }
}

class LiveStream {
  private request: http.ClientRequest | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastHeard = 0;
  private currentDrop: Drop | undefined;
  private stopped = false;
  private localPort: number | undefined;
  isOpen = false;
  upstream: number | undefined;

  constructor(
    private readonly url: string,
    private readonly origin: string,
    private readonly cookie: string,
    private readonly stats: LiveStats,
    private readonly upstreamOf: (localPort: number) => number | undefined,
  ) {}

  open() {
    if (this.stopped) return;
    this.timer = undefined;
    if (this.currentDrop) {
      this.currentDrop.attempts++;
      this.currentDrop.sentAt = Date.now();
      this.currentDrop.answeredAt = undefined;
    }
    let buffer = '';
    let eventName = 'message';
    const request = http.get(`${this.url}/api/live`, { headers: { cookie: this.cookie, origin: this.origin, accept: 'text/event-stream' }, agent: false }, (res) => {
      if (this.currentDrop && request === this.request) this.currentDrop.answeredAt = Date.now();
      if (res.statusCode !== 200) {
        this.stats.statuses[res.statusCode ?? 0] = (this.stats.statuses[res.statusCode ?? 0] ?? 0) + 1;
        res.resume();
        this.drop(request, `status ${res.statusCode}`);
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        this.lastHeard = Date.now();
        buffer += chunk;
        // SSE: lines; a blank line ends an event; ':' starts a comment (the heartbeat).
        for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
          const line = buffer.slice(0, nl).replace(/\r$/, '');
          buffer = buffer.slice(nl + 1);
          if (line.startsWith(':')) this.stats.heartbeats++;
          else if (line.startsWith('event:')) eventName = line.slice(6).trim();
          else if (line === '') {
            if (eventName !== 'message') this.onEvent(eventName, request);
            eventName = 'message';
          }
        }
      });
      res.on('end', () => this.drop(request, 'ended'));
      res.on('error', () => this.drop(request, 'response error'));
      res.on('close', () => this.drop(request, 'closed'));
    });
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        if (request === this.request) this.localPort = socket.localPort;
      });
    });
    request.on('error', () => this.drop(request, 'request error'));
    this.request = request;
    this.lastHeard = Date.now();
  }

  private onEvent(name: string, request: http.ClientRequest) {
    if (request !== this.request) return;
    this.stats.events[name] = (this.stats.events[name] ?? 0) + 1;
    if (name !== 'ready') return;
    this.isOpen = true;
    this.attempt = 0;
    // By `ready` the proxy has its upstream connection, so it can say which process this is.
    this.upstream = this.localPort !== undefined ? this.upstreamOf(this.localPort) : undefined;
    if (this.currentDrop) {
      this.currentDrop.readyAt = Date.now();
      this.currentDrop.reconnectedTo = this.upstream;
      this.currentDrop = undefined;
    }
  }

  /** As LiveConnection.handleError: close, then reopen after the next delay of the schedule. */
  private drop(request: http.ClientRequest, reason: string) {
    if (request !== this.request || this.stopped) return;
    this.request = undefined;
    request.destroy();
    if (!this.currentDrop) {
      this.currentDrop = { at: Date.now(), upstream: this.upstream, attempts: 0, reason };
      this.stats.drops.push(this.currentDrop);
    }
    this.isOpen = false;
    const delay = reconnectDelay(this.attempt);
    this.attempt++;
    this.timer = setTimeout(() => this.open(), delay);
  }

  checkLiveness(now: number, limitMs: number) {
    if (!this.request || !this.isOpen || now - this.lastHeard <= limitMs) return;
    this.stats.silentlyDead.push({ at: now, upstream: this.upstream, silentMs: now - this.lastHeard });
    this.drop(this.request, 'silent');
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.request?.destroy();
  }
}
