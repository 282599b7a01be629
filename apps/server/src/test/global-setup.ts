import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * loading a migrated copy takes about 0.4 s. So the suite migrates once, here.
 */
export default async function setup(project: TestProject) {
  if (project.config.provide.testDatabaseUrl) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = createDatabase({ dataDir: 'memory' });
  await database.migrate();
  const dir = mkdtempSync(join(tmpdir(), 'peakwise-pglite-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
