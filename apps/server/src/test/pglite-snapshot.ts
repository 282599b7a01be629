import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MemoryFS, type PGlite, type PGliteOptions } from '@electric-sql/pglite';

/** Where PGlite keeps its data directory in its in-memory file system (its PGDATA). */
const PGDATA = '/pglite/data';

type Entry = { path: string; directory: boolean; data: Uint8Array };

/**
 * A migrated PGlite data directory (the global setup's tarball, dumpPglite) read once per worker,
 * from which each test database starts.
 *
 * PGlite's own `loadDataDir` spent most of a start outside PostgreSQL (about 0.55 s of CPU of
 * 0.8): Node reads a 45 MB Blob in small chunks, and the tarball's 1,463 entries are written
 * with a path check for every parent directory of every file, again for each database. Here the
 * tarball is parsed once, and each start writes its files into a fresh in-memory file system
 * before PostgreSQL boots, each directory made once: the same bytes at the same paths.
 */
export type PgliteSnapshot = { options(): PGliteOptions };

export function readPgliteSnapshot(tarball: Uint8Array): PgliteSnapshot {
  const entries = untar(tarball);
  const bundle = readFsBundle();
  return {
    options: () => ({
      fs: new SnapshotMemoryFs(entries),
      // PostgreSQL's share files (pglite.data), otherwise read from disk at every start. PGlite
      // lets the file system own these bytes, so each database gets its own copy.
      ...(bundle ? { fsBundle: new BytesBlob(bundle) } : {}),
    }),
  };
}

/** A memory file system that holds the snapshot's data directory before PostgreSQL starts in it. */
class SnapshotMemoryFs extends MemoryFS {
  constructor(private readonly entries: readonly Entry[]) {
    super();
  }

  override async init(pg: PGlite, emscriptenOptions: Parameters<MemoryFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    const write = (module: { FS: EmscriptenFs }) => {
      const fs = module.FS;
      fs.mkdirTree(PGDATA);
      const made = new Set([PGDATA]);
      const mkdir = (path: string) => {
        if (made.has(path)) return;
        mkdir(dirname(path));
        fs.mkdir(path);
        made.add(path);
      };
      for (const entry of this.entries) {
        const path = join(PGDATA, entry.path);
        if (entry.directory) mkdir(path);
        else {
          mkdir(dirname(path));
          // writeFile copies the bytes: a database's writes never reach the shared snapshot.
          fs.writeFile(path, entry.data);
        }
      }
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), write] } };
  }
}

/** The part of Emscripten's FS used here (PGlite types it loosely). */
type EmscriptenFs = { mkdirTree(path: string): void; mkdir(path: string): void; writeFile(path: string, data: Uint8Array): void };

/** A Blob whose bytes are already in memory: Node's Blob.arrayBuffer() reads them in small chunks. */
class BytesBlob extends Blob {
  constructor(private readonly content: Uint8Array) {
    super([]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.content.slice().buffer);
  }
}

function readFsBundle(): Uint8Array | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return new Uint8Array(readFileSync(join(dirname(entry), 'pglite.data')));
  } catch {
    // A PGlite laid out otherwise loads its bundle itself, as before.
    return undefined;
  }
}

/** The regular files and directories of a ustar archive, as dumpDataDir writes them. */
export function untar(tarball: Uint8Array): Entry[] {
  const decoder = new TextDecoder();
  const text = (offset: number, length: number) => {
    let end = offset;
    while (end < offset + length && tarball[end] !== 0) end += 1;
    return decoder.decode(tarball.subarray(offset, end));
  };
  const entries: Entry[] = [];
  let offset = 0;
  while (offset + 512 <= tarball.length && tarball[offset] !== 0) {
    const name = text(offset, 100);
    const prefix = text(offset + 345, 155);
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(tarball[offset + 156] ?? 0);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^\.?\/+/, '').replace(/\/+$/, '');
    offset += 512;
    if (type === '5') entries.push({ path, directory: true, data: new Uint8Array(0) });
    // A plain Uint8Array view, even over a Node Buffer: MEMFS copies a file's bytes with slice(),
    // which on a Buffer shares them, and one database's writes would reach every later one.
    else if (type === '0' || type === '\0') entries.push({ path, directory: false, data: new Uint8Array(tarball.buffer, tarball.byteOffset + offset, size) });
    else throw new Error(`PGlite snapshot: unexpected tar entry type ${JSON.stringify(type)} for ${path}`);
    offset += Math.ceil(size / 512) * 512;
  }
  return entries;
}
