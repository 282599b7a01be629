/**
 * CPU the server process spends per screen read, route by route: the real server as its own
 * process on a fresh PostgreSQL database, one signed-in member, and for each route of the screen
 * mix N requests at a small concurrency; the process's user+system CPU (from /proc, so the load
 * generator's own CPU is not counted) before and after, divided by N.
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/route-cpu.ts
 *
 * SERVER_ROOT points at another checkout (an older commit) to run its server with this same driver;
 * CPU_PROF_DIR writes a V8 CPU profile of the whole run there (on the graceful stop).
 * ROUTE_ACCEPT_ENCODING is the Accept-Encoding sent (default a browser's; '' sends none, as the
 * read-load worker's plain http.request does).
 */
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cookieHeader, signUpBody } from '../apps/server/src/test/test-session';
import { processCpuMs } from './lib/cost-meter';
import { adminStatement } from './lib/database';
import { adminDatabaseUrl } from './lib/env';
import { SCREEN_MIX } from './lib/screen-mix';
import { freePort, serverProcess } from './lib/server-process';

const root = process.env.SERVER_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = adminDatabaseUrl();
const perRoute = Number(process.env.ROUTE_REQUESTS ?? 600);
const concurrency = Number(process.env.ROUTE_CONCURRENCY ?? 4);
const rounds = Number(process.env.ROUTE_ROUNDS ?? 2);
const acceptEncoding = process.env.ROUTE_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

async function drive(url: string, headers: Record<string, string>, n: number) {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      }
    }),
  );
  return failed;
}

const name = `peakwise_bench_cpu34_${randomBytes(4).toString('hex')}`;
await adminStatement(adminUrl, `create database ${name}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${name}`;
const nodeArgs = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
const server = serverProcess({ DATABASE_URL: dbUrl.toString() }, await freePort(), { nodeArgs, root });
try {
  await server.start();
  const origin = server.url;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(signUpBody()),
  });
  if (signUp.status !== 200) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()}`);
  // An empty Accept-Encoding would still be filled in by fetch; identity asks for no encoding.
  const headers = { cookie: cookieHeader(signUp), origin, 'accept-encoding': acceptEncoding || 'identity' };
  const cpuMs = () => processCpuMs(server.pid!) ?? Number.NaN;
  const routes = [{ label: 'health /api/health', path: '/api/health', weight: 0 }, ...SCREEN_MIX];
  const results = new Map<string, number[]>();
  for (let round = 0; round <= rounds; round++) {
    for (const route of routes) {
      const url = `${origin}${route.path}`;
      if (round === 0) {
        // Warm-up round: JIT, caches, pools.
        const failed = await drive(url, headers, 200);
        if (failed) console.error(`${route.path}: ${failed} non-200 answers in warm-up`);
        continue;
      }
      const before = cpuMs();
      const failed = await drive(url, headers, perRoute);
      const after = cpuMs();
      if (failed) console.error(`${route.path}: ${failed} non-200 answers`);
      results.set(route.path, [...(results.get(route.path) ?? []), (after - before) / perRoute]);
    }
  }
  for (const [path, values] of results) {
    console.log(`${path.padEnd(34)} ${values.map((v) => v.toFixed(2)).join('  ')} ms CPU/request`);
  }
} finally {
  await server.stop();
  await adminStatement(adminUrl, `drop database if exists ${name} with (force)`);
}
