// The load bench's members (see read-load.ts): open-loop screen reads and sign-ins at fixed
// rates, in a worker thread so that the streams, gateways and samplers on the main thread do not
// delay them. Plain JavaScript: a worker thread does not inherit the tsx loader.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {import('./read-load').ReadLoadJob} */
const job = workerData;
const target = new URL(job.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.maxSockets, scheduling: 'fifo' });

/** Every screen request of the mix, expanded by weight and shuffled, so the cycle is the mix. */
const cycle = job.mix.flatMap((entry) => Array.from({ length: entry.weight }, () => entry));
for (let i = cycle.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [cycle[i], cycle[j]] = [cycle[j], cycle[i]];
}

const labels = [...new Set([...job.mix.map((m) => m.label), 'sign-in'])];
/** @type {Record<string, import('./read-load').LabelStats>} */
const byLabel = Object.fromEntries(labels.map((l) => [l, { latencies: [], statuses: {}, errors: 0, bytes: 0, gzipped: 0 }]));
/** @type {import('./read-load').ReadFailure[]} */
const failures = [];
/** Reads slower than SLOW_MS, with when they were due: whether the tail is spread over the run or bunched. */
const SLOW_MS = 100;
/** @type {import('./read-load').SlowRead[]} */
const slow = [];
/** How late this thread's own callbacks ran: a tail the servers did not cause. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let inFlight = 0;
let sent = 0;
/** Requests due while maxOutstanding were already waiting: the server was not keeping up, so they were never sent. */
let shed = 0;
/** Every request not yet answered, so that the end of the run can cancel what is left. */
const open = new Set();

/**
 * One request. Latency runs from the moment the schedule said to send it, not from when a socket
 * was free, so a stalled server shows up in the tail instead of silently lowering the rate.
 */
function request(label, method, path, headers, body, due) {
  // Without a cap the agent's queue grows for as long as the server is behind, and the run would
  // go on sending its backlog after the measurement ends.
  if (inFlight >= job.maxOutstanding) {
    shed++;
    return;
  }
  const startedAt = Date.now();
  inFlight++;
  sent++;
  let recorded = false;
  let bytes = 0;
  let gzipped = false;
  const record = (status, error) => {
    if (recorded) return;
    recorded = true;
    open.delete(req);
    inFlight--;
    const stats = byLabel[label];
    const endedAt = Date.now();
    if (status !== undefined) {
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
      stats.bytes += bytes;
      if (gzipped) stats.gzipped++;
      const latency = performance.now() - due;
      stats.latencies.push(latency);
      if (latency > SLOW_MS && label !== 'sign-in' && slow.length < 100_000) slow.push({ dueAt: endedAt - latency, ms: latency });
    } else stats.errors++;
    if ((status === undefined || status >= 400) && failures.length < 20_000) failures.push({ label, startedAt, endedAt, ...(status !== undefined ? { status } : { error }) });
  };
  const req = http.request(
    // A browser's Accept-Encoding, so the servers encode as they do for members; the body is
    // counted as it came, not decoded: decoding is the client's cost, not the server's.
    { host: target.hostname, port: target.port, method, path, agent, headers: { origin: job.origin, 'accept-encoding': job.acceptEncoding, ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } },
    (res) => {
      gzipped = res.headers['content-encoding'] === 'gzip';
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => record(res.statusCode));
      res.on('error', (error) => record(undefined, String(error.code ?? error.message)));
    },
  );
  open.add(req);
  req.setTimeout(job.timeoutMs, () => req.destroy(new Error('timeout')));
  req.on('error', (error) => record(undefined, String(error.code ?? error.message)));
  req.end(body);
}

function run() {
  loopDelay.enable();
  const start = performance.now();
  const startedAt = Date.now();
  let reads = 0;
  let signIns = 0;
  let next = 0;
  let member = 0;
  const tick = () => {
    const now = performance.now();
    const elapsed = (now - start) / 1000;
    if (elapsed >= job.seconds) {
      clearInterval(timer);
      finish(startedAt, elapsed);
      return;
    }
    // Each request keeps its own due time: a late tick sends the backlog with its lateness counted.
    for (const due = Math.floor(elapsed * job.rate); reads < due; reads++) {
      const entry = cycle[next++ % cycle.length];
      const m = job.members[member++ % job.members.length];
      request(entry.label, 'GET', entry.path, { cookie: m.cookie }, undefined, start + (reads / job.rate) * 1000);
    }
    for (const due = Math.floor(elapsed * job.signInRate); signIns < due; signIns++) {
      const m = job.members[signIns % job.members.length];
      request('sign-in', 'POST', '/api/auth/sign-in/email', {}, JSON.stringify({ email: m.email, password: m.password }), start + (signIns / job.signInRate) * 1000);
    }
  };
  const timer = setInterval(tick, 5);
}

function finish(startedAt, elapsed) {
  const deadline = Date.now() + job.timeoutMs + 1_000;
  const wait = setInterval(() => {
    if (inFlight > 0 && Date.now() < deadline) return;
    clearInterval(wait);
    const unfinished = inFlight;
    // Whatever is still waiting is cancelled, not counted: the measurement is over.
    for (const req of open) {
      req.removeAllListeners('error');
      req.on('error', () => {});
      req.destroy();
    }
    agent.destroy();
    loopDelay.disable();
    const delay = { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
    parentPort.postMessage({ type: 'done', result: { startedAt, seconds: elapsed, sent, shed, unfinished, byLabel, failures, slow, loopDelay: delay } });
  }, 50);
}

parentPort.on('message', (message) => {
  if (message === 'go') run();
});
parentPort.postMessage({ type: 'ready' });
