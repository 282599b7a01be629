/**
 * The home-events a baselines run writes with BENCH_OUTCOMES_FILE, read back for the scripts that
 * score them further without simulating again (baseline-segments.ts, baseline-bias-sources.ts).
 */

import { readFileSync } from 'node:fs';
import type { Outcome } from './baseline-scoring';

export type OutcomeDump = {
  seed: number;
  homeCount: number;
  quantity: string;
  /** The candidates the run scored. */
  methods: string[];
  /** Baselines kept only to take a candidate apart (absent in dumps from before decision 133). */
  diagnostics: string[];
  outcomes: Outcome[];
};

type Stored = Omit<OutcomeDump, 'outcomes' | 'diagnostics' | 'quantity'> & {
  quantity?: string;
  diagnostics?: string[];
  outcomes: (Omit<Outcome, 'baseline'> & { baseline: [string, number | null][] })[];
};

export function readOutcomeDump(file: string): OutcomeDump {
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
  return {
    seed: stored.seed,
    homeCount: stored.homeCount,
    quantity: stored.quantity ?? 'net',
    methods: stored.methods,
    diagnostics: stored.diagnostics ?? [],
    // Dumps from before decision 112 read baselines on the quantity paid for.
    outcomes: stored.outcomes.map((o) => ({ ...o, scoredActualKwh: o.scoredActualKwh ?? o.actualKwh, baseline: new Map(o.baseline) })),
  };
}

/**
 * The method of that name, or the first whose name starts with it (a diagnostic too). For decision
 * 126's and 133's candidates give the full name ("…; new members by comparison group ×"), or the
 * "(+)" hybrid comes first.
 */
export function findMethod(dump: OutcomeDump, wanted: string): string {
  const names = [...dump.methods, ...dump.diagnostics];
  const m = names.find((name) => name === wanted) ?? names.find((name) => name.startsWith(wanted));
  if (!m) throw new Error(`No method "${wanted}": ${names.join('; ')}`);
  return m;
}

/** Homes that game their baseline are judged apart, as in the harness's own tables. */
export function isGaming(o: Outcome): boolean {
  return o.behaviour === 'game_before' || o.behaviour === 'game_days';
}
