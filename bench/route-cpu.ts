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
 * ROUTE_REPLICA=1 makes a primary and a streaming replica of the bench's own (as the scale bench
 * does) and runs two servers on the same database, one with DATABASE_READ_URL on the replica and
 * one without, each route driven on both back to back (order alternating by round): the replica's
 * cost per read, paired under the same host load.
 */
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startTestReplicatedCluster, type TestReplicatedCluster } from '../apps/server/src/test/pg-replica';
import { cookieHeader, signUpBody } from '../apps/server/src/test/test-session';
import { processCpuMs } from './lib/cost-meter';
import { adminStatement } from './lib/database';
import { adminDatabaseUrl } from './lib/env';
import { replicaCaughtUp, replicaTransactions } from './lib/replica-state';
import { SCREEN_MIX } from './lib/screen-mix';
import { freePort, serverProcess, type ServerProcess } from './lib/server-process';

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

const withReplica = process.env.ROUTE_REPLICA === '1';
const name = `peakwise_bench_cpu_${randomBytes(4).toString('hex')}`;
let cluster: TestReplicatedCluster | undefined;
let dbUrl: URL;
if (withReplica) {
  cluster = await startTestReplicatedCluster({ settings: ['max_connections = 100'] });
  await adminStatement(cluster.primaryUrl('postgres'), `create database ${name}`);
  dbUrl = new URL(cluster.primaryUrl(name));
} else {
  await adminStatement(adminUrl, `create database ${name}`);
  dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
}
const nodeArgs = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
// Each side: a label and its server; with the replica, the same database read both ways.
const sides: { label: string; server: ServerProcess }[] = [];
if (withReplica) {
  sides.push({ label: 'primary', server: serverProcess({ DATABASE_URL: dbUrl.toString() }, await freePort(), { nodeArgs, root }) });
  sides.push({ label: 'replica', server: serverProcess({ DATABASE_URL: dbUrl.toString(), DATABASE_READ_URL: cluster!.replicaUrl(name) }, await freePort(), { nodeArgs, root }) });
} else {
  sides.push({ label: 'server', server: serverProcess({ DATABASE_URL: dbUrl.toString() }, await freePort(), { nodeArgs, root }) });
}
try {
  // One at a time: the first applies the migrations the second then finds done.
  for (const side of sides) await side.server.start();
  const origin = sides[0]!.server.url;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(signUpBody()),
  });
  if (signUp.status !== 200) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()}`);
  // The sign-up's writes replayed: the member's reads may go to the replica from the first sample on.
  if (cluster) {
    const primary = new pg.Pool({ connectionString: cluster.primaryUrl(name), max: 1 });
    await replicaCaughtUp(primary, cluster.replicaUrl(name)).finally(() => primary.end());
  }
  const cookie = cookieHeader(signUp);
  const routes = [{ label: 'health /api/health', path: '/api/health', weight: 0 }, ...SCREEN_MIX];
  const results = new Map<string, number[]>();
  for (let round = 0; round <= rounds; round++) {
    for (const route of routes) {
      const order = round % 2 === 0 ? [...sides].reverse() : sides;
      for (const side of order) {
        const sideOrigin = side.server.url;
        // An empty Accept-Encoding would still be filled in by fetch; identity asks for no encoding.
        const headers = { cookie, origin: sideOrigin, 'accept-encoding': acceptEncoding || 'identity' };
        const url = `${sideOrigin}${route.path}`;
        if (round === 0) {
          // Warm-up round: JIT, caches, pools.
          const failed = await drive(url, headers, 200);
          if (failed) console.error(`${side.label} ${route.path}: ${failed} non-200 answers in warm-up`);
          continue;
        }
        const pid = side.server.pid!;
        const before = processCpuMs(pid) ?? Number.NaN;
        const failed = await drive(url, headers, perRoute);
        const after = processCpuMs(pid) ?? Number.NaN;
        if (failed) console.error(`${side.label} ${route.path}: ${failed} non-200 answers`);
        const key = `${side.label}\t${route.path}`;
        results.set(key, [...(results.get(key) ?? []), (after - before) / perRoute]);
      }
    }
  }
  for (const route of routes) {
    const cells = sides.map((side) => {
      const values = results.get(`${side.label}\t${route.path}`) ?? [];
      return `${side.label} ${values.map((v) => v.toFixed(2)).join('  ')}`;
    });
    console.log(`${route.path.padEnd(34)} ${cells.join('   ')} ms CPU/request`);
  }
  // Proof that the replica side read there: the replica's own transaction count on this database.
  // And how many write-position lookups (decision 129) the primary ran for them: only the replica
  // side reads that table, so its scans are that side's lookups.
  if (cluster) {
    const primary = new pg.Client({ connectionString: cluster.primaryUrl(name) });
    await primary.connect();
    const { rows } = await primary
      .query<{ scans: string }>(`select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans from pg_stat_user_tables where relname = 'write_positions'`)
      .finally(() => primary.end());
    console.log(`transactions on the replica's copy of the database: ${await replicaTransactions(cluster.replicaUrl('postgres'), name)}; scans of write_positions on the primary: ${rows[0]?.scans ?? 'none'}`);
  }
  if (process.env.CPU_PROF_DIR) console.log(`profiles: ${sides.map((s) => `${s.label} pid ${s.server.pid}`).join(', ')}`);
} finally {
  for (const side of sides) await side.server.stop();
  if (cluster) await cluster.stop();
  else await adminStatement(adminUrl, `drop database if exists ${name} with (force)`);
}
