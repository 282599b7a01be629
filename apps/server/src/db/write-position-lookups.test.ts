import { describe, expect, it } from 'vitest';
import { positionLookups } from './write-position-lookups';

/** A lookup whose answers the test releases by hand, recording which owners each call asked for. */
function manualLookup() {
  const calls: { owners: string[]; answer: (rows: [string, bigint][]) => void; fail: (error: Error) => void }[] = [];
  const lookup = (owners: readonly string[]) =>
    new Promise<Map<string, bigint>>((resolve, reject) => {
      calls.push({ owners: [...owners], answer: (rows) => resolve(new Map(rows)), fail: reject });
    });
  return { calls, lookup };
}

/** Lets the settled lookup's callbacks run (its waiting reads are then sent). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('positionLookups', () => {
  it('sends the first read at once and the reads that begin meanwhile together, after it ends', async () => {
    const { calls, lookup } = manualLookup();
    const lookups = positionLookups(lookup);
    const first = lookups.latest(['h1', 'u1']);
    expect(calls.map((c) => c.owners)).toEqual([['h1', 'u1']]);
    const second = lookups.latest(['h2', 'u2']);
    const third = lookups.latest(['h1', 'u3']);
    // Both began while the first lookup was out: they must not take its answer, which may predate them.
    expect(calls).toHaveLength(1);
    calls[0]!.answer([['h1', 5n]]);
    expect(await first).toBe(5n);
    await settle();
    expect(calls.map((c) => c.owners)).toEqual([['h1', 'u1'], ['h2', 'u2', 'h1', 'u3']]);
    // h1 wrote again meanwhile (7), u2 once (9), u3 never: each read takes its own owners' latest.
    calls[1]!.answer([['h1', 7n], ['u2', 9n]]);
    expect(await second).toBe(9n);
    expect(await third).toBe(7n);
  });

  it('answers null for owners without a position, and rejects every read of a failed lookup', async () => {
    const { calls, lookup } = manualLookup();
    const lookups = positionLookups(lookup);
    const none = lookups.latest(['h9']);
    calls[0]!.answer([]);
    expect(await none).toBeNull();
    await settle();
    const a = lookups.latest(['h1']);
    const b = lookups.latest(['h2']);
    calls[1]!.fail(new Error('primary down'));
    await expect(a).rejects.toThrow('primary down');
    await settle();
    calls[2]!.fail(new Error('still down'));
    await expect(b).rejects.toThrow('still down');
    // A later read is not stuck behind the failures.
    await settle();
    const later = lookups.latest(['h1']);
    calls[3]!.answer([['h1', 3n]]);
    expect(await later).toBe(3n);
  });
});
