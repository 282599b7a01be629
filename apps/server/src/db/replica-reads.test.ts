import { describe, expect, it } from 'vitest';
import { parseLsn, primaryOnlyReads, writeHandle } from './replica-reads';
import type { Db } from './client';

describe('replica reads without a replica', () => {
  it('reads the primary, notes nothing, and writes through the same handle', async () => {
    const primary = { tag: 'primary' } as unknown as Db;
    const reads = primaryOnlyReads(primary);
    expect(reads.replicated).toBe(false);
    expect(await reads.read(['household'], async (db) => db)).toBe(primary);
    await reads.wrote(['household']);
    expect(writeHandle(primary)).toBe(primary);
  });
});

describe('parseLsn', () => {
  it('orders positions by both hex halves, the high one counting 2^32 each', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')).toBe(4_294_967_296n);
    expect(parseLsn('2/A')! > parseLsn('1/FFFFFFFF')!).toBe(true);
    expect(parseLsn(null)).toBeNull();
  });
});
