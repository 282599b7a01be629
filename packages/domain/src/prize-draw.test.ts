import { describe, expect, it } from 'vitest';
import { drawWinner, entryToken, nextPrizeWeek, prizeWeekOf, seedCommitment } from './prize-draw';
import { sha256Hex } from './sha256';

describe('prize draw', () => {
  // Expected values from the recipe run in a shell:
  //   printf '%s' 5eed00c0ffee | sha256sum
  //   { printf '%s' 5eed00c0ffee; printf '\n%s' a1 b2 c3; } | sha256sum → aa705fdc…; 0xaa705fdc9782ee28 mod 3 = 1
  const seed = '5eed00c0ffee';

  it('commits to the seed with its SHA-256', () => {
    expect(seedCommitment(seed)).toBe('f7854310c270b6cf62a09fb4e52878df72cec61f80bde9d85e748f51cc8ba7e1');
  });

  it('picks the winner from the seed and the sorted entries, as the shell recipe does', () => {
    expect(drawWinner(seed, ['c3', 'a1', 'b2'])).toEqual({ winner: 'b2', index: 1, digest: 'aa705fdc9782ee28c164305ba8ef4f93e604e574c9acc186300f520e878f721c' });
  });

  it('does not depend on the order the entries arrive in, and does on the seed', () => {
    const entries = Array.from({ length: 40 }, (_, i) => sha256Hex(`household-${i}`));
    const reversed = [...entries].reverse();
    expect(drawWinner(seed, entries)).toEqual(drawWinner(seed, reversed));
    const winners = new Set(Array.from({ length: 30 }, (_, i) => drawWinner(`seed-${i}`, entries)!.winner));
    expect(winners.size).toBeGreaterThan(10);
  });

  it('has no winner without entries, and one entry always wins', () => {
    expect(drawWinner(seed, [])).toBeNull();
    expect(drawWinner(seed, ['only'])!.winner).toBe('only');
  });

  it('gives each household one opaque entry per draw', () => {
    expect(entryToken('d1', 'h1')).toBe(sha256Hex('d1:h1'));
    expect(entryToken('d1', 'h1')).not.toBe(entryToken('d2', 'h1'));
  });

  it('cuts weeks Monday to Monday on Toronto time, across a DST change', () => {
    // Sunday 2026-03-08 is the spring-forward day; 23:30 Sunday local is still that week.
    const week = prizeWeekOf(new Date('2026-03-09T03:30:00Z'));
    expect(week.week).toBe('2026-03-02');
    expect(week.startsAt.toISOString()).toBe('2026-03-02T05:00:00.000Z');
    expect(week.endsAt.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(nextPrizeWeek('2026-03-02').week).toBe('2026-03-09');
  });
});
