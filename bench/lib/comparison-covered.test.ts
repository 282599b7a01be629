import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../packages/domain/src/local-time';
import { COMPARISON_ANY_DAYS, COMPARISON_COVERED, COMPARISON_COVERED_MEDIAN, COMPARISON_EVENT_DAY, COMPARISON_EVENT_DAY_GROSS, runComparisonCovered, type ComparisonEntry } from './baseline-candidates';

const SAT = '2026-01-10' as LocalDate;
const SUN = '2026-01-11' as LocalDate;

/** A home whose history holds the weekend's kWh over the event's hours; `days` are its days of the event's kind. */
function entry(id: string, opts: { called?: boolean; weekend?: [number, number]; eventKwh: number | null; windowKwh: number | null; days?: LocalDate[]; solar?: boolean }): ComparisonEntry {
  const history = new Map<LocalDate, number>(opts.weekend ? [[SAT, opts.weekend[0]], [SUN, opts.weekend[1]]] : []);
  return {
    home: { id, called: opts.called ?? false, stratum: 's', history, eventDayKwh: opts.eventKwh },
    target: { id, stratum: 's', history, days: opts.days ?? [] },
    anyDays: opts.weekend ? [SUN, SAT] : [],
    windowKwh: opts.windowKwh,
    solar: opts.solar ?? false,
  };
}

// Five peers: weekend usual 2, 2, 2, 4, 2 (means over Saturday and Sunday), event day 2.4, 2.2, 2.0, 2.0, 2.6.
const peers = [
  entry('p1', { weekend: [1.8, 2.2], eventKwh: 2.4, windowKwh: 1.0 }),
  entry('p2', { weekend: [2.0, 2.0], eventKwh: 2.2, windowKwh: 1.1 }),
  entry('p3', { weekend: [2.4, 1.6], eventKwh: 2.0, windowKwh: 1.0 }),
  entry('p4', { weekend: [4.0, 4.0], eventKwh: 2.0, windowKwh: 0.8 }),
  entry('p5', { weekend: [2.0, 2.0], eventKwh: 2.6, windowKwh: 1.3 }),
];

describe('the comparison group for a member without a day of the event kind', () => {
  it('reads its own usual over its weekend days and the peers’ change over the same days', () => {
    const member = entry('m', { called: true, weekend: [3.0, 1.0], eventKwh: 1.5, windowKwh: 0.9 });
    const r = runComparisonCovered([member, ...peers], member);
    // own 2.0 × Σ event 11.2 ÷ Σ usual 12 = 1.8667; median of the ratios 1.2, 1.1, 1.0, 0.5, 1.3 is 1.1 → 2.2.
    expect(r[COMPARISON_COVERED]).toBeCloseTo((2.0 * 11.2) / 12, 9);
    expect(r[COMPARISON_COVERED_MEDIAN]).toBeCloseTo(2.2, 9);
    // Settlement's fallback reads the same days the same way.
    expect(r[COMPARISON_ANY_DAYS]).toBeCloseTo((2.0 * 11.2) / 12, 9);
  });

  it('with no past day at all, reads the event day’s hours before it against the peers’ same hours', () => {
    const member = entry('m', { called: true, eventKwh: 1.5, windowKwh: 0.9 });
    const r = runComparisonCovered([member, ...peers], member);
    // own window 0.9 × Σ event 11.2 ÷ Σ window 5.2; median of 2.4, 2, 2, 2.5, 2 is 2.
    expect(r[COMPARISON_COVERED]).toBeCloseTo((0.9 * 11.2) / 5.2, 9);
    expect(r[COMPARISON_COVERED_MEDIAN]).toBeCloseTo(1.8, 9);
    // Decision 141's fallback had no event-day branch: no past day, no baseline.
    expect(r[COMPARISON_ANY_DAYS]).toBeNull();
    // Decision 144's has it, for a home without solar only.
    expect(r[COMPARISON_EVENT_DAY]).toBeCloseTo((0.9 * 11.2) / 5.2, 9);
    const sunny = entry('m', { called: true, eventKwh: 1.5, windowKwh: 0.9, solar: true });
    expect(runComparisonCovered([sunny, ...peers], sunny)[COMPARISON_EVENT_DAY]).toBeNull();
    const sunnyWithDays = entry('m', { called: true, weekend: [3.0, 1.0], eventKwh: 1.5, windowKwh: 0.9, solar: true });
    expect(runComparisonCovered([sunnyWithDays, ...peers], sunnyWithDays)[COMPARISON_EVENT_DAY]).toBeCloseTo((2.0 * 11.2) / 12, 9);
  });

  it('scores a solar home without a battery and with no past day on gross load against its area’s homes without a battery, less the event’s production slot by slot', () => {
    // Five solar peers on gross load: window 2.0, 2.2, 1.8, 4.0, 2.0 (the member's is 2.1), event 3.0, 3.3, 2.7, 5.0, 3.0.
    const solarPeer = (id: string, windowGross: number, eventGross: number) => ({
      ...entry(id, { eventKwh: 0.1, windowKwh: 0, solar: true }),
      gross: { windowKwh: windowGross, eventKwh: eventGross, productionBySlot: null },
    });
    const solarPeers = [solarPeer('q1', 2.0, 3.0), solarPeer('q2', 2.2, 3.3), solarPeer('q3', 1.8, 2.7), solarPeer('q4', 4.0, 5.0), solarPeer('q5', 2.0, 3.0)];
    // Its window's grid draw is 0 (midday sun): the net branch has nothing to move.
    const member = { ...entry('m', { called: true, eventKwh: 0.5, windowKwh: 0, solar: true }), gross: { windowKwh: 2.1, eventKwh: 1.0, productionBySlot: [0.4, 0.1, 0, 0] } };
    // Gross: 2.1 × Σ event 17.0 ÷ Σ window 12.0 = 2.975 over 4 slots, 0.74375 each; less production 0.4, 0.1, 0, 0:
    // 0.34375 + 0.64375 + 0.74375 + 0.74375 = 2.475.
    expect(runComparisonCovered([member, ...solarPeers], member)[COMPARISON_EVENT_DAY_GROSS]).toBeCloseTo(2.475, 9);
    expect(runComparisonCovered([member, ...solarPeers], member)[COMPARISON_EVENT_DAY]).toBeNull();
    // A slot whose production exceeds the load's share is 0, never negative: 0.74375 × 3 with the first slot at 0.
    const noon = { ...member, gross: { ...member.gross, productionBySlot: [1.2, 0, 0, 0] } };
    expect(runComparisonCovered([noon, ...solarPeers], noon)[COMPARISON_EVENT_DAY_GROSS]).toBeCloseTo(0.74375 * 3, 9);
    // A peer with a battery is left out: its gross midday holds its charging, its evening its discharge.
    const batteryPeer = { ...solarPeer('q6', 2.1, 0.5), battery: true };
    expect(runComparisonCovered([member, ...solarPeers, batteryPeer], member)[COMPARISON_EVENT_DAY_GROSS]).toBeCloseTo(2.475, 9);
    // A home without panels is a peer on its grid draw, its load: Σ event 20.15 ÷ Σ window 14.1.
    const gridPeer = { ...entry('g1', { eventKwh: 3.15, windowKwh: 2.1 }), gross: { windowKwh: 2.1, eventKwh: 3.15, productionBySlot: [0, 0, 0, 0] } };
    const perSlot = (2.1 * 20.15) / 14.1 / 4;
    expect(runComparisonCovered([member, ...solarPeers, gridPeer], member)[COMPARISON_EVENT_DAY_GROSS]).toBeCloseTo(perSlot - 0.4 + (perSlot - 0.1) + 2 * perSlot, 9);
    // A battery's evening follows its charge, not its load: left unscored.
    const battery = { ...member, battery: true };
    expect(runComparisonCovered([battery, ...solarPeers], battery)[COMPARISON_EVENT_DAY_GROSS]).toBeNull();
    // A home without solar is scored as decision 144 scores it.
    const grid = entry('m', { called: true, eventKwh: 1.5, windowKwh: 0.9 });
    expect(runComparisonCovered([grid, ...peers], grid)[COMPARISON_EVENT_DAY_GROSS]).toBeCloseTo((0.9 * 11.2) / 5.2, 9);
  });

  it('reads a new member’s σ from its peers’ ratios: its usual × their sample standard deviation, with their number', () => {
    const member = entry('m', { called: true, weekend: [3.0, 1.0], eventKwh: 1.5, windowKwh: 0.9 });
    // Ratios 1.2, 1.1, 1.0, 0.5, 1.3: mean 1.02, squared deviations 0.0324, 0.0064, 0.0004, 0.2704, 0.0784 = 0.388, ÷ 4.
    expect(runComparisonCovered([member, ...peers], member).peersSigma).toEqual({ kwh: expect.closeTo(2.0 * Math.sqrt(0.388 / 4), 9), peers: 5 });
    // With no past day, over the window: ratios 2.4, 2, 2, 2.5, 2, mean 2.18, deviations² 0.0484, 0.0324 × 3, 0.1024 = 0.248.
    const joined = entry('m', { called: true, eventKwh: 1.5, windowKwh: 0.9 });
    expect(runComparisonCovered([joined, ...peers], joined).peersSigma).toEqual({ kwh: expect.closeTo(0.9 * Math.sqrt(0.248 / 4), 9), peers: 5 });
    // A solar home with no past day is not scored by the group, so has no such σ.
    const sunny = entry('m', { called: true, eventKwh: 1.5, windowKwh: 0.9, solar: true });
    expect(runComparisonCovered([sunny, ...peers], sunny).peersSigma).toBeNull();
  });

  it('leaves out called homes, and needs five peers', () => {
    const member = entry('m', { called: true, eventKwh: 1.5, windowKwh: 0.9 });
    const fewer = [...peers.slice(0, 4), entry('p5', { called: true, weekend: [2, 2], eventKwh: 2.6, windowKwh: 1.3 })];
    const r = runComparisonCovered([member, ...fewer], member);
    expect(r[COMPARISON_COVERED]).toBeNull();
    expect(r[COMPARISON_COVERED_MEDIAN]).toBeNull();
  });
});
