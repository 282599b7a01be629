import type { BaselineOutlookView, MemberEvent } from '@peakwise/contracts/events.contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain } from '@/test/energy-test-utils';
import { BaselineOutlook, outlookCanPay } from './baseline-outlook';

const event: MemberEvent = {
  id: 'e1',
  programName: 'Ontario Peak Saver',
  startsAt: '2025-11-24T23:00:00.000Z',
  endsAt: '2025-11-25T00:00:00.000Z',
  timeZone: 'America/Toronto',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'scheduled',
  optedIn: true,
  canChange: true,
};

// A home that joined today: no complete day, none to come before the event.
const noDays = { status: 'insufficient_history', kind: 'weekday', days: [], needed: 5, daysLeft: 0 } as const satisfies BaselineOutlookView;
const byEventDay = { ...noDays, byEventDay: true } as const satisfies BaselineOutlookView;

const renderOutlook = (outlook: BaselineOutlookView) =>
  render(
    <MemoryRouter>
      <BaselineOutlook event={event} outlook={outlook} variant="banner" />
    </MemoryRouter>,
  );

const note = () => screen.getByTestId('baseline-outlook');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a home with no complete day, scored on the event day (decision 144)', () => {
  it('can still be paid, unlike a home with no day and no way to score it', () => {
    expect(outlookCanPay(byEventDay)).toBe(true);
    expect(outlookCanPay(noDays)).toBe(false);
  });

  it('is told it will be scored against similar homes from its own hours before the event, with the ways to get readings', () => {
    renderOutlook(byEventDay);
    expect(note()).toHaveTextContent('You’ll be scored against similar homes');
    expect(note()).not.toHaveTextContent('won’t pay you points');
    expect(plain(note().textContent)).toContain(
      'Points need 5 weekdays of readings before the event; you have 0. With no full day of readings yet, you’re scored on the day itself: your use in the three hours ending two hours before the event, at the same rate over the event, moves as the use of a group of at least 5 similar homes nearby that aren’t taking part moves from those hours into the event. Keep your device connected until then.',
    );
    // Not the sentence for a home with days of its own for the group to move.
    expect(note()).not.toHaveTextContent('from the days you have');
    expect(within(note()).getByRole('link', { name: 'Connect a device' })).toHaveAttribute('href', '/app/devices?add=1');
    expect(within(note()).getByRole('link', { name: 'import your Green Button file' })).toHaveAttribute('href', '/app/settings/data#green-button');
  });

  it('says it in French and Spanish', async () => {
    renderOutlook(byEventDay);
    await i18n.changeLanguage('fr');
    const fr = plain((await screen.findByTestId('baseline-outlook')).textContent);
    expect(fr).toContain('Vous serez comparé à des domiciles semblables');
    expect(fr).toContain('vos points sont calculés le jour même : votre consommation des trois heures qui se terminent deux heures avant l’événement');
    await i18n.changeLanguage('es');
    const es = plain((await screen.findByTestId('baseline-outlook')).textContent);
    expect(es).toContain('Se le comparará con hogares parecidos');
    expect(es).toContain('sus puntos se calculan ese mismo día: su consumo en las tres horas que terminan dos horas antes del evento');
  });

  it('still tells a home with no day and no event-day scoring that the event won’t pay it', () => {
    renderOutlook(noDays);
    expect(note()).toHaveTextContent('This event won’t pay you points');
    expect(note()).not.toHaveTextContent('scored on the day itself');
  });

  it('once frozen on the event day’s window, its estimate says where the figure comes from, not “your one day”', () => {
    const estimate = { status: 'estimate', kind: 'weekday', days: ['2025-11-24'], baselineKwh: 0.6, targetKwh: 0.54, byGroup: true, byEventDay: true } as const satisfies BaselineOutlookView;
    render(
      <MemoryRouter>
        <BaselineOutlook event={event} outlook={estimate} variant="page" />
      </MemoryRouter>,
    );
    expect(plain(note().textContent)).toContain('With no full day of readings before today, this is your use in the three hours ending two hours before the event, at the same rate over the event.');
    expect(note()).not.toHaveTextContent('one day with complete readings');
  });

  it('a home with days of another kind only is told a group scores it over the days it has', () => {
    const byAnyDays = { ...noDays, byAnyDays: true } as const satisfies BaselineOutlookView;
    expect(outlookCanPay(byAnyDays)).toBe(true);
    renderOutlook(byAnyDays);
    expect(note()).toHaveTextContent('You’ll be scored against similar homes');
    expect(note()).toHaveTextContent('from the days you have');
    expect(note()).not.toHaveTextContent('scored on the day itself');
  });
});
