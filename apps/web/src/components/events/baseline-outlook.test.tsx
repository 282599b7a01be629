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
    const estimate = { status: 'estimate', kind: 'weekday', days: ['2025-11-24'], baselineKwh: 0.6, targetKwh: 0.54, minimumCutKwh: 0.05, byGroup: true, byEventDay: true } as const satisfies BaselineOutlookView;
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

describe('a battery home whose panels’ production is measured, before the event (decision 147)', () => {
  const days = ['2025-11-21', '2025-11-20', '2025-11-19', '2025-11-18', '2025-11-17', '2025-11-14', '2025-11-13', '2025-11-12', '2025-11-11', '2025-11-10'];
  const estimate = { status: 'estimate', kind: 'weekday', days, baselineKwh: 1.6, targetKwh: 1.44, minimumCutKwh: 0.05, notAdjusted: true, fromGrid: true, sunMatched: true } as const satisfies BaselineOutlookView;
  const renderPage = (outlook: BaselineOutlookView) =>
    render(
      <MemoryRouter>
        <BaselineOutlook event={event} outlook={outlook} variant="page" />
      </MemoryRouter>,
    );

  it('says the figure is its days’ mean until the day picks the 5 nearest in sun', () => {
    renderPage(estimate);
    const text = plain(note().textContent);
    expect(text).toContain(
      'An estimate from your last 10 weekdays with complete readings. Because your home has a battery and solar panels whose output we measure, on the day its baseline will be taken from the 5 of these days whose panels produced the closest amount to the event day’s between midnight and the start of the event, with no same-day adjustment, so this figure is an estimate until the event starts.',
    );
    // Unlike a battery home's mean of all its days, this figure can still change.
    expect(text).not.toContain('won’t change on the day');
    expect(text).not.toContain('three hours');
  });

  it('names weekend days and holidays for a weekend event', () => {
    renderPage({ ...estimate, kind: 'weekend-or-holiday' });
    expect(plain(note().textContent)).toContain('An estimate from your last 10 weekend days and holidays with complete readings. Because your home has a battery and solar panels');
  });

  it('with no more days than are kept, says the figure won’t change, as for any battery home', () => {
    renderPage({ ...estimate, days: days.slice(0, 4) });
    const text = plain(note().textContent);
    expect(text).toContain('An estimate from your last 4 weekdays with complete readings. Because your home has a battery, its baseline is its usual use on similar recent days, with no same-day adjustment: this figure won’t change on the day.');
    expect(text).not.toContain('closest amount');
  });

  it('says it in French and Spanish', async () => {
    renderPage(estimate);
    await i18n.changeLanguage('fr');
    expect(plain((await screen.findByTestId('baseline-outlook')).textContent)).toContain(
      'le jour venu, sa référence sera tirée des 5 de ces jours où vos panneaux ont produit, de minuit au début de l’événement, la quantité la plus proche de celle de ce jour-là, sans ajustement le jour même : ce chiffre n’est donc qu’une estimation jusqu’au début de l’événement.',
    );
    await i18n.changeLanguage('es');
    expect(plain((await screen.findByTestId('baseline-outlook')).textContent)).toContain(
      'ese día su referencia se tomará de los 5 de estos días en que sus paneles produjeron la cantidad más parecida a la del día del evento entre la medianoche y el inicio del evento',
    );
  });
});

describe('a home whose usual draw is under the least cut an event pays for (decision 148)', () => {
  // An hour's event, whose least cut is 0.05 kWh: a battery home's usual 0.03 kWh.
  const below = { status: 'estimate', kind: 'weekday', days: ['2025-11-21'], baselineKwh: 0.03, targetKwh: 0, minimumCutKwh: 0.05, belowMinimumCut: true, notAdjusted: true } as const satisfies BaselineOutlookView;
  const small = { ...below, baselineKwh: 0.3, targetKwh: 0.25, belowMinimumCut: undefined } as const satisfies BaselineOutlookView;

  it('is told the event won’t pay it, and why, with no target to aim for', () => {
    expect(outlookCanPay(below)).toBe(false);
    renderOutlook(below);
    expect(note()).toHaveTextContent('This event won’t pay you points');
    expect(plain(note().textContent)).toContain('An event pays only for a cut of at least 0.05 kWh, more than your home usually draws from the grid then');
    expect(note()).not.toHaveTextContent('or less to earn');
  });

  it('is shown the least cut as its target, and on the event page why', () => {
    expect(outlookCanPay(small)).toBe(true);
    render(
      <MemoryRouter>
        <BaselineOutlook event={event} outlook={small} variant="page" />
      </MemoryRouter>,
    );
    expect(plain(note().textContent)).toContain('Use 0.25 kWh or less to earn 100 points.');
    expect(plain(note().textContent)).toContain('You need to use at least 0.05 kWh less: that’s the smallest cut an event pays for');
  });
});

describe('a solar home with no complete day, scored on the event day’s gross load (decision 144’s Since)', () => {
  const byEventDayGross = { ...byEventDay, grossLoad: true } as const satisfies BaselineOutlookView;

  it('can be paid, and is told how, with no figure before the event’s own sun, in English, French and Spanish', async () => {
    expect(outlookCanPay(byEventDayGross)).toBe(true);
    renderOutlook(byEventDayGross);
    expect(note()).toHaveTextContent('You’ll be scored against similar homes');
    expect(plain(note().textContent)).toContain(
      'your home’s use in the three hours ending two hours before the event, counted before your solar panels’ own power and at the same rate over the event, moves as the use of a group of at least 5 homes nearby that aren’t taking part moves from those hours into the event, and what your panels produce during the event is then taken off. Because it depends on the event’s own sun, the figure is known only after the event.',
    );
    // Not the sentence for a home without panels.
    expect(note()).not.toHaveTextContent('your use in the three hours ending two hours before the event, at the same rate');
    await i18n.changeLanguage('fr');
    expect(plain((await screen.findByTestId('baseline-outlook')).textContent)).toContain(
      'comptée avant l’énergie de vos panneaux solaires et au même rythme sur toute sa durée, varie comme celle d’un groupe d’au moins 5 domiciles près de chez vous',
    );
    await i18n.changeLanguage('es');
    expect(plain((await screen.findByTestId('baseline-outlook')).textContent)).toContain(
      'contado antes de la energía de sus paneles solares y al mismo ritmo durante todo el evento, varía como el de un grupo de al menos 5 hogares de su zona',
    );
  });
});
