import type { EventResult, MemberEvent } from '@peakwise/contracts/events.contract';
import { render, screen, within } from '@testing-library/react';
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
