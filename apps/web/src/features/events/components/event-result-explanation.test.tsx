import type { EventResult, MemberEvent } from '@peakwise/contracts/events.contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { EventResultExplanation } from './event-result-explanation';
import { EventResultPanel } from './event-result-panel';

// A summer evening event on Toronto's clock: 6–7 p.m. EDT is 22:00–23:00 UTC.
const event: MemberEvent = {
  id: '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11',
  programName: 'Ontario Peak Saver',
  startsAt: '2026-07-08T22:00:00.000Z',
  endsAt: '2026-07-08T23:00:00.000Z',
  timeZone: 'America/Toronto',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'settled',
  optedIn: true,
  canChange: false,
};

// A home that joined on the event day used 3.00 kWh over 1–4 p.m., the three hours ending two
// before the start: 1.00 kWh an hour, so 1.00 kWh over the event's hour. A group of 6 used 20 % more
// in the event than in those hours: 1.00 × 1.2 = 1.20 kWh stored. It used 1.00 kWh, 0.20 kWh (16.7 %)
// less, under the target of 1.20 × 0.9 = 1.08 kWh.
const result: EventResult = {
  outcome: 'settled',
  reason: null,
  baselineDays: ['2026-07-08'],
  dayKind: 'weekday',
  adjustmentMethod: 'comparison',
  adjustmentPeers: 6,
  adjustmentFactor: 1.2,
  adjustmentUnclamped: 1.2,
  adjustmentStatus: 'applied',
  baselineFromEventDay: true,
  baselineKwh: 1.2,
  actualKwh: 1,
  reductionKwh: 0.2,
  reductionPercent: 16.7,
  targetMet: true,
  points: 100,
  intervals: [],
  settledAt: '2026-07-08T23:20:00.000Z',
};

const explain = (patch: Partial<EventResult> = {}) => {
  render(<EventResultExplanation event={event} result={{ ...result, ...patch }} />);
  return plain(screen.getByTestId('result-explanation').textContent);
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('a result scored from the event day’s own hours (decision 144)', () => {
  it('takes the usual use from the hours before the event and says how the group moved from them', () => {
    const text = explain();
    expect(text).toContain(
      'You had no complete day of readings before this event, so your usual use was taken from the three hours ending two hours before it, at the same rate over the event: 1.00 kWh.',
    );
    expect(text).toContain(
      'A group of 6 similar homes nearby that weren’t called used 20% more during the event than in those hours, so your usual use was multiplied by 1.20 (from 1.00 kWh).',
    );
    expect(text).toContain('So your baseline was 1.20 kWh.');
    // Points and target read as for any group result.
    expect(text).toContain('You used 1.00 kWh during the event: 0.20 kWh less than your baseline');
    expect(text).toContain('1.08 kWh');
    expect(text).toContain('You met it, so you earned 100 points.');
    // It had no day of complete readings: none is named, and the group's change is not "than usual".
    expect(text).not.toContain('days with complete readings');
    expect(text).not.toContain('listed below');
    expect(text).not.toContain('than usual');
  });

  it('says the group used less, when it did', () => {
    // 1.00 kWh × 0.9 = 0.90 kWh: the group used 10 % less in the event than in those hours.
    const text = explain({ adjustmentFactor: 0.9, adjustmentUnclamped: 0.9, baselineKwh: 0.9, actualKwh: 0.8, reductionKwh: 0.1, reductionPercent: 11.1 });
    expect(text).toContain('your usual use was taken from the three hours ending two hours before it, at the same rate over the event: 1.00 kWh.');
    expect(text).toContain('A group of 6 similar homes nearby that weren’t called used 10% less during the event than in those hours, so your usual use was multiplied by 0.90 (from 1.00 kWh).');
  });

  it('says the baseline is the use in those hours unchanged when too few of the group’s readings arrived', () => {
    const text = explain({ adjustmentFactor: 1, adjustmentUnclamped: null, adjustmentStatus: 'missing_data', adjustmentPeers: null, baselineKwh: 1, actualKwh: 0.85, reductionKwh: 0.15, reductionPercent: 15 });
    expect(text).toContain(
      'Your baseline was 1.00 kWh: with no complete day of readings before this event, it was taken from your use in the three hours ending two hours before it, at the same rate over the event.',
    );
    expect(text).toContain(
      'Your baseline was to follow how a group of similar homes nearby that weren’t called changed from those hours into the event, but too few of their readings arrived, so it is your use in those hours, unchanged.',
    );
    expect(text).not.toContain('So your baseline was');
    expect(text).not.toContain('your usual use unchanged');
  });

  it('says it in French and Spanish', async () => {
    render(<EventResultExplanation event={event} result={result} />);
    await i18n.changeLanguage('fr');
    let text = plain((await screen.findByTestId('result-explanation')).textContent);
    expect(text).toContain(
      'Comme vous n’aviez aucun jour aux lectures complètes avant cet événement, votre consommation habituelle a été tirée des trois heures se terminant deux heures avant celui-ci, au même rythme sur toute sa durée : 1,00 kWh.',
    );
    expect(text).toContain(
      'Un groupe de 6 domiciles semblables près de chez vous qui n’étaient pas appelés a consommé 20 % de plus pendant l’événement que pendant ces heures, alors votre consommation habituelle a été multipliée par 1,20 (au lieu de 1,00 kWh).',
    );
    await i18n.changeLanguage('es');
    text = plain((await screen.findByTestId('result-explanation')).textContent);
    expect(text).toContain(
      'No tenía ningún día con lecturas completas antes de este evento, así que su consumo habitual se tomó de las tres horas que terminaron dos horas antes de él, al mismo ritmo durante todo el evento: 1,00 kWh.',
    );
    expect(text).toContain('Un grupo de 6 hogares parecidos de su zona a los que no se llamó consumió un 20 % más durante el evento que en esas horas');
  });

  it('lists no baseline days in the result panel: the event day is not a day of complete readings', () => {
    renderWithApi(<EventResultPanel event={event} result={result} />, () => new Response(null, { status: 404 }));
    const panel = screen.getByRole('heading', { level: 2 }).closest('section')!;
    expect(within(panel).queryByTestId('baseline-days')).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Days your baseline came from');
    expect(within(panel).getByTestId('result-explanation')).toBeInTheDocument();
  });

  it('still lists the days of a group result with days of its own', () => {
    renderWithApi(
      <EventResultPanel event={event} result={{ ...result, baselineFromEventDay: undefined, baselineDays: ['2026-07-06', '2026-07-07'] }} />,
      () => new Response(null, { status: 404 }),
    );
    expect(screen.getByTestId('baseline-days')).toBeInTheDocument();
    expect(plain(screen.getByTestId('result-explanation').textContent)).toContain('over your 2 days with complete readings, listed below.');
  });
});

describe('a battery home scored on its days nearest in sun (decision 147)', () => {
  // Its panels made 8.20 kWh from midnight to 6 p.m. on the event day; of its last 10 weekdays, the 5
  // nearest made 7.10–9.40 kWh over the same hours and drew 1.60 kWh from the grid over the event on average.
  const sunMatched: Partial<EventResult> = {
    baselineDays: ['2026-07-07', '2026-07-03', '2026-07-02', '2026-06-30', '2026-06-25'],
    dayKind: 'weekday',
    adjustmentMethod: 'none',
    adjustmentPeers: null,
    adjustmentFactor: 1,
    adjustmentUnclamped: null,
    adjustmentStatus: 'not_adjusted_battery',
    baselineFromEventDay: undefined,
    fromGrid: true,
    sunMatched: { todayKwh: 8.2, fromKwh: 7.1, toKwh: 9.4, ofDays: 10 },
    baselineKwh: 1.6,
    actualKwh: 1.2,
    reductionKwh: 0.4,
    reductionPercent: 25,
  };

  it('names the days it kept, what their panels made against the event day’s, and why', () => {
    const text = explain(sunMatched);
    expect(text).toContain('Your home has solar panels, so every figure here is what it drew from the grid, after what the panels supplied.');
    expect(text).toContain(
      'Your baseline was 1.60 kWh: what your home drew from the grid at these times on average over the 5 of your last 10 weekdays with complete readings whose solar panels produced the closest amount to the event day’s between midnight and the start of the event, listed below.',
    );
    expect(text).toContain('From midnight to the start of the event, your panels produced between 7.10 kWh and 9.40 kWh on those days, against 8.20 kWh on the event day.');
    expect(text).toContain(
      'Because your home has a battery, a sunnier day leaves it more charged to cover your use during the event, so days with similar sun are the fair comparison. There was no same-day adjustment: a battery charged or held for the event makes the hours before it unlike your usual ones.',
    );
    // The rest reads as for any result.
    expect(text).toContain('You used 1.20 kWh during the event: 0.40 kWh less than your baseline (25%).');
    expect(text).toContain('The target was 1.44 kWh or less, 10% below your baseline.');
    expect(text).toContain('You met it, so you earned 100 points.');
    // Not the sentences of a battery home scored on all its days.
    expect(text).not.toContain('its baseline is its usual use on similar recent days');
    expect(text).not.toContain('on average over your last 5 weekdays');
    expect(text).not.toContain('So your baseline was');
  });

  it('says weekend days and holidays, and one figure when the kept days all made the same', () => {
    const text = explain({ ...sunMatched, dayKind: 'weekend-or-holiday', sunMatched: { todayKwh: 0.4, fromKwh: 0, toKwh: 0, ofDays: 8 } });
    expect(text).toContain('on average over the 5 of your last 8 weekend days and holidays with complete readings whose solar panels produced the closest amount');
    expect(text).toContain('From midnight to the start of the event, your panels produced 0.00 kWh on each of those days, against 0.40 kWh on the event day.');
    expect(text).not.toContain('between 0.00 kWh and 0.00 kWh');
  });

  it('reads as any battery home’s when it had no more days than it keeps', () => {
    const text = explain({ ...sunMatched, sunMatched: { todayKwh: 8.2, fromKwh: 7.1, toKwh: 9.4, ofDays: 5 } });
    expect(text).toContain('Your baseline was 1.60 kWh: what your home used at these times on average over your last 5 weekdays with complete readings, listed below.');
    expect(text).toContain('Because your home has a battery, its baseline is its usual use on similar recent days, with no same-day adjustment');
    expect(text).not.toContain('closest amount');
  });

  it('says it in French and Spanish', async () => {
    render(<EventResultExplanation event={event} result={{ ...result, ...sunMatched }} />);
    await i18n.changeLanguage('fr');
    let text = plain((await screen.findByTestId('result-explanation')).textContent);
    expect(text).toContain(
      'Votre référence était de 1,60 kWh : ce que votre domicile a tiré du réseau en moyenne à ces heures sur les 5 de vos 10 derniers jours de semaine aux lectures complètes où vos panneaux solaires ont produit, de minuit au début de l’événement, la quantité la plus proche de celle du jour de l’événement, indiqués ci-dessous.',
    );
    expect(text).toContain('De minuit au début de l’événement, vos panneaux ont produit de 7,10 kWh à 9,40 kWh ces jours-là, contre 8,20 kWh le jour de l’événement.');
    expect(text).not.toContain('sa référence est sa consommation habituelle lors de jours récents semblables');
    await i18n.changeLanguage('es');
    text = plain((await screen.findByTestId('result-explanation')).textContent);
    expect(text).toContain('en los 5 de sus últimos 10 días laborables con lecturas completas en que sus paneles solares produjeron la cantidad más parecida a la del día del evento');
    expect(text).toContain('De la medianoche al inicio del evento, sus paneles produjeron entre 7,10 kWh y 9,40 kWh esos días, frente a 8,20 kWh el día del evento.');
    expect(text).not.toContain('su referencia es su consumo habitual en días recientes similares');
  });
});

describe('the least cut an event pays for (decision 148)', () => {
  // An hour's event: the least cut is 0.05 kWh. A battery home's usual 0.30 kWh, 10 % of which is 0.03 kWh.
  const small: Partial<EventResult> = { adjustmentMethod: 'none', adjustmentStatus: 'not_adjusted_battery', adjustmentFactor: 1, adjustmentUnclamped: 1, baselineFromEventDay: undefined, baselineDays: ['2026-07-07'], minimumCutKwh: 0.05 };

  it('names the least cut as the target where it is more than the target’s percent, and says the cut fell short', () => {
    // 0.30 − 0.05 = 0.25 kWh is the most it could use; 0.27 used is a 10 % cut that is 0.03 kWh.
    const text = explain({ ...small, baselineKwh: 0.3, actualKwh: 0.27, reductionKwh: 0.03, reductionPercent: 10, targetMet: false, points: 0 });
    expect(text).toContain('The target was 0.25 kWh or less: at least 0.05 kWh below your baseline, the smallest cut an event of this length pays for.');
    expect(text).not.toContain('10% below your baseline');
    expect(text).toContain('That is short of the target, so this event earned no points');
  });

  it('says no use could earn when the baseline is under the least cut', () => {
    const text = explain({ ...small, baselineKwh: 0.04, actualKwh: 0, reductionKwh: 0.04, reductionPercent: 100, targetMet: false, points: 0 });
    expect(text).toContain('An event of this length pays only for a cut of at least 0.05 kWh. Your baseline was less than that, so no use could earn points this time.');
    expect(text).not.toContain('The target was');
    expect(text).not.toContain('short of the target');
  });

  it('keeps the target’s percent where it asks for more than the least cut, and on results settled before it', () => {
    expect(explain({ minimumCutKwh: 0.05 })).toContain('The target was 1.08 kWh or less, 10% below your baseline.');
    cleanup();
    expect(explain({ ...small, minimumCutKwh: undefined, baselineKwh: 0.04, actualKwh: 0, reductionKwh: 0.04, reductionPercent: 100 })).toContain('The target was 0.03 kWh or less, 10% below your baseline.');
  });

  it('says it in French and Spanish', async () => {
    await i18n.changeLanguage('fr');
    expect(explain({ ...small, baselineKwh: 0.04, actualKwh: 0, reductionKwh: 0.04, reductionPercent: 100, targetMet: false, points: 0 })).toContain('ne paie qu’une réduction d’au moins 0,05 kWh');
    cleanup();
    await i18n.changeLanguage('es');
    expect(explain({ ...small, baselineKwh: 0.3, actualKwh: 0.27, reductionKwh: 0.03, reductionPercent: 10, targetMet: false, points: 0 })).toContain('al menos 0,05 kWh por debajo de su referencia');
  });
});

describe('a solar result scored from the event day’s gross load (decision 144’s Since)', () => {
  // Its gross use over the window at the event's rate: 2.40 kWh; a group of 6 used 50 % more in the
  // event: 3.60 kWh; its panels made 0.18 kWh in the event, taken off: 3.42 kWh drawn from the grid.
  // It drew 3.06 kWh, 0.36 kWh (10.5 %) less, under the target of 3.42 × 0.9 = 3.07 kWh.
  const gross: Partial<EventResult> = {
    adjustmentFactor: 1.5,
    adjustmentUnclamped: 1.5,
    fromGrid: true,
    grossLoad: { usualKwh: 2.4, shiftKwh: 1.2, productionKwh: 0.18 },
    baselineKwh: 3.42,
    actualKwh: 3.06,
    reductionKwh: 0.36,
    reductionPercent: 10.5,
    points: 102,
  };

  it('says what its window’s use was before the panels’ power, what the group moved it by, and what the panels made', () => {
    const text = explain(gross);
    expect(text).toContain(
      'You had no complete day of readings before this event and your home has solar panels whose output we measure, so its usual use was taken from the three hours ending two hours before it, counted before the panels’ own power, at the same rate over the event: 2.40 kWh.',
    );
    expect(text).toContain('A group of 6 similar homes nearby that weren’t called used 50% more during the event than in those hours, so your usual use was multiplied by 1.50 (from 2.40 kWh).');
    expect(text).toContain(
      'What your panels produced during the event, 0.18 kWh, was then taken off, 5 minutes at a time and never below zero (when the panels cover your use, nothing is drawn from the grid), so your baseline was 3.42 kWh drawn from the grid.',
    );
    // Neither the days of a gross-load baseline nor a factor's "from" figure of the grid draw.
    expect(text).not.toContain('days with complete readings');
    expect(text).not.toContain('(from 2.28 kWh)');
  });

  it('says it in French and Spanish', async () => {
    render(<EventResultExplanation event={event} result={{ ...result, ...gross }} />);
    await i18n.changeLanguage('fr');
    let text = plain((await screen.findByTestId('result-explanation')).textContent);
    expect(text).toContain('comptée avant l’énergie des panneaux, au même rythme sur toute sa durée : 2,40 kWh.');
    expect(text).toContain('Ce que vos panneaux ont produit pendant l’événement, 0,18 kWh, a ensuite été retiré');
    await i18n.changeLanguage('es');
    text = plain((await screen.findByTestId('result-explanation')).textContent);
    expect(text).toContain('contado antes de la energía de los paneles, al mismo ritmo durante todo el evento: 2,40 kWh.');
    expect(text).toContain('Lo que sus paneles produjeron durante el evento, 0,18 kWh, se restó después');
  });
});
