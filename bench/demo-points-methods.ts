/**
 * The demo household's past events under three baselines and three points rules, against the
 * simulator's truth (issue 31; decisions 101, 111, 126, 133). Pure: the simulator and the domain's
 * rules, no database.
 *
 * Its events are the ones the seeder makes (`pastDemoEventDays`, 90 days of back-fill, as in
 * `demo-event-points.test.ts` and decision 111), for each back-fill end date given: a summer end
 * puts the panels' evening sun in the event hour, a November end is decision 111's 20 events. Its
 * readings are the simulator's meter flows (production, grid import, grid export), the household
 * cutting during each event; what it would have drawn without the event is the same seed with no
 * cut. The program pays on grid draw, max(0, import − export) per interval (decision 112).
 *
 *   npm run demo-points -w @peakwise/bench -- [--seeds=1,2,3,4,5] [--ends=2026-08-28,2026-11-28] [--table-seed=1]
 */

import { pastDemoEventDays } from '../apps/server/src/simulator/demo-events';
import { DEMO_HOUSEHOLD } from '../apps/server/src/simulator/household-profile';
import { simulateInterval } from '../apps/server/src/simulator/household-simulator';
import { pointsHeldUntilProven } from '../packages/domain/src/event-points-proof';
import { describeRule, pointsUnderRule, type PointsRule } from '../packages/domain/src/event-points-rule';
import { DECISION_141, HELD_RULES, HELD_SIGMA_RULES, heldSigmaName, type HeldRule } from './lib/held-points-report';
import type { LocalDate } from '../packages/domain/src/local-time';
import { addDays, localDateOf, localDatesInRange, zonedTimeToUtc } from '../packages/domain/src/local-time';
import { provincialHolidayDates } from '../packages/domain/src/provincial-holidays';
import { AIMED_METHODS, COMBINED, COMBINED_EXPECTED_DRAW, GAP_2H, homeNoiseKwh, NOISE_CANDIDATES, noiseCandidates, OWN_METHODS, type OwnContext, type OwnMethod } from './lib/baseline-candidates';
import { CITIES, clock, type Region } from './lib/baseline-population';

const BACKFILL_DAYS = 90;
const EVENT_START_HOUR = 18;
const EVENT_HOURS = 1;
/** Clock times simulated each day: decision 101's window (14:00–17:00), the 2 h gap's (13:00–16:00) and the event. */
const FIRST_MINUTE = 13 * 60;
const LAST_MINUTE = (EVENT_START_HOUR + EVENT_HOURS) * 60;
const TORONTO = CITIES.find((c) => c.name === 'Toronto')!;

const SETTLED = '10/10, +, 3 h, cap ±20 %';
const METHODS: readonly { label: string; method: OwnMethod }[] = [
  { label: 'decision 101 as settled', method: OWN_METHODS.find((m) => m.name === SETTLED)! },
  { label: 'window ending 2 h before', method: OWN_METHODS.find((m) => m.name === GAP_2H)! },
  { label: 'combined (decision 133)', method: AIMED_METHODS.find((m) => m.name === COMBINED)! },
];

const expectedDraw = AIMED_METHODS.find((m) => m.name === COMBINED_EXPECTED_DRAW)!;

// Decision 111's rules: today's curve, paid only once the saving passes z σ; 25 % of the baseline stands in for an unknown σ.
const RULES: readonly { label: string; rule: PointsRule }[] = [
  { label: 'target 10 %', rule: { kind: 'target', targetPercent: 10 } },
  { label: '+ 1.645 σ', rule: { kind: 'confidence', targetPercent: 10, z: 1.645, fallbackShare: 0.25 } },
  { label: '+ 2 σ', rule: { kind: 'confidence', targetPercent: 10, z: 2, fallbackShare: 0.25 } },
];

type EventRow = {
  seed: number;
  end: LocalDate;
  date: LocalDate;
  counterfactualKwh: number;
  actualKwh: number;
  productionKwh: number;
  noiseKwh: number | null;
  /** Each σ candidate (NOISE_CANDIDATES) for the event, by name, and how many days each was read from. */
  noise: Record<string, number | null>;
  noiseDays: Record<string, number>;
  /** Per method label: baseline kWh or null (no baseline: not settled). */
  baseline: Map<string, number | null>;
  /**
   * Decision 101's rule on consumption with production 0, as demo-event-points.test.ts seeds it, points under each
   * rule (σ on consumption too): the check against decision 101's 15 of 20 and decision 111's 9 and 5. Null: no baseline.
   */
  consumptionPoints: number[] | null;
};

function arg(name: string, fallback: string): string {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
}

function run(seed: number, end: LocalDate): EventRow[] {
  const now = new Date(`${end}T18:00:00Z`);
  const today = localDateOf(now, TORONTO.timeZone);
  const year = Number(today.slice(0, 4));
  const holidays = provincialHolidayDates('ON', year - 1, year + 1);
  const eventDays = pastDemoEventDays(today, BACKFILL_DAYS, new Set(holidays));
  const backfillFromMs = now.getTime() - BACKFILL_DAYS * 86_400_000;
  const eventWindows = eventDays.map((d) => {
    const start = zonedTimeToUtc(d, EVENT_START_HOUR, 0, TORONTO.timeZone).getTime();
    return { start, end: start + EVENT_HOURS * 3_600_000 };
  });
  const isShedding = (ms: number) => eventWindows.some((w) => ms >= w.start && ms < w.end);

  const draw = new Map<LocalDate, Record<string, number>>();
  const gross = new Map<LocalDate, Record<string, number>>();
  const production = new Map<LocalDate, Record<string, number>>();
  const consumption = new Map<LocalDate, Record<string, number>>();
  const counterfactual = new Map<LocalDate, Record<string, number>>();
  const eventSet = new Set(eventDays);
  for (const date of localDatesInRange(addDays(today, -BACKFILL_DAYS), addDays(today, -1))) {
    const day: Record<string, number> = {};
    const grossDay: Record<string, number> = {};
    const productionDay: Record<string, number> = {};
    const consumptionDay: Record<string, number> = {};
    const counterfactualDay: Record<string, number> = {};
    for (let minute = FIRST_MINUTE; minute < LAST_MINUTE; minute += 5) {
      const at = zonedTimeToUtc(date, Math.floor(minute / 60), minute % 60, TORONTO.timeZone);
      // The back-fill starts 90 days before now: earlier slots have no readings.
      if (at.getTime() < backfillFromMs) continue;
      const key = clock(minute);
      const { meter } = simulateInterval(DEMO_HOUSEHOLD, at, seed, { isShedding });
      day[key] = Math.max(0, meter.gridImportKwh - meter.gridExportKwh);
      // Gross load as a meter with a production register reports it (decision 126): import − export + production.
      grossDay[key] = meter.gridImportKwh - meter.gridExportKwh + meter.productionKwh;
      productionDay[key] = meter.productionKwh;
      consumptionDay[key] = meter.consumptionKwh;
      if (eventSet.has(date) && isShedding(at.getTime())) {
        const without = simulateInterval(DEMO_HOUSEHOLD, at, seed).meter;
        counterfactualDay[key] = Math.max(0, without.gridImportKwh - without.gridExportKwh);
      }
    }
    draw.set(date, day);
    gross.set(date, grossDay);
    production.set(date, productionDay);
    consumption.set(date, consumptionDay);
    if (eventSet.has(date)) counterfactual.set(date, counterfactualDay);
  }

  const region: Region = { id: 0, city: TORONTO, season: 'winter', dates: [], holidays, events: [], eventDates: eventDays };
  const rows: EventRow[] = [];
  for (const [i, date] of [...eventDays].sort().entries()) {
    const ctx: OwnContext = {
      region,
      event: { id: i, date, startHour: EVENT_START_HOUR, hours: EVENT_HOURS, placebo: false },
      readings: draw,
      temperatureC: new Map(),
      calledDates: eventDays,
      gross,
      production,
      // The demo's production days are whole days: nothing before them.
      morningProduction: null,
      battery: false,
      counterfactualDay: null,
    };
    const slots = Object.keys(counterfactual.get(date)!);
    const sum = (m: Map<LocalDate, Record<string, number>>) => slots.reduce((s, k) => s + m.get(date)![k]!, 0);
    const baseline = new Map(METHODS.map(({ label, method }) => [label, method.run(ctx)] as const));
    // Decision 141's baseline, under the name its held rule settles on (the demo has no comparison group: its own days or none).
    baseline.set(DECISION_141.baseline!, expectedDraw.run(ctx));
    const sigmas = noiseCandidates(ctx);
    const onConsumption: OwnContext = { ...ctx, readings: consumption, gross: null, production: null };
    const settledOnConsumption = METHODS[0]!.method.run(onConsumption);
    const consumptionNoise = homeNoiseKwh(onConsumption);
    const consumed = sum(consumption);
    rows.push({
      seed,
      end,
      date,
      counterfactualKwh: sum(counterfactual),
      actualKwh: sum(draw),
      productionKwh: sum(production),
      noiseKwh: homeNoiseKwh(ctx),
      noise: sigmas.kwh,
      noiseDays: sigmas.days,
      baseline,
      consumptionPoints:
        settledOnConsumption === null ? null : RULES.map(({ rule }) => pointsUnderRule(rule, { baselineKwh: settledOnConsumption, actualKwh: consumed, noiseKwh: consumptionNoise })),
    });
  }
  return rows;
}

const paidUnder = (rule: PointsRule, row: EventRow, baselineKwh: number) => pointsUnderRule(rule, { baselineKwh, actualKwh: row.actualKwh, noiseKwh: row.noiseKwh });
/** What the true cut earns under the rule: the counterfactual as the baseline, the same σ (the harness's judge). */
const earnedUnder = (rule: PointsRule, row: EventRow) => paidUnder(rule, row, row.counterfactualKwh);
/** What the true cut earns under today's rule: what a member who cut expects. */
const earnedToday = (row: EventRow) => paidUnder(RULES[0]!.rule, row, row.counterfactualKwh);

type Cell = { settled: number; paid: number; n: number; meanPaid: number; meanEarned: number; meanEarnedToday: number; trueCutPaid: number; bothPaid: number };

function cell(rows: readonly EventRow[], label: string, rule: PointsRule): Cell {
  const settled = rows.filter((r) => r.baseline.get(label) !== null);
  let paid = 0;
  let sumPaid = 0;
  let sumEarned = 0;
  let sumToday = 0;
  let trueCutPaid = 0;
  let bothPaid = 0;
  for (const r of settled) {
    const p = paidUnder(rule, r, r.baseline.get(label)!);
    if (p > 0) paid++;
    const earned = earnedUnder(rule, r);
    if (earned > 0) trueCutPaid++;
    if (earned > 0 && p > 0) bothPaid++;
    sumPaid += p;
    sumEarned += earned;
    sumToday += earnedToday(r);
  }
  const n = settled.length;
  return { settled: n, paid, n: rows.length, meanPaid: sumPaid / n, meanEarned: sumEarned / n, meanEarnedToday: sumToday / n, trueCutPaid, bothPaid };
}

const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const signed = (x: number) => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${x.toFixed(1)} %` : '–');

const SIGMA_HEADING =
  'σ candidates (NOISE_CANDIDATES) on combined: events paid of those settled, to the summer end / the November end / both; mean σ (kWh) in summer / November; the events the true cut earns in under the same rule and σ (paid in them).';

const SIGMA_RULES: readonly PointsRule[] = [
  { kind: 'confidence', targetPercent: 10, z: 1.645, fallbackShare: 0.25 },
  { kind: 'confidence', targetPercent: 10, z: 2, fallbackShare: 0.25 },
  { kind: 'noise_band', targetPercent: 10, k: 1.645, fallbackShare: 0.25 },
  { kind: 'noise_band', targetPercent: 10, k: 2, fallbackShare: 0.25 },
  { kind: 'noise_band', targetPercent: 5, k: 1.645, fallbackShare: 0.25 },
  { kind: 'noise_band', targetPercent: 5, k: 2, fallbackShare: 0.25 },
];

function sigmaTable(): string[] {
  const label = METHODS[2]!.label;
  const lines: string[] = [];
  // The yardstick's own check: the spread of combined's real error on these events (baseline − what the home would have drawn).
  for (const end of ends) {
    const errors = all.filter((r) => r.end === end && r.baseline.get(label) != null).map((r) => r.baseline.get(label)! - r.counterfactualKwh);
    const mean = errors.reduce((s, e) => s + e, 0) / errors.length;
    const sd = Math.sqrt(errors.reduce((s, e) => s + (e - mean) ** 2, 0) / (errors.length - 1));
    const rms = Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length);
    const cut = all.filter((r) => r.end === end).reduce((s, r) => s + r.counterfactualKwh - r.actualKwh, 0) / errors.length;
    lines.push(`- To ${end}: combined's error on the ${errors.length} events has mean ${signed((mean / cut) * 100)} of the true cut (${f(mean)} kWh), sd ${f(sd)} kWh, RMS ${f(rms)} kWh; the true cut is ${f(cut)} kWh, ${f(cut / sd)} sd.`);
  }
  lines.push('');
  lines.push('| σ candidate | Rule | Paid: summer / November / both | Paid had it not cut (the demo\'s own placebo), both | Mean σ: summer / November | True cut earns in (paid in them), both | Mean paid / true cut earns, same rule |', '|---|---|---|---|---|---|---|');
  for (const { name } of NOISE_CANDIDATES) {
    const as = (rows: readonly EventRow[]) => rows.map((r) => ({ ...r, noiseKwh: r.noise[name] ?? null }));
    for (const rule of SIGMA_RULES) {
      const byEnd = ends.map((end) => cell(as(all.filter((r) => r.end === end)), label, rule));
      const both = cell(as(all), label, rule);
      const sigma = ends.map((end) => {
        const rows = all.filter((r) => r.end === end);
        return f(rows.reduce((s, r) => s + (r.noise[name] ?? Number.NaN), 0) / rows.length);
      });
      const placebo = as(all).filter((r) => r.baseline.get(label) != null && pointsUnderRule(rule, { baselineKwh: r.baseline.get(label)!, actualKwh: r.counterfactualKwh, noiseKwh: r.noiseKwh }) > 0).length;
      lines.push(`| ${name} | ${describeRule(rule)} | ${byEnd.map((c) => `${c.paid}/${c.settled}`).join(' / ')} / **${both.paid}/${both.settled}** | ${placebo}/${both.settled} | ${sigma.join(' / ')} | ${both.trueCutPaid} (${both.bothPaid}) | ${f(both.meanPaid, 0)} / ${f(both.meanEarned, 0)} |`);
    }
  }
  return lines;
}

/**
 * Points held until proven on combined: each seed and end date is one member's season of events,
 * oldest first. Its events paid at once (σ test), released at their own settlement or at a later
 * event, held and never paid, and earning nothing under target 10 %; then the same season had the
 * household not cut (the actual its draw without the event): what it would be paid for noise alone.
 */
function heldTable(): string[] {
  const target = RULES[0]!.rule;
  const lines = [
    'Points held until proven on combined, decision 141\'s rule on its own baseline (combined with the expected draw, the demo household\'s branch) (each seed and end a season of 20 events, oldest first): events paid at once / released at settlement / released later (and how many events later, on average) / held, never paid / earning nothing under target 10 %, points paid against what the true cut earns under target 10 %; and had it not cut, the events paid (at once + released).',
    '',
    '| Rule | Scope | At once / released at settlement / released later / never / nothing | Released later: mean wait (events) | Paid in all | Points paid / true cut earns | Had it not cut: paid (at once + released) |',
    '|---|---|---|---|---|---|---|',
  ];
  // Combined (decision 133) unless the rule settles on its own baseline (decision 141's expected draw).
  const baselineOf = (held: HeldRule) => held.baseline ?? METHODS[2]!.label;
  const season = (rows: readonly EventRow[], actual: (r: EventRow) => number, held: HeldRule) =>
    rows.filter((r) => r.baseline.get(baselineOf(held)) != null).map((r) => {
      const baselineKwh = r.baseline.get(baselineOf(held))!;
      // The held rule is given the raw σ, or the σ candidate its row names; the target points read no σ.
      // The demo household has panels and no battery: the gross-load branch.
      const sigmaName = held.sigma === undefined ? NOISE_CANDIDATES[0]!.name : heldSigmaName(held.sigma, true);
      const noiseKwh = held.sigma === undefined ? r.noiseKwh : (r.noise[sigmaName] ?? null);
      const noiseDays = held.withDays ? (r.noiseDays[sigmaName] ?? null) : null;
      return { baselineKwh, actualKwh: actual(r), noiseKwh, noiseDays, targetPoints: pointsUnderRule(target, { baselineKwh, actualKwh: actual(r), noiseKwh: r.noiseKwh }) };
    });
  for (const held of [...HELD_RULES, ...HELD_SIGMA_RULES, DECISION_141]) {
    const { label: ruleLabel, rule } = held;
    const label = baselineOf(held);
    for (const scope of [...ends.map((end) => ({ name: `to ${end}`, end })), { name: 'both ends', end: null }]) {
      const counts = { paid_at_once: 0, released: 0, released_later: 0, held: 0, none: 0 };
      const placebo = { paid_at_once: 0, released: 0 };
      let paid = 0;
      let earned = 0;
      let n = 0;
      let waited = 0;
      for (const seed of seeds) {
        for (const end of ends.filter((e) => scope.end === null || e === scope.end)) {
          const rows = all.filter((r) => r.seed === seed && r.end === end);
          const results = pointsHeldUntilProven(season(rows, (r) => r.actualKwh, held), rule);
          results.forEach((r, i) => {
            counts[r.status === 'released' && r.releasedAt !== i ? 'released_later' : r.status]++;
            if (r.releasedAt !== null) waited += r.releasedAt - i;
            paid += r.points;
          });
          earned += rows.filter((r) => r.baseline.get(label) != null).reduce((s, r) => s + earnedToday(r), 0);
          n += results.length;
          for (const r of pointsHeldUntilProven(season(rows, (x) => x.counterfactualKwh, held), rule)) if (r.status === 'paid_at_once' || r.status === 'released') placebo[r.status]++;
        }
      }
      lines.push(`| ${ruleLabel} | ${scope.name} | ${counts.paid_at_once} / ${counts.released} / ${counts.released_later} / ${counts.held} / ${counts.none} of ${n} | ${f(waited / counts.released_later, 1)} | **${counts.paid_at_once + counts.released + counts.released_later}** | ${f(paid / n, 0)} / ${f(earned / n, 0)} | ${placebo.paid_at_once + placebo.released} (${placebo.paid_at_once} + ${placebo.released}) |`);
    }
  }
  // What decision 141 gives the demo household: the expected draw's σ and how many days it was read from.
  const sigmaName = heldSigmaName(DECISION_141.sigma!, true);
  const settled = all.filter((r) => r.baseline.get(baselineOf(DECISION_141)) != null);
  const days = settled.map((r) => r.noiseDays[sigmaName] ?? 0);
  lines.push('', `Decision 141 on the demo household: ${settled.length} of ${all.length} events with a baseline; σ of the expected draw's days ${f(settled.reduce((s, r) => s + (r.noise[sigmaName] ?? Number.NaN), 0) / settled.length)} kWh on average, read from ${Math.min(...days)}–${Math.max(...days)} days (mean ${f(days.reduce((s, d) => s + d, 0) / days.length, 1)}).`);
  return lines;
}

const seeds = arg('seeds', '1,2,3,4,5').split(',').map(Number);
const ends = arg('ends', '2026-08-28,2026-11-28').split(',') as LocalDate[];
const tableSeed = Number(arg('table-seed', String(seeds[0])));
const started = Date.now();
const all: EventRow[] = [];
for (const seed of seeds) for (const end of ends) all.push(...run(seed, end));

const out: string[] = [];
out.push(`Demo household, seeds ${seeds.join(', ')}, back-fill of ${BACKFILL_DAYS} days to ${ends.join(' and ')}, events 18:00–19:00 as the seeder makes them; ${all.length} events (${((Date.now() - started) / 1000).toFixed(1)} s).`);
out.push('');
out.push('Events paid (of those settled), mean points paid, and what the true cut earns under the same rule / under today\'s rule (target 10 %).');
out.push('');
out.push('| Scope | Baseline | Rule | Paid / settled | Mean paid | True cut earns, same rule | Events the true cut earns in, same rule (paid in them) | True cut earns, today\'s rule |');
out.push('|---|---|---|---|---|---|---|---|');
const scopes: { label: string; rows: EventRow[] }[] = [];
for (const end of ends) scopes.push({ label: `seeds ${seeds.join(', ')}, to ${end}`, rows: all.filter((r) => r.end === end) });
scopes.push({ label: `seeds ${seeds.join(', ')}, both ends`, rows: all });
for (const scope of scopes) {
  for (const { label } of METHODS) {
    for (const { label: ruleLabel, rule } of RULES) {
      const c = cell(scope.rows, label, rule);
      out.push(`| ${scope.label} | ${label} | ${ruleLabel} | ${c.paid} / ${c.settled}${c.settled < c.n ? ` (of ${c.n})` : ''} | ${f(c.meanPaid, 0)} | ${f(c.meanEarned, 0)} | ${c.trueCutPaid} (${c.bothPaid}) | ${f(c.meanEarnedToday, 0)} |`);
    }
  }
}
out.push('');
out.push('Per seed and end date, events paid under target 10 % / + 1.645 σ / + 2 σ, for each baseline (every event settled):');
out.push('');
out.push('| Seed | End | Events | True cut (mean) | Decision 101 | 2 h window | Combined | Combined: σ / true cut (mean kWh) | Check: 101 on consumption, production 0 (σ on consumption) |');
out.push('|---|---|---|---|---|---|---|---|---|');
for (const seed of seeds) {
  for (const end of ends) {
    const rows = all.filter((r) => r.seed === seed && r.end === end);
    const triple = (label: string) => RULES.map(({ rule }) => cell(rows, label, rule).paid).join(' / ');
    const cut = rows.reduce((s, r) => s + (r.counterfactualKwh - r.actualKwh) / r.counterfactualKwh, 0) / rows.length;
    const sigma = rows.reduce((s, r) => s + (r.noiseKwh ?? Number.NaN), 0) / rows.length;
    const cutKwh = rows.reduce((s, r) => s + r.counterfactualKwh - r.actualKwh, 0) / rows.length;
    const check = RULES.map((_, k) => rows.filter((r) => (r.consumptionPoints?.[k] ?? 0) > 0).length).join(' / ');
    out.push(`| ${seed} | ${end} | ${rows.length} | ${signed(cut * 100)} | ${triple(METHODS[0]!.label)} | ${triple(METHODS[1]!.label)} | ${triple(METHODS[2]!.label)} | ${f(sigma)} / ${f(cutKwh)} | ${check} of ${rows.length} |`);
  }
}
out.push('');
out.push(`Per event, seed ${tableSeed}, combined (kWh of grid draw over 18:00–19:00; error = baseline ÷ counterfactual − 1; bars 1.645 σ and 2 σ; points under target 10 % / +1.645 σ / +2 σ; what the true cut earns under target 10 %).`);
out.push('');
out.push('| End | Event day | Sun in the event hour (kWh) | Would have drawn | Drew | True cut | σ | Bars | Decision 101: baseline, points | Combined baseline | Error | Points 10 % / 1.645 σ / 2 σ | True cut earns |');
out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const combined = METHODS[2]!.label;
for (const r of all.filter((x) => x.seed === tableSeed)) {
  const b = r.baseline.get(combined) ?? null;
  const b101 = r.baseline.get(METHODS[0]!.label) ?? null;
  const cut = r.counterfactualKwh - r.actualKwh;
  const bars = r.noiseKwh === null ? '–' : `${f(1.645 * r.noiseKwh)} / ${f(2 * r.noiseKwh)}`;
  const points = b === null ? '–' : RULES.map(({ rule }) => paidUnder(rule, r, b)).join(' / ');
  const settled101 = b101 === null ? '–' : `${f(b101)}, ${paidUnder(RULES[0]!.rule, r, b101)}`;
  out.push(`| ${r.end} | ${r.date} | ${f(r.productionKwh)} | ${f(r.counterfactualKwh)} | ${f(r.actualKwh)} | ${f(cut)} (${signed((cut / r.counterfactualKwh) * 100)}) | ${r.noiseKwh === null ? '–' : f(r.noiseKwh)} | ${bars} | ${settled101} | ${b === null ? '–' : f(b)} | ${b === null ? '–' : signed((b / r.counterfactualKwh - 1) * 100)} | ${points} | ${earnedToday(r)} |`);
}
out.push('');
out.push(...heldTable());
out.push('');
out.push(SIGMA_HEADING);
out.push('');
out.push(...sigmaTable());
console.log(out.join('\n'));

