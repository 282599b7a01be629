/**
 * Why decision 141's rule under-pays new members (issue 31: fewer than 5 days of own history, scored
 * by the comparison group's ratio: own usual × Σ peers' event ÷ Σ peers' usual), taken apart on the
 * home-events a baselines run dumped with BENCH_NOISE_CANDIDATES=1 and BENCH_OUTCOMES_FILE:
 *
 *   npx tsx bench/new-member-gap.ts /tmp/b141/o31.json [/tmp/b141/o7.json …] [--candidate=<fallback baseline>]…
 *
 * Per seed: how many home-events and days of own history new members have and which branch scores
 * them; the kWh bias of the comparison group at real events and on placebo days, for new members
 * and, on the same method, for members with ten days of their own, whose days alone (no adjustment)
 * split the group's error into the days' own error and the ratio's, against the change the member's
 * own counterfactual shows; the behaviour mix; and how decision 141's held rule treats them (σ's
 * days, Student's bar, paid at once / released / held). A `--candidate` names a new-member fallback
 * in the dump (a comparison-group variant): decision 141's rule is rerun with it in place of the
 * comparison group ×, population and new members side by side.
 */

import { studentT95 } from '../packages/domain/src/event-points-proof';
import { COMBINED_EXPECTED_DRAW, NOISE_GROUP_PEERS, NOISE_RAW } from './lib/baseline-candidates';
import { paidPoints, trueKwh, truePoints, type Outcome } from './lib/baseline-scoring';
import { DECISION_141, figures, heldPayout, heldSigmaDays, heldSigmaKwh, heldTargets, SIGMA_PEERS_FOR_NEW_MEMBERS, type HeldRule } from './lib/held-points-report';
import { findMethod, isGaming, readOutcomeDump } from './lib/outcome-dump';

const GROUP_X = 'comparison group, ×';
const GROUP_PLUS = 'comparison group, additive';
const DAYS_ALONE = '10/10, no adjustment';
const D141_BASELINE = DECISION_141.baseline!;

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
const candidates = args.filter((a) => a.startsWith('--candidate=')).map((a) => a.slice('--candidate='.length));

const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
const signed = (x: number, digits = 1) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(digits)}` : '–');
const pc = (x: number, of: number) => signed((x / of) * 100);
const share = (x: number, of: number) => `${((x / of) * 100).toFixed(1)} %`;
const base = (o: Outcome, m: string) => o.baseline.get(m) ?? null;
/** The baseline's error against the counterfactual on the quantity it reads (placebo days: what the day drew). */
const errKwh = (o: Outcome, m: string) => base(o, m)! - (o.counterfactualKwh - o.actualKwh + o.scoredActualKwh);
const cfRead = (o: Outcome) => o.counterfactualKwh - o.actualKwh + o.scoredActualKwh;
const ownDays = (o: Outcome) => o.noiseDays?.[NOISE_RAW] ?? Number.NaN;

function branch(o: Outcome): 'own' | 'group' | 'none' {
  const own = base(o, COMBINED_EXPECTED_DRAW);
  if (own !== null) return 'own';
  return base(o, GROUP_X) !== null ? 'group' : 'none';
}

/** Σ error ÷ Σ true cut and Σ error ÷ Σ counterfactual, over the home-events that have the method's baseline. */
function kwhBias(os: readonly Outcome[], m: string): string {
  const has = os.filter((o) => base(o, m) !== null);
  if (has.length === 0) return '–';
  const err = sum(has, (o) => errKwh(o, m));
  const cut = sum(has, trueKwh);
  return `${has.length}: ${Math.abs(cut) > 1e-9 && !has[0]!.placebo ? `${pc(err, cut)} % of the cut, ` : ''}${pc(err, sum(has, cfRead))} % of the counterfactual`;
}

for (const file of files) {
  const dump = readOutcomeDump(file);
  const all = dump.outcomes;
  const events = all.filter((o) => !o.placebo && !isGaming(o));
  const placebos = all.filter((o) => o.placebo && !isGaming(o));
  const gamed = all.filter((o) => !o.placebo && isGaming(o));
  const nmEvents = events.filter((o) => o.newMember);
  const nmPlacebos = placebos.filter((o) => o.newMember);
  const out: string[] = [`## Seed ${dump.seed}, ${dump.homeCount} homes`, ''];

  // 1. Who they are.
  const homes = new Set(nmEvents.map((o) => o.homeIndex));
  const allHomes = new Set(events.map((o) => o.homeIndex));
  const everNew = new Set(all.filter((o) => o.newMember).map((o) => o.homeIndex));
  const daysHist = new Map<string, number>();
  for (const o of nmEvents) daysHist.set(String(ownDays(o)), (daysHist.get(String(ownDays(o))) ?? 0) + 1);
  const branches = { own: 0, group: 0, none: 0 };
  for (const o of nmEvents) branches[branch(o)]++;
  const groupScoredOld = events.filter((o) => !o.newMember && branch(o) !== 'own').length;
  out.push(
    `New members at real events (homes that do not game): ${nmEvents.length} of ${events.length} home-events (${share(nmEvents.length, events.length)}), ${homes.size} of ${allHomes.size} homes (${everNew.size} homes ever new, gaming ones included); placebo days ${nmPlacebos.length} of ${placebos.length}.`,
    `Own days of the event's kind before the event (raw σ's days): ${[...daysHist.entries()].sort().map(([d, n]) => `${d}: ${n}`).join(', ')}.`,
    `Branch that scores them under decision 141's baseline: own days ${branches.own}, comparison group × ${branches.group}, none ${branches.none}; members with history scored by the group: ${groupScoredOld}.`,
    `Their kWh bias as the harness's segment table reads it (no baseline: estimated 0): ${pc(sum(nmEvents, (o) => (base(o, D141_BASELINE) === null ? 0 : base(o, D141_BASELINE)! - o.scoredActualKwh) - trueKwh(o)), sum(nmEvents, trueKwh))} %, of which home-events with no baseline ${pc(-sum(nmEvents.filter((o) => base(o, D141_BASELINE) === null), trueKwh), sum(nmEvents, trueKwh))} points (no own day of the event's kind: ${nmEvents.filter((o) => ownDays(o) === 0).length}; fewer than 5 peers: ${nmEvents.filter((o) => ownDays(o) > 0 && base(o, GROUP_X) === null).length}).`,
    `Share of the population's true cut that is theirs: ${share(sum(nmEvents, trueKwh), sum(events, trueKwh))}; of the points it earns: ${share(sum(nmEvents, truePoints), sum(events, truePoints))}.`,
    '',
  );

  // 2. The kWh bias: the group's, for new members and for members with ten own days, at events and on placebo days.
  const full = (o: Outcome) => !o.newMember && ownDays(o) >= 10 && base(o, DAYS_ALONE) !== null && base(o, GROUP_X) !== null;
  const oldEvents = events.filter(full);
  const oldPlacebos = placebos.filter(full);
  out.push('| kWh bias of the baseline (Σ baseline − counterfactual) | Home-events: real events | Placebo days |', '|---|---|---|');
  for (const [label, m, ev, pl] of [
    ['new members, decision 141 (comparison group ×)', D141_BASELINE, nmEvents, nmPlacebos],
    ['new members, comparison group ×', GROUP_X, nmEvents, nmPlacebos],
    ['new members, comparison group (+)', GROUP_PLUS, nmEvents, nmPlacebos],
    ['members with 10 own days, comparison group ×', GROUP_X, oldEvents, oldPlacebos],
    ['members with 10 own days, comparison group (+)', GROUP_PLUS, oldEvents, oldPlacebos],
    ['members with 10 own days, their days alone', DAYS_ALONE, oldEvents, oldPlacebos],
    ['members with 10 own days, decision 141', D141_BASELINE, oldEvents, oldPlacebos],
  ] as const) {
    out.push(`| ${label} | ${kwhBias(ev, m)} | ${kwhBias(pl, m)} |`);
  }
  for (const m of candidates.map((c) => findMethod(dump, c))) out.push(`| new members, ${m} | ${kwhBias(nmEvents, m)} | ${kwhBias(nmPlacebos, m)} |`);
  out.push('', `Read as the harness's segment table reads it (no baseline: estimated 0), new members' kWh bias: ${[D141_BASELINE, ...candidates.map((c) => findMethod(dump, c))].map((m) => `${m === D141_BASELINE ? 'decision 141' : m} ${pc(sum(nmEvents, (o) => (base(o, m) === null ? 0 : base(o, m)! - o.scoredActualKwh) - trueKwh(o)), sum(nmEvents, trueKwh))} %`).join('; ')}.`);
  out.push('');

  // 3. Members with ten own days: the group's change against the member's own (counterfactual ÷ days alone).
  out.push('Members with 10 own days: the change from the usual days to the event day, as the group reads it (Σ days alone × group ratio ÷ Σ days alone) and as the member\'s own counterfactual shows it (Σ counterfactual ÷ Σ days alone); the group\'s error split into the days\' own error and the ratio\'s, in % of the counterfactual.');
  out.push('', '| Days | Home-events | Group\'s change | Member\'s own change | × error | of it: days alone | of it: ratio against the true change |', '|---|---|---|---|---|---|---|');
  for (const [label, os] of [['real events', oldEvents], ['placebo days', oldPlacebos], ['real events, new members\' areas and events', oldEvents.filter((o) => nmEvents.some((n) => n.city === o.city && n.season === o.season && n.eventHour === o.eventHour))]] as const) {
    const usual = sum(os, (o) => base(o, DAYS_ALONE)!);
    const group = sum(os, (o) => base(o, GROUP_X)!);
    const cf = sum(os, cfRead);
    out.push(`| ${label} | ${os.length} | ${signed((group / usual - 1) * 100)} % | ${signed((cf / usual - 1) * 100)} % | ${pc(group - cf, cf)} % | ${pc(usual - cf, cf)} % | ${pc(group - usual - (cf - usual), cf)} % |`);
  }
  out.push('');

  // 4. Behaviour mix and the true cut.
  out.push('| Behaviour | New members: home-events (share) | true cut % of counterfactual | Members with history: share | true cut % |', '|---|---|---|---|---|');
  for (const b of ['hard', 'little', 'none', 'precondition'] as const) {
    const n = nmEvents.filter((o) => o.behaviour === b);
    const h = events.filter((o) => !o.newMember && o.behaviour === b);
    out.push(`| ${b} | ${n.length} (${share(n.length, nmEvents.length)}) | ${pc(sum(n, trueKwh), sum(n, (o) => o.counterfactualKwh))} | ${share(h.length, events.length - nmEvents.length)} | ${pc(sum(h, trueKwh), sum(h, (o) => o.counterfactualKwh))} |`);
  }
  out.push(`| all | ${nmEvents.length} | ${pc(sum(nmEvents, trueKwh), sum(nmEvents, (o) => o.counterfactualKwh))} | | ${pc(sum(events.filter((o) => !o.newMember), trueKwh), sum(events.filter((o) => !o.newMember), (o) => o.counterfactualKwh))} |`);
  out.push('');

  // 5. The held rule: σ's days, the bar, and where the points go.
  const everyone = [...events, ...placebos, ...gamed];
  const heldRows = (held: HeldRule, label: string) => {
    const payout = heldPayout(everyone, D141_BASELINE, held);
    const method = held.baseline ?? D141_BASELINE;
    const rows: string[] = [];
    for (const [name, os] of [
      ['new members', nmEvents],
      ...[0, 1, 2, 3, 4].map((d) => [`  own days ${d}`, nmEvents.filter((o) => ownDays(o) === d)] as const),
      ['members with history', events.filter((o) => !o.newMember)],
    ] as const) {
      if (os.length === 0) continue;
      const f = figures(os, payout);
      const earned = sum(os, truePoints);
      const target = sum(os, (o) => paidPoints(o, method));
      const sig = os.map((o) => heldSigmaKwh(o, held.sigma));
      const unknown = sig.filter((s) => s === null).length;
      const days = os.map((o) => heldSigmaDays(o, held) ?? 0).filter((d) => d >= 2);
      const bar = days.length ? days.map((d) => studentT95(d - 1) * Math.sqrt(1 + 1 / d)).sort((a, b) => a - b)[Math.floor(days.length / 2)]! : Number.NaN;
      const none = os.filter((o) => base(o, method) === null);
      const covered = os.filter((o) => base(o, method) !== null);
      const heldPaid = sum(covered, (o) => payout.get(o)!.points);
      const parts = `${pc(-sum(none, truePoints), earned)} / ${pc(sum(covered, (o) => paidPoints(o, method) - truePoints(o)), earned)} / ${pc(heldPaid - sum(covered, (o) => paidPoints(o, method)), earned)}`;
      rows.push(`| ${label} | ${name} (${os.length}) | ${signed(f.biasPercent)} % = ${parts} | ${(f.within * 100).toFixed(0)} % | ${pc(target - earned, earned)} % | ${(f.atOnce * 100).toFixed(0)} / ${((f.released + f.releasedLater) * 100).toFixed(0)} / ${(f.never * 100).toFixed(0)} % | ${share(unknown, os.length)} | ${bar.toFixed(2)} |`);
    }
    return rows;
  };
  out.push('| Rule | Home-events | Points bias (held) = no baseline / target 10 % on the baseline / the hold | Within ±20 % | Points bias under target 10 % on the same baseline (no hold) | Paid at once / released / held for good | σ unknown (25 % fallback) | Median bar t(n−1)·√(1+1/n) |', '|---|---|---|---|---|---|---|---|');
  out.push(...heldRows(DECISION_141, 'decision 141'));
  const variants: HeldRule[] = candidates.map((c) => ({ ...DECISION_141, label: `decision 141, new members by ${c}`, baseline: findMethod(dump, `${COMBINED_EXPECTED_DRAW}; new members by ${c}`) }));
  // σ from the group's peers for the new members it scores, where the dump has it.
  if (everyone.some((o) => o.noise?.[NOISE_GROUP_PEERS] != null)) variants.push({ ...DECISION_141, label: 'decision 141, new members’ σ from their peers', sigma: SIGMA_PEERS_FOR_NEW_MEMBERS });
  for (const v of variants) out.push(...heldRows(v, v.label));
  out.push('');

  // 6. Population figures under each variant against decision 141's.
  out.push('| Rule | Points bias | Within ±20 % | Placebo paid | New members: bias / within / placebo paid | Distance (pp) |', '|---|---|---|---|---|---|');
  for (const held of [DECISION_141, ...variants]) {
    const t = heldTargets(events, placebos, gamed, D141_BASELINE, held);
    const payout = heldPayout(everyone, D141_BASELINE, held);
    const ne = figures(nmEvents, payout);
    const np = figures(nmPlacebos, payout);
    out.push(`| ${held.label} | ${signed(t.biasPercent, 2)} % | ${(t.within * 100).toFixed(1)} % | ${(t.placebo * 100).toFixed(2)} % | ${signed(ne.biasPercent)} % / ${(ne.within * 100).toFixed(0)} % / ${(np.paid * 100).toFixed(1)} % | ${t.distance.toFixed(2)} |`);
  }
  out.push('');
  process.stdout.write(`${out.join('\n')}\n`);
}
