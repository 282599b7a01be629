/**
 * Members reading screens and signing in, at fixed rates (open loop), from a worker thread
 * (read-load.worker.mjs). The result keeps every latency per request label and every failed
 * request with its start and end time, so the bench can tell the requests a killed process had
 * in flight from any other failure.
 */
import { Worker } from 'node:worker_threads';

export type ReadLoadJob = {
  /** Where requests go (the proxy). */
  url: string;
  /** The site's origin (PUBLIC_URL), sent as Origin like a browser. */
  origin: string;
  /** Sent as Accept-Encoding on every request (env.ts, acceptEncodingOf): a browser's unless told otherwise. */
  acceptEncoding: string;
  /** Screen requests per second, all members together. */
  rate: number;
  /** Sign-ins per second. */
  signInRate: number;
  seconds: number;
  /** Each request goes out as the next member, in turn. */
  members: { cookie: string; email: string; password: string }[];
  /** The screen requests; `weight` is how many of each in one cycle of the mix. */
  mix: { label: string; path: string; weight: number }[];
  timeoutMs: number;
  maxSockets: number;
  /** Requests sent and not yet answered, at most; a request due beyond it is counted as shed, not sent. */
  maxOutstanding: number;
};

/** A read slower than 100 ms: when it was due (epoch ms) and how long it took. */
export type SlowRead = { dueAt: number; ms: number };

/** How late the worker's own callbacks ran, ms. */
export type LoopDelay = { p50: number; p99: number; max: number };

export type ReadFailure = { label: string; startedAt: number; endedAt: number; status?: number; error?: string };

export type ReadLoadResult = {
  /** Epoch ms when the first request was due. */
  startedAt: number;
  seconds: number;
  sent: number;
  /** Requests not sent because maxOutstanding were already waiting (the server fell behind the rate). */
  shed: number;
  /** Requests still without an answer when the worker gave up waiting. */
  unfinished: number;
  /** `bytes`: answer bodies as they came over the wire (gzipped or not, never decoded); `gzipped`: answers with Content-Encoding gzip. */
  byLabel: Record<string, LabelStats>;
  failures: ReadFailure[];
  slow: SlowRead[];
  loopDelay: LoopDelay;
};

export type LabelStats = { latencies: number[]; statuses: Record<string, number>; errors: number; bytes: number; gzipped: number };

/**
 * Where a run's tail sits in time: its reads over 100 ms counted by `windowS`-second window from
 * `from` (epoch ms), each window with its slowest read, e.g. "0s 991 (6044 ms), 30s 157 (331 ms)";
 * "none" when no read was slow.
 */
export function slowReadsByWindow(slow: readonly SlowRead[], from: number, windowS: number): string {
  const windows = new Map<number, { n: number; max: number }>();
  for (const read of slow) {
    const w = Math.floor((read.dueAt - from) / 1000 / windowS);
    const entry = windows.get(w) ?? { n: 0, max: 0 };
    windows.set(w, { n: entry.n + 1, max: Math.max(entry.max, read.ms) });
  }
  const bunched = [...windows.entries()].sort(([a], [b]) => a - b).map(([w, e]) => `${w * windowS}s ${e.n} (${Math.round(e.max)} ms)`);
  return bunched.join(', ') || 'none';
}

/** What a label's answers weighed on the wire: mean body bytes per answer and the share gzipped. */
export function wireWeight(stats: LabelStats[]): string {
  const answers = stats.reduce((n, s) => n + Object.values(s.statuses).reduce((m, c) => m + c, 0), 0);
  if (answers === 0) return 'no answers';
  const bytes = stats.reduce((n, s) => n + s.bytes, 0);
  const gzipped = stats.reduce((n, s) => n + s.gzipped, 0);
  return `${Math.round(bytes / answers).toLocaleString('en-CA')} B per answer on the wire, ${Math.round((gzipped / answers) * 100)} % gzipped`;
}

export type ReadLoad = { run(): Promise<ReadLoadResult>; close(): Promise<void> };

export async function startReadLoad(job: ReadLoadJob): Promise<ReadLoad> {
  const worker = new Worker(new URL('./read-load.worker.mjs', import.meta.url), { workerData: job });
  const next = () =>
    new Promise<{ type: string; result?: ReadLoadResult }>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once('error', onError);
      worker.once('message', (message: { type: string; result?: ReadLoadResult }) => {
        worker.off('error', onError);
        resolve(message);
      });
    });
  if ((await next()).type !== 'ready') throw new Error('the read load did not start');
  return {
    run: async () => {
      const done = next();
      worker.postMessage('go');
      const message = await done;
      if (message.type !== 'done' || !message.result) throw new Error('the read load stopped early');
      return message.result;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
