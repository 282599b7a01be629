import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { createDatabase, dumpPglite } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) each test file's database starts from; empty on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

/**
 * Migrating a fresh PGlite takes 1.5–2.5 s and every server test file needs its own database;
 * starting from a migrated copy (test-database.ts, pglite-snapshot.ts) about 0.25 s. So the suite
 * migrates once, here.
 */
export default async function setup(project: TestProject) {
  if (project.config.provide.testDatabaseUrl) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = createDatabase({ dataDir: 'memory' });
  await database.migrate();
  // Every file's database starts from this copy, and PostgreSQL's default 128 MB of shared
  // buffers made each start about 100 ms of CPU dearer than 32 MB (a few MB of data per file;
  // bench/RESULTS.md). The checkpoint leaves nothing to replay at each start.
  await database.db.execute(sql`alter system set shared_buffers = '32MB'`);
  await database.db.execute(sql`checkpoint`);
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-pglite-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
