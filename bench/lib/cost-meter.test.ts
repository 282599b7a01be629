import { describe, expect, it } from 'vitest';
import { clusterCpuMs, costsBetween, lessBackground, parseProcStat, perEach, processCpuMs, statementsBetween, sumCosts, type Costs, type CostSnapshot } from './cost-meter';

describe('parseProcStat', () => {
  it('reads ppid and the four CPU fields after a command name holding spaces and parentheses', () => {
    // Fields 1–17 of proc(5): pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const line = '4242 (postgres: a (b) c) S 77 4242 4242 0 -1 4194560 120 0 3 0 1500 260 31 7 20 0 1 0 99 1000 50';
    expect(parseProcStat(line)).toEqual({ ppid: 77, utime: 1500, stime: 260, cutime: 31, cstime: 7 });
  });

  it('refuses a line that is not one', () => {
    expect(() => parseProcStat('12 (x) S 1 2')).toThrow(/not a \/proc stat line/);
  });

  it('reads this process, whose CPU only grows', () => {
    const first = processCpuMs(process.pid)!;
    let spin = 0;
    for (const end = Date.now() + 50; Date.now() < end; ) spin++;
    expect(spin).toBeGreaterThan(0);
    expect(processCpuMs(process.pid)!).toBeGreaterThanOrEqual(first);
    expect(processCpuMs(2 ** 22 + 1)).toBeUndefined();
  });

  it('counts a parent with its children (this process stands in for a postmaster)', () => {
    // Read in this order: the process's own time first, since it only grows meanwhile.
    const own = processCpuMs(process.pid)!;
    expect(clusterCpuMs(process.pid)).toBeGreaterThanOrEqual(own);
  });
});

const snapshot = (at: number, n: number): CostSnapshot => ({
  at,
  serversMs: 10 * n,
  primaryMs: 2 * n,
  replicaMs: 3 * n,
  benchMs: n,
  primary: { xacts: 5 * n, activeMs: 0.5 * n, statements: 6 * n, statementMs: 0.75 * n },
  replica: { xacts: 7 * n, activeMs: 0.25 * n, statements: 8 * n, statementMs: 0.125 * n },
});

describe('costs', () => {
  it('are the differences between two snapshots, over the seconds between them', () => {
    expect(costsBetween(snapshot(1_000, 4), snapshot(3_000, 10))).toEqual({
      seconds: 2,
      serversMs: 60,
      primaryMs: 12,
      replicaMs: 18,
      benchMs: 6,
      primaryXacts: 30,
      replicaXacts: 42,
      primaryActiveMs: 3,
      replicaActiveMs: 1.5,
      primaryStatements: 36,
      replicaStatements: 48,
      primaryStatementMs: 4.5,
      replicaStatementMs: 0.75,
    });
  });

  it('less the background take what the idle window did per second over the window’s own seconds', () => {
    const load: Costs = {
      seconds: 30,
      serversMs: 9_000,
      primaryMs: 1_200,
      replicaMs: 2_400,
      benchMs: 600,
      primaryXacts: 5_000,
      replicaXacts: 9_000,
      primaryActiveMs: 800,
      replicaActiveMs: 3_000,
      primaryStatements: 6_000,
      replicaStatements: 10_000,
      primaryStatementMs: 700,
      replicaStatementMs: 2_500,
    };
    const idle: Costs = {
      seconds: 10,
      serversMs: 100,
      primaryMs: 50,
      replicaMs: 20,
      benchMs: 10,
      primaryXacts: 90,
      replicaXacts: 80,
      primaryActiveMs: 5,
      replicaActiveMs: 2,
      primaryStatements: 100,
      replicaStatements: 40,
      primaryStatementMs: 1,
      replicaStatementMs: 3,
    };
    // Three idle windows' worth (30 s / 10 s) off each figure, worked by hand.
    expect(lessBackground(load, idle)).toEqual({
      seconds: 30,
      serversMs: 8_700,
      primaryMs: 1_050,
      replicaMs: 2_340,
      benchMs: 570,
      primaryXacts: 4_730,
      replicaXacts: 8_760,
      primaryActiveMs: 785,
      replicaActiveMs: 2_994,
      primaryStatements: 5_700,
      replicaStatements: 9_880,
      primaryStatementMs: 697,
      replicaStatementMs: 2_491,
    });
    // Per read: each figure over 100 reads, the seconds kept.
    expect(perEach(load, 100)).toMatchObject({ seconds: 30, serversMs: 90, replicaStatements: 100, primaryStatementMs: 7 });
  });

  it('sum over windows', () => {
    const one = costsBetween(snapshot(0, 0), snapshot(1_000, 1));
    const two = costsBetween(snapshot(0, 0), snapshot(3_000, 2));
    expect(sumCosts([one, two])).toMatchObject({ seconds: 4, serversMs: 30, primaryMs: 6, replicaMs: 9, benchMs: 3, primaryXacts: 15, replicaXacts: 21, primaryActiveMs: 1.5, replicaActiveMs: 0.75, primaryStatements: 18, replicaStatements: 24 });
  });

  it('statements run between two counts: new texts in full, known ones by difference, the most called first', () => {
    const before = new Map([
      ['1', { query: 'select a', calls: 10, ms: 5 }],
      ['2', { query: 'select b', calls: 4, ms: 2 }],
      ['3', { query: 'select c', calls: 7, ms: 1 }],
    ]);
    const after = new Map([
      ['1', { query: 'select a', calls: 12, ms: 6 }],
      ['2', { query: 'select b', calls: 9, ms: 4.5 }],
      ['3', { query: 'select c', calls: 7, ms: 1 }],
      ['4', { query: 'select d', calls: 3, ms: 0.75 }],
    ]);
    expect(statementsBetween(before, after, 2)).toEqual([
      { query: 'select b', calls: 5, ms: 2.5 },
      { query: 'select d', calls: 3, ms: 0.75 },
    ]);
  });
});
