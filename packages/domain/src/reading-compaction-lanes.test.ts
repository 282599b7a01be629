import { describe, expect, it } from 'vitest';
import { compactionLanes, MAX_COMPACTION_LANES } from './reading-compaction-lanes';

// Which lanes hold an id, by the step's own test (after < id < until); uuid order is text order.
// A random id in uuid text form; only its order against the bounds matters here.
const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const randomId = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${hex(4)}-${hex(12)}`;

const lanesOf = (id: string, count: number) =>
  compactionLanes(count)
    .map((lane, i) => ((lane.after === null || id > lane.after) && (lane.until === null || id < lane.until) ? i : -1))
    .filter((i) => i >= 0);

describe('compactionLanes', () => {
  it('is the whole id range for one lane', () => {
    expect(compactionLanes(1)).toEqual([{ after: null, until: null }]);
  });

  it('cuts the range at equal shares of the first 32 bits', () => {
    expect(compactionLanes(2)).toEqual([
      { after: null, until: '80000000-0000-0000-0000-000000000000' },
      { after: '7fffffff-ffff-ffff-ffff-ffffffffffff', until: null },
    ]);
    // 2^32 / 3 = 1431655765.33: the slices start at 0, 0x55555555 and 0xaaaaaaaa.
    expect(compactionLanes(3)).toEqual([
      { after: null, until: '55555555-0000-0000-0000-000000000000' },
      { after: '55555554-ffff-ffff-ffff-ffffffffffff', until: 'aaaaaaaa-0000-0000-0000-000000000000' },
      { after: 'aaaaaaa9-ffff-ffff-ffff-ffffffffffff', until: null },
    ]);
  });

  it('puts every id in exactly one lane, the bounds themselves included', () => {
    const edges = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '55555555-0000-0000-0000-000000000000', '55555554-ffff-ffff-ffff-ffffffffffff'];
    for (const count of [1, 2, 3, 7, MAX_COMPACTION_LANES]) {
      for (const lane of compactionLanes(count)) for (const bound of [lane.after, lane.until]) if (bound !== null) edges.push(bound);
      for (const id of [...edges, ...Array.from({ length: 200 }, randomId)]) expect(lanesOf(id, count)).toHaveLength(1);
    }
    expect(lanesOf('55555555-0000-0000-0000-000000000000', 3)).toEqual([1]);
    expect(lanesOf('55555554-ffff-ffff-ffff-ffffffffffff', 3)).toEqual([0]);
  });

  it('refuses a count that is not a whole number from 1 to the most', () => {
    for (const bad of [0, -1, 1.5, MAX_COMPACTION_LANES + 1, Number.NaN]) expect(() => compactionLanes(bad)).toThrow(RangeError);
  });
});
