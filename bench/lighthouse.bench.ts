/**
 * Lighthouse 12 (mobile emulation, simulated throttling: its defaults) against the built web app
 * served by the real server, with Debian's Chromium. Each page is measured BENCH_RUNS times
 * (default 3) and every figure reported is the median of those runs. Covers the public pages in
 * English and French and the signed-in Dashboard (a fresh member, on a fresh database).
 *
 *   npm run build && npm run lighthouse -w @peakwise/bench
 *   BENCH_SIZE=smoke npm run lighthouse -w @peakwise/bench   # one run of / and the Dashboard (CI)
 * Knobs: BENCH_RUNS, BENCH_WEB_DIST (a dist directory to measure instead of apps/web/dist, e.g.
 * an older build for a before/after), BENCH_PAGES=/,/help (a subset), BENCH_PG_URL,
 * CHROMIUM_PATH, BENCH_REPORTS=<dir> (keeps each run's Lighthouse JSON there, to read what a
 * figure is made of: the LCP element, the layout shifts, the requests).
 * "Before paint" is how many requests besides the document had finished by the observed LCP: the
 * simulated LCP counts each of them (decisions 068 and 070); the verdict lines name them.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createFreshDatabase, dropOnSignal } from './lib/database';
import { adminDatabaseUrl, benchSize, numberKnob, stringKnob, verdict } from './lib/env';
import { log, median } from './lib/format';
import { machineLine } from './lib/machine';
import { startServer } from './lib/server';
import { freePort } from './lib/server-process';
import { cookieHeader, signUpBody } from '../apps/server/src/test/test-session';

const size = benchSize();
// A smoke run proves the bench still works: one run of the home page and the Dashboard, not judged.
const RUNS = numberKnob('RUNS', size === 'smoke' ? 1 : 3);
const WEB_DIST = stringKnob('WEB_DIST') ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const REPORTS = stringKnob('REPORTS');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PUBLIC = ['/', '/how-it-works', '/help', '/fr', '/fr/how-it-works', '/fr/help'];
const DASHBOARD = '/app/dashboard';
const PAGES = stringKnob('PAGES')?.split(',') ?? (size === 'smoke' ? ['/', DASHBOARD] : [...PUBLIC, DASHBOARD]);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** What Lighthouse 12 clears before each run by default (its `clearStorageTypes`). */
const STORAGE_LIGHTHOUSE_CLEARS = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'] as const;

/** The targets for a public page; the portal's is its first-load JavaScript. */
const TARGET = { score: 100, fcpMs: 1_000, lcpMs: 1_200, portalScriptKb: 250 };

type Run = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  requests: number;
  /** Requests other than the document that finished before the observed LCP. */
  beforePaint: string[];
  failing: string[];
};

async function signUp(url: string, origin: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(signUpBody()),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return cookieHeader(res);
}

type Audit = {
  score: number | null;
  numericValue?: number;
  details?: {
    items?: { resourceType?: string; transferSize?: number; requestCount?: number; url?: string; networkEndTime?: number; finished?: boolean; observedLargestContentfulPaintTs?: number }[];
    debugData?: { networkStartTimeTs?: number };
  };
};

/**
 * The requests that had finished by the observed LCP, the document aside, from the
 * network-requests audit (times in ms from its first request, whose trace time it gives) and the
 * metrics audit (the observed LCP's trace time, in µs).
 */
function finishedBeforePaint(audits: Record<string, Audit>, documentUrl: string): string[] {
  const lcpTs = audits['metrics']?.details?.items?.[0]?.observedLargestContentfulPaintTs;
  const network = audits['network-requests']?.details;
  const startTs = network?.debugData?.networkStartTimeTs;
  if (lcpTs === undefined || startTs === undefined) return [];
  return (network?.items ?? [])
    .filter((r) => r.url && r.url !== documentUrl && r.finished && r.networkEndTime !== undefined && startTs + r.networkEndTime * 1000 <= lcpTs)
    .map((r) => (r.url!.startsWith('data:') ? 'data:' : new URL(r.url!).pathname));
}

/** A kept report's file name: the page's path and the run, e.g. `fr-how-it-works.2.json`. */
function keepReport(url: string, run: number, json: string) {
  if (!REPORTS) return;
  mkdirSync(REPORTS, { recursive: true });
  const slug = new URL(url).pathname.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';
  writeFileSync(join(REPORTS, `${slug}.${run}.json`), json);
}

async function measure(port: number, url: string, cookie: string | undefined, run: number): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Lighthouse keeps local storage between runs by default, so the language a French page
      // stored followed the member to the Dashboard (drawn in French, then redrawn in English
      // once the profile answered). Every run is a first visit.
      clearStorageTypes: [...STORAGE_LIGHTHOUSE_CLEARS, 'local_storage' as const],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  keepReport(url, run, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, Audit>;
  const resources = audits['resource-summary']?.details?.items ?? [];
  const script = resources.find((r) => r.resourceType === 'script');
  const total = resources.find((r) => r.resourceType === 'total');
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run['scores'];
  // What keeps a category under 100, so a FAIL says where to look.
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}:${ref.id}`),
  );
  return {
    scores,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    scriptKb: (script?.transferSize ?? 0) / 1000,
    requests: total?.requestCount ?? 0,
    beforePaint: finishedBeforePaint(audits, lhr.finalDisplayedUrl),
    failing,
  };
}

/**
 * On a loaded host Chromium sometimes records no usable trace (NO_NAVSTART, NO_FCP): such a run
 * measured nothing, so it is repeated (and said), not counted.
 */
async function measureWithRetry(port: number, url: string, cookie: string | undefined, run: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(port, url, cookie, run);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`  retrying ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`No build at ${WEB_DIST}: run npm run build first`);
  const fresh = await createFreshDatabase(adminDatabaseUrl(), 'lighthouse');
  dropOnSignal(fresh);
  const port = await freePort();
  const server = await startServer(fresh.database, { webDistDir: WEB_DIST, port });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    log(await machineLine(fresh.pool));
    log(`web build: ${WEB_DIST}; ${RUNS} runs per page, medians; Lighthouse mobile emulation, simulated throttling`);
    const cookie = PAGES.includes(DASHBOARD) ? await signUp(server.url, server.origin) : undefined;
    const rows: string[] = [];
    const verdicts: string[] = [];
    for (const path of PAGES) {
      const isPortal = path.startsWith('/app');
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measureWithRetry(chrome.port, server.url + path, isPortal ? cookie : undefined, i + 1));
      const m = (pick: (r: Run) => number) => median(runs.map(pick));
      const scores = CATEGORIES.map((c) => m((r) => r.scores[c]));
      const fcp = m((r) => r.fcp);
      const lcp = m((r) => r.lcp);
      const scriptKb = m((r) => r.scriptKb);
      rows.push(
        `| \`${path}\` | ${scores.join(' | ')} | ${s(fcp)} | ${s(lcp)} | ${Math.round(m((r) => r.tbt))} ms | ${m((r) => r.cls).toFixed(3)} | ${scriptKb.toFixed(1)} kB | ${m((r) => r.requests)} | ${m((r) => r.beforePaint.length)} |`,
      );
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      const early = [...new Set(runs.flatMap((r) => r.beforePaint))];
      const earlyNote = early.length ? `; finished before the paint in some run: ${early.join(', ')}` : '';
      if (isPortal) {
        verdicts.push(`\`${path}\`: first-load JavaScript ${scriptKb.toFixed(1)} kB ≤ ${TARGET.portalScriptKb} kB: ${verdict(size, scriptKb <= TARGET.portalScriptKb)}`);
      } else {
        const pass = scores.every((score) => score >= TARGET.score) && fcp <= TARGET.fcpMs && lcp <= TARGET.lcpMs;
        verdicts.push(`\`${path}\`: ${verdict(size, pass)}${failing.length ? ` (below 1 in some run: ${failing.join(', ')})` : ''}${earlyNote}`);
      }
      log(rows.at(-1)!);
    }
    log('');
    log('| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | JS (transfer) | Requests | Before paint |');
    log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) log(row);
    log('');
    log(`Targets for public pages: every score ${TARGET.score}, FCP ≤ ${s(TARGET.fcpMs)}, LCP ≤ ${s(TARGET.lcpMs)}.`);
    for (const v of verdicts) log(`- ${v}`);
  } finally {
    chrome.kill();
    await server.close();
    await fresh.drop();
  }
}

await main();
