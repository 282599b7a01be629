/** The benchmarks' knobs, all read here (eslint allows bench/ to read the environment). */
const env = process.env;

export type BenchSize = 'smoke' | 'full';

export function benchSize(): BenchSize {
  const flag = process.argv.find((a) => a.startsWith('--size='))?.slice('--size='.length);
  const value = flag ?? env.BENCH_SIZE ?? 'full';
  if (value !== 'smoke' && value !== 'full') throw new Error(`BENCH_SIZE must be smoke or full, not ${value}`);
  return value;
}

/** A target's verdict: a smoke run only proves the bench works, its numbers are too small to judge. */
export function verdict(size: BenchSize, pass: boolean): string {
  if (size === 'smoke') return 'not judged at smoke size';
  return pass ? 'PASS' : 'FAIL';
}

/** PostgreSQL server the run creates its own database on (and drops it after). */
export function adminDatabaseUrl(): string {
  return env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** A number knob: BENCH_<NAME> or the size's default. */
export function numberKnob(name: string, fallback: number): number {
  const raw = env[`BENCH_${name}`];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`BENCH_${name} must be a non-negative number, not ${raw}`);
  return n;
}

export function listKnob(name: string, fallback: number[]): number[] {
  const raw = env[`BENCH_${name}`];
  if (!raw) return fallback;
  return raw.split(',').map((s) => {
    const n = Number(s.trim());
    if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_${name} must be a comma-separated list of positive integers`);
    return n;
  });
}

/**
 * What the screen-read loads ask for: a browser's Accept-Encoding (the server gzips JSON answers
 * for it, apps/server/src/lib/compress.middleware.ts), or BENCH_READ_ENCODING=identity for none.
 */
export type ReadEncoding = 'gzip' | 'identity';
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export function readEncoding(): ReadEncoding {
  const raw = env.BENCH_READ_ENCODING;
  if (raw === undefined || raw === '' || raw === 'gzip') return 'gzip';
  if (raw === 'identity') return 'identity';
  throw new Error(`BENCH_READ_ENCODING must be gzip or identity, not ${raw}`);
}

/** The header a read load sends for that choice. */
export const acceptEncodingOf = (encoding: ReadEncoding): string => (encoding === 'gzip' ? BROWSER_ACCEPT_ENCODING : 'identity');

export function stringKnob(name: string): string | undefined {
  const raw = env[`BENCH_${name}`];
  return raw === undefined || raw === '' ? undefined : raw;
}
