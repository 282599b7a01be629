import type { EventResult, MemberEvent, MemberEventDetail } from '@peakwise/contracts/events.contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import EventPage from './event-page';
import { expectChartUnit } from '@/test/chart-unit';

const ID = '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11';

const event = (patch: Partial<MemberEvent> = {}): MemberEvent => ({
  id: ID,
  programName: 'Ontario Peak Saver',
  startsAt: '2025-11-17T23:00:00.000Z',
  endsAt: '2025-11-18T00:00:00.000Z',
  timeZone: 'America/Toronto',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'settled',
  optedIn: true,
  canChange: false,
  ...patch,
});

const settled: EventResult = {
  outcome: 'settled',
  reason: null,
  baselineDays: ['2025-11-10', '2025-11-11'],
  adjustmentFactor: 1.08,
  baselineKwh: 2.4,
  actualKwh: 1.92,
  reductionKwh: 0.48,
  reductionPercent: 20,
  targetMet: true,
  points: 150,
  intervals: [
    { slot: '18:00', baselineKwh: 0.2, actualKwh: 0.16 },
    { slot: '18:05', baselineKwh: 0.2, actualKwh: null },
  ],
  settledAt: '2025-11-18T00:15:00.000Z',
};

function renderPage(detail: MemberEventDetail | Response) {
  return renderWithApi(
    <Routes>
      <Route path="/app/events/:id" element={<EventPage />} />
    </Routes>,
    (url) => (url === `/api/events/${ID}` ? (detail instanceof Response ? detail : Response.json(detail)) : new Response(null, { status: 404 })),
    `/app/events/${ID}`,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('EventPage', () => {
  describe('another event at the same time (decision 108)', () => {
    afterEach(() => i18n.changeLanguage('en'));
    // 6–8 p.m. in Toronto; the other program pays 7–8 p.m.
    const upcoming = event({ status: 'scheduled', optedIn: false, canChange: true, startsAt: '2025-11-17T23:00:00.000Z', endsAt: '2025-11-18T01:00:00.000Z' });
    const payShares = [
      { startsAt: '2025-11-17T23:00:00.000Z', endsAt: '2025-11-18T00:00:00.000Z', eventId: ID, programName: 'Ontario Peak Saver', thisEvent: true },
      { startsAt: '2025-11-18T00:00:00.000Z', endsAt: '2025-11-18T01:00:00.000Z', eventId: 'other', programName: 'Toronto Pilot', thisEvent: false },
    ];

    it('says before opting in which event pays which hours, in English and French', async () => {
      renderPage({ event: { ...upcoming, payShares }, result: null, outlook: null });
      const note = await screen.findByTestId('event-stacking', {}, { timeout: 5000 });
      expect(plain(note.textContent)).toContain('6–7 p.m.: paid by this event');
      expect(plain(note.textContent)).toContain('7–8 p.m.: paid by Toronto Pilot’s event');
      await i18n.changeLanguage('fr');
      expect(plain((await screen.findByTestId('event-stacking')).textContent)).toContain('19 h – 20 h : payé par l’événement de Toronto Pilot');
    });

    it('says why an exclusive program keeps the home out', async () => {
      renderPage({
        event: { ...upcoming, stackingConflict: { reason: 'this_program_exclusive', eventId: 'other', programName: 'Toronto Pilot', startsAt: payShares[1]!.startsAt, endsAt: payShares[1]!.endsAt } },
        result: null,
        outlook: null,
      });
      const note = await screen.findByTestId('event-stacking', {}, { timeout: 5000 });
      expect(plain(note.textContent)).toMatch(/You can’t join this event: your home takes part in Toronto Pilot’s event \(.*7–8 p\.m\.\)/);
    });
  });

  it('shows the terms and, for a settled result, the figures, the adjustment, the days and the chart with its table', async () => {
    renderPage({ event: event(), result: settled });
    const result = (await screen.findByRole('heading', { name: 'Your result' }, { timeout: 5000 })).closest('section')!;
    expect(plain(document.body.textContent)).toContain('Use at least 10% less than your baseline during the event to earn 100 points.');
    expect(plain(document.body.textContent)).toContain('up to 200 points for a cut of 30% or more');
    const text = plain(result.textContent);
    expect(text).toContain('You met the target of 10% below your baseline.');
    expect(text).toContain('Points earned150');
    expect(text).toContain('Baseline2.40 kWh');
    expect(text).toContain('Your use1.92 kWh');
    expect(text).toContain('Reduction20%');
    expect(text).toContain('multiplied by 1.08');
    // Local dates stay on their own day, whatever the zone.
    expect(within(result).getByTestId('baseline-days')).toHaveTextContent('Mon, Nov 10, 2025');
    expect(within(result).getByTestId('baseline-days')).toHaveTextContent('Tue, Nov 11, 2025');
    expectChartUnit(within(result).getByRole('img', { name: /Baseline 2.40.kWh, your use 1.92.kWh/ }), 'Values in kWh');
    const rows = within(result).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(plain(rows[1]!.textContent)).toContain('6:00 p.m.');
    // The interval that never arrived reads as missing, not as zero.
    expect(plain(rows[2]!.textContent)).toMatch(/No data/);
  });

  describe('points per kWh beyond the target (decision 113)', () => {
    afterEach(() => i18n.changeLanguage('en'));

    it('says what a kWh beyond the target pays before opting in, in English, French and Spanish', async () => {
      renderPage({ event: event({ status: 'scheduled', optedIn: false, canChange: true, pointsPerKwh: 20 }), result: null, outlook: null });
      await screen.findByRole('heading', { name: 'How it works' }, { timeout: 5000 });
      expect(plain(document.body.textContent)).toContain('On top of that, 20 points for each kWh you save beyond the target.');
      await i18n.changeLanguage('fr');
      expect(plain((await screen.findByText(/En plus/)).textContent)).toBe('En plus, 20 points par kWh économisé au-delà de l’objectif.');
      await i18n.changeLanguage('es');
      expect(plain((await screen.findByText(/Además/)).textContent)).toBe('Además, 20 puntos por cada kWh que ahorre por encima del objetivo.');
    });

    it('says nothing per kWh for a program that pays none', async () => {
      renderPage({ event: event({ status: 'scheduled', optedIn: false, canChange: true }), result: null, outlook: null });
      await screen.findByRole('heading', { name: 'How it works' }, { timeout: 5000 });
      expect(plain(document.body.textContent)).not.toContain('for each kWh');
    });

    it('says on the result how many of the points the kWh beyond the target paid', async () => {
      // 2.40 kWh baseline, 1.92 used: 0.48 saved, 0.24 of it beyond the 10 % target, at 20 points: 4 of 154.
      renderPage({ event: event({ pointsPerKwh: 20 }), result: { ...settled, points: 154, kwhPay: { pointsPerKwh: 20, kwhBeyondTarget: 0.24, points: 4 } } });
      const result = (await screen.findByRole('heading', { name: 'Your result' }, { timeout: 5000 })).closest('section')!;
      expect(plain(result.textContent)).toContain('Points earned154');
      expect(plain(result.textContent)).toContain('4 of these points pay for the 0.24 kWh saved beyond the target, at 20 points per kWh.');
      await i18n.changeLanguage('fr');
      expect(plain((await screen.findByText(/Dont 4 points/)).textContent)).toBe('Dont 4 points pour les 0,24 kWh économisés au-delà de l’objectif, à 20 points par kWh.');
    });
  });

  it('explains a missing baseline in plain words, with no figures', async () => {
    renderPage({
      event: event(),
      result: { ...settled, outcome: 'no_baseline', reason: 'insufficient_history', baselineDays: ['2025-11-10'], adjustmentFactor: null, baselineKwh: 0, actualKwh: 0, reductionKwh: 0, reductionPercent: null, targetMet: false, points: 0, intervals: [] },
    });
    const result = (await screen.findByRole('heading', { name: 'Your result' }, { timeout: 5000 })).closest('section')!;
    expect(result).toHaveTextContent('We couldn’t work out a baseline');
    expect(result).toHaveTextContent('doesn’t have enough similar recent days');
    expect(result).not.toHaveTextContent('kWh');
    expect(within(result).queryByRole('img')).not.toBeInTheDocument();
    expect(within(result).getByTestId('baseline-days')).toHaveTextContent('Nov 10');
  });

  it('explains missing readings', async () => {
    renderPage({ event: event(), result: { ...settled, outcome: 'insufficient_data', reason: 'missing_intervals', points: 0, targetMet: false } });
    const result = (await screen.findByRole('heading', { name: 'Your result' }, { timeout: 5000 })).closest('section')!;
    expect(result).toHaveTextContent('We couldn’t score this event');
    expect(result).not.toHaveTextContent('kWh');
  });

  it('says before the opt-in, beside the points it promises, that a small saving may be held until the season proves it (decision 140)', async () => {
    renderPage({ event: event({ status: 'scheduled', optedIn: false, canChange: true }), result: null, outlook: null });
    const terms = (await screen.findByRole('heading', { name: 'How it works' }, { timeout: 5000 })).closest('section')!;
    expect(plain(terms.textContent)).toContain('A saving too small to tell apart from your home’s usual day-to-day swing is held, not lost: it’s paid once your events this season, together, are clear of that swing.');
    await i18n.changeLanguage('fr');
    expect(await screen.findByText(/est mise en attente, pas perdue/)).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText(/queda retenido, no perdido/)).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('offers the opt-in before the start, with no result yet', async () => {
    renderPage({ event: event({ status: 'scheduled', optedIn: false, canChange: true }), result: null });
    expect(await screen.findByRole('button', { name: 'Opt In Now' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your result' })).not.toBeInTheDocument();
    // The standing choice is one link away, in Settings' notifications and events section.
    expect(screen.getByRole('link', { name: 'Opt me in to every event: change it in Settings' })).toHaveAttribute('href', '/app/settings/notifications#every-event');
  });

  it('tells a held-out home it is not needed this time, with nothing to opt in to or miss (decision 100)', async () => {
    renderPage({ event: event({ status: 'scheduled', optedIn: false, canChange: false, heldOut: true }), result: null, outlook: null });
    expect(await screen.findByRole('heading', { name: 'Not needed from your home this time' }, { timeout: 5000 })).toBeInTheDocument();
    const text = plain(document.body.textContent);
    expect(text).toContain('Yours was picked at random to sit this one out');
    expect(text).not.toContain('100 points');
    expect(screen.queryByRole('button', { name: /opt in/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('heading', { name: 'Votre foyer n’est pas sollicité cette fois' })).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { name: 'Esta vez no necesitamos a tu hogar' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('names the program in French for a member reading in French, in English otherwise', async () => {
    renderPage({ event: event({ programName: 'Québec Winter Challenge', programNameFr: 'Défi hivernal Québec' }), result: null, outlook: null });
    expect(await screen.findByText('Québec Winter Challenge', {}, { timeout: 5000 })).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('Défi hivernal Québec')).toBeInTheDocument();
    expect(screen.queryByText('Québec Winter Challenge')).toBeNull();
    await i18n.changeLanguage('en');
  });

  it('says an event outside the member’s area is not available', async () => {
    renderPage(Response.json({ error: { code: 'not_found', message: 'No such event.' } }, { status: 404 }));
    expect(await screen.findByText('This event isn’t available')).toBeInTheDocument();
  });

  describe('the baseline before the event and the result explained after (decision 098)', () => {
    afterEach(() => i18n.changeLanguage('en'));
    const upcoming = event({ status: 'scheduled', optedIn: false, canChange: true });

    it('shows the home’s usual use in the window and the most it can use for the points, before the opt-in', async () => {
      renderPage({ event: upcoming, result: null, outlook: { status: 'estimate', kind: 'weekday', days: ['2025-11-14', '2025-11-13', '2025-11-12', '2025-11-11', '2025-11-10'], baselineKwh: 2.4, targetKwh: 2.16, minimumCutKwh: 0.05 } });
      const note = await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 });
      expect(plain(note.textContent)).toContain('Your usual 6–7 p.m.: 2.40 kWh. Use 2.16 kWh or less to earn 100 points.');
      expect(plain(note.textContent)).toContain('An estimate from your last 5 weekdays with complete readings.');
      // Read before the choice it informs.
      expect(note.compareDocumentPosition(screen.getByRole('button', { name: 'Opt In Now' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('tells a home with two weekdays of history that it will be scored against similar homes, and how to get readings (decision 101)', async () => {
      renderPage({ event: upcoming, result: null, outlook: { status: 'insufficient_history', kind: 'weekday', days: ['2025-11-14', '2025-11-13'], needed: 5, daysLeft: 1 } });
      const note = await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 });
      expect(note).toHaveTextContent('You’ll be scored against similar homes');
      expect(note).toHaveTextContent('Points need 5 weekdays of readings before the event; you have 2.');
      expect(note).toHaveTextContent('a group of at least 5 similar homes nearby that aren’t taking part in this event');
      expect(note).not.toHaveTextContent('won’t pay you points');
      expect(within(note).getByRole('link', { name: 'Connect a device' })).toHaveAttribute('href', '/app/devices?add=1');
      expect(within(note).getByRole('link', { name: 'import your Green Button file' })).toHaveAttribute('href', '/app/settings/data#green-button');
      await i18n.changeLanguage('fr');
      expect(await screen.findByText('Vous serez comparé à des domiciles semblables')).toBeInTheDocument();
      await i18n.changeLanguage('es');
      expect(await screen.findByText('Se le comparará con hogares parecidos')).toBeInTheDocument();
    });

    it('tells a home with no complete day before the event that it will not pay it', async () => {
      renderPage({ event: upcoming, result: null, outlook: { status: 'insufficient_history', kind: 'weekday', days: [], needed: 5, daysLeft: 0 } });
      const note = await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 });
      expect(note).toHaveTextContent('This event won’t pay you points');
      expect(note).toHaveTextContent('That’s too few for this event, so it won’t pay you points.');
    });

    it('labels an estimate a comparison group will move, before the event', async () => {
      renderPage({ event: event({ status: 'scheduled', optedIn: true, canChange: true }), result: null, outlook: { status: 'estimate', kind: 'weekday', days: ['2025-11-14', '2025-11-13'], baselineKwh: 2.4, targetKwh: 2.16, minimumCutKwh: 0.05, byGroup: true } });
      const note = await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 });
      expect(plain(note.textContent)).toContain('An estimate from your 2 days with complete readings. With too few days of your own, you’re scored against a group of similar homes nearby');
    });

    it('says a solar home’s estimate is what it draws from the grid, in three languages, and nothing of it without solar (decision 112)', async () => {
      const estimate = { status: 'estimate' as const, kind: 'weekday' as const, days: ['2025-11-14', '2025-11-13', '2025-11-12', '2025-11-11', '2025-11-10'], baselineKwh: 2.4, targetKwh: 2.16, minimumCutKwh: 0.05 };
      const { unmount } = renderPage({ event: upcoming, result: null, outlook: { ...estimate, fromGrid: true } });
      const note = await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 });
      expect(plain(note.textContent)).toContain('Your home has solar panels, so these figures are what it draws from the grid, after what the panels supply.');
      await i18n.changeLanguage('fr');
      expect(await screen.findByText('Votre logement a des panneaux solaires, donc ces chiffres sont ce qu’il tire du réseau, après ce que les panneaux fournissent.')).toBeInTheDocument();
      await i18n.changeLanguage('es');
      expect(await screen.findByText('Su hogar tiene paneles solares, así que estas cifras son lo que toma de la red, después de lo que aportan los paneles.')).toBeInTheDocument();
      unmount();
      await i18n.changeLanguage('en');
      renderPage({ event: upcoming, result: null, outlook: estimate });
      expect(await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 })).not.toHaveTextContent('from the grid');
    });

    it('explains an additive adjustment in kWh from the stored figures (decision 101)', async () => {
      // 2.52 kWh stored with a factor of 1.05: 2.40 before it, 0.12 kWh added.
      renderPage({ event: event(), result: { ...settled, dayKind: 'weekday', baselineKwh: 2.52, adjustmentMethod: 'additive', adjustmentFactor: 1.05, adjustmentUnclamped: 1.05, adjustmentStatus: 'applied' }, outlook: null });
      const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).toContain('your home used more than usual; the same difference over the event’s length, 0.12 kWh, was added to the baseline (from 2.40 kWh).');
      expect(text).not.toContain('multiplied');
    });

    describe('the window ending two hours before, and battery homes on their days alone (decision 138)', () => {
      const days = ['2025-11-14', '2025-11-13', '2025-11-12', '2025-11-11', '2025-11-10'];
      const estimate = { status: 'estimate' as const, kind: 'weekday' as const, days, baselineKwh: 2.4, targetKwh: 2.16, minimumCutKwh: 0.05 };

      it('says which window moves the estimate: two hours before for a new row, one for a row frozen under decision 101, in three languages', async () => {
        const { unmount } = renderPage({ event: upcoming, result: null, outlook: { ...estimate, windowGapMinutes: 120 } });
        const note = await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 });
        expect(plain(note.textContent)).toContain('adjusted by how your use in the three hours ending two hours before the event differs from usual');
        expect(plain(note.textContent)).not.toContain('an hour before');
        await i18n.changeLanguage('fr');
        expect(plain((await screen.findByTestId('baseline-outlook')).textContent)).toContain('des trois heures qui se terminent deux heures avant l’événement');
        await i18n.changeLanguage('es');
        expect(plain((await screen.findByTestId('baseline-outlook')).textContent)).toContain('de las tres horas que terminan dos horas antes del evento');
        unmount();
        await i18n.changeLanguage('en');
        renderPage({ event: upcoming, result: null, outlook: { ...estimate, windowGapMinutes: 60 } });
        expect(plain((await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 })).textContent)).toContain('in the three hours ending an hour before the event');
      });

      it('tells a battery home, before the event, that its baseline is its usual use with no same-day adjustment, in three languages', async () => {
        renderPage({ event: event({ status: 'scheduled', optedIn: true, canChange: true }), result: null, outlook: { ...estimate, notAdjusted: true } });
        const note = plain((await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 })).textContent);
        expect(note).toContain('An estimate from your last 5 weekdays with complete readings. Because your home has a battery, its baseline is its usual use on similar recent days, with no same-day adjustment: this figure won’t change on the day.');
        expect(note).not.toContain('three hours');
        await i18n.changeLanguage('fr');
        expect(plain((await screen.findByTestId('baseline-outlook')).textContent)).toContain('Comme votre domicile a une batterie, sa référence est sa consommation habituelle lors de jours récents semblables, sans ajustement le jour même');
        await i18n.changeLanguage('es');
        expect(plain((await screen.findByTestId('baseline-outlook')).textContent)).toContain('Como su hogar tiene una batería, su referencia es su consumo habitual en días recientes similares, sin ajuste el mismo día');
      });

      it('explains an additive adjustment over the early window, and one stored without the gap as decision 101’s hour', async () => {
        const additive = { ...settled, dayKind: 'weekday' as const, baselineKwh: 2.52, adjustmentMethod: 'additive' as const, adjustmentFactor: 1.05, adjustmentUnclamped: 1.05, adjustmentStatus: 'applied' as const };
        const { unmount } = renderPage({ event: event(), result: { ...additive, adjustmentWindowGapMinutes: 120 }, outlook: null });
        const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
        expect(text).toContain('In the three hours ending two hours before the event your home used more than usual; the same difference over the event’s length, 0.12 kWh, was added to the baseline (from 2.40 kWh).');
        await i18n.changeLanguage('fr');
        expect(plain((await screen.findByTestId('result-explanation')).textContent)).toContain('Dans les trois heures se terminant deux heures avant l’événement, votre domicile a consommé plus que d’habitude');
        await i18n.changeLanguage('es');
        expect(plain((await screen.findByTestId('result-explanation')).textContent)).toContain('En las tres horas que terminan dos horas antes del evento su hogar consumió más de lo habitual');
        unmount();
        await i18n.changeLanguage('en');
        renderPage({ event: event(), result: { ...additive, baselineKwh: 2.4, adjustmentFactor: 1, adjustmentStatus: 'missing_data' }, outlook: null });
        expect(plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent)).toContain('Fewer than half of your readings for the three hours ending an hour before the event arrived');
      });

      it('explains a battery home’s result: its days alone, no same-day adjustment, in three languages', async () => {
        renderPage({ event: event(), result: { ...settled, dayKind: 'weekday', adjustmentMethod: 'none', adjustmentFactor: 1, adjustmentUnclamped: null, adjustmentStatus: 'not_adjusted_battery' }, outlook: null });
        const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
        expect(text).toContain('Your baseline was 2.40 kWh: what your home used at these times on average over your last 2 weekdays with complete readings');
        expect(text).toContain('Because your home has a battery, its baseline is its usual use on similar recent days, with no same-day adjustment');
        expect(text).not.toContain('three hours');
        expect(text).not.toContain('multiplied');
        await i18n.changeLanguage('fr');
        expect(plain((await screen.findByTestId('result-explanation')).textContent)).toContain('Comme votre domicile a une batterie, sa référence est sa consommation habituelle');
        await i18n.changeLanguage('es');
        expect(plain((await screen.findByTestId('result-explanation')).textContent)).toContain('Como su hogar tiene una batería, su referencia es su consumo habitual');
      });
    });

    it('says a solar home’s figures are what it drew from the grid, in three languages (decision 112)', async () => {
      renderPage({ event: event(), result: { ...settled, fromGrid: true }, outlook: null });
      const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).toContain('Your home has solar panels, so every figure here is what it drew from the grid, after what the panels supplied.');
      await i18n.changeLanguage('fr');
      expect(await screen.findByText('Votre logement a des panneaux solaires, donc chaque chiffre ici est ce qu’il a tiré du réseau, après ce que les panneaux ont fourni.')).toBeInTheDocument();
      await i18n.changeLanguage('es');
      expect(await screen.findByText('Su hogar tiene paneles solares, así que cada cifra aquí es lo que tomó de la red, después de lo que aportaron los paneles.')).toBeInTheDocument();
    });

    it('explains a gross-load result from its stored figures, in three languages (decision 138)', async () => {
      // Usual 3.10 kWh before the panels' power, +0.12 from the window, 0.82 kWh of evening sun off: 2.40.
      const grossLoad = { usualKwh: 3.1, shiftKwh: 0.12, productionKwh: 0.82 };
      renderPage({ event: event(), result: { ...settled, fromGrid: true, adjustmentMethod: 'additive', adjustmentStatus: 'applied', adjustmentUnclamped: 1.05, grossLoad }, outlook: null });
      const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).toContain('its usual use is counted before the panels’ own power: at these times it used 3.10 kWh on average over your last 2 days');
      expect(text).toContain('In the three hours ending two hours before the event your home used more than usual, counted the same way; the same difference over the event’s length, 0.12 kWh, was added.');
      expect(text).toContain('What your panels produced during the event, 0.82 kWh, was then taken off');
      expect(text).toContain('so your baseline was 2.40 kWh drawn from the grid.');
      // Not decision 101's sentences, whose figures (the baseline ÷ the factor) mean nothing here.
      expect(text).not.toContain('(from ');
      await i18n.changeLanguage('fr');
      expect(plain((await screen.findByTestId('result-explanation')).textContent)).toContain('Ce que vos panneaux ont produit pendant l’événement, 0,82 kWh, a ensuite été retiré');
      await i18n.changeLanguage('es');
      expect(plain((await screen.findByTestId('result-explanation')).textContent)).toContain('Lo que sus paneles produjeron durante el evento, 0,82 kWh, se restó después');
      await i18n.changeLanguage('en');
    });

    it('says before the event how a gross-load home will be scored (decision 138)', async () => {
      const estimate = { status: 'estimate' as const, kind: 'weekday' as const, days: ['2025-11-14', '2025-11-13', '2025-11-12', '2025-11-11', '2025-11-10'], baselineKwh: 2.4, targetKwh: 2.16, minimumCutKwh: 0.05, fromGrid: true as const };
      const { unmount } = renderPage({ event: upcoming, result: null, outlook: { ...estimate, grossLoad: true } });
      const note = plain((await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 })).textContent);
      expect(note).toContain('its usual use is counted before the panels’ own power');
      expect(note).toContain('what the panels produce during the event is then taken off');
      unmount();
      renderPage({ event: upcoming, result: null, outlook: estimate });
      expect(plain((await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 })).textContent)).not.toContain('before the panels’ own power');
    });

    it('says nothing of the grid for a home without solar', async () => {
      renderPage({ event: event(), result: settled, outlook: null });
      const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).not.toContain('from the grid');
    });

    it('explains a capped additive adjustment', async () => {
      // The uncapped 1.5 would have added 1.20 kWh to 2.40; 0.48 was (2.88 stored, factor 1.2).
      renderPage({ event: event(), result: { ...settled, baselineKwh: 2.88, adjustmentMethod: 'additive', adjustmentFactor: 1.2, adjustmentUnclamped: 1.5, adjustmentStatus: 'clamped' }, outlook: null });
      const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).toContain('used more than usual, 1.20 kWh over the event’s length; an adjustment stays within 20% of the baseline, so 0.48 kWh was added (from 2.40 kWh).');
    });

    it('explains a comparison group’s change', async () => {
      // A group of 6 used 10 % more than usual: 2.00 × 1.1 = 2.20 stored.
      renderPage({ event: event(), result: { ...settled, baselineKwh: 2.2, adjustmentMethod: 'comparison', adjustmentPeers: 6, adjustmentFactor: 1.1, adjustmentUnclamped: 1.1, adjustmentStatus: 'applied' }, outlook: null });
      const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).toContain('your baseline followed a group of 6 similar homes nearby that weren’t called: during the event they used 10% more than usual, so your usual use was multiplied by 1.10 (from 2.00 kWh).');
      expect(text).toContain('So your baseline was 2.20 kWh.');
    });

    it('names no kind of day for a comparison group’s days, which may be weekdays at a weekend event, in three languages', async () => {
      // A member with only weekdays, scored at a Saturday event over them (2.00 kWh usual × 1.1 = 2.20).
      const weekdays = { ...settled, dayKind: 'weekend-or-holiday' as const, baselineDays: ['2025-11-14', '2025-11-13', '2025-11-12'], baselineKwh: 2.2, adjustmentMethod: 'comparison' as const, adjustmentPeers: 6, adjustmentFactor: 1.1, adjustmentUnclamped: 1.1, adjustmentStatus: 'applied' as const };
      const { unmount } = renderPage({ event: event(), result: weekdays, outlook: null });
      let text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).toContain('At these times your home used 2.00 kWh on average over your 3 days with complete readings, listed below.');
      expect(text).not.toContain('weekend');
      await i18n.changeLanguage('fr');
      text = plain((await screen.findByTestId('result-explanation')).textContent);
      expect(text).toContain('À ces heures, votre domicile a consommé en moyenne 2,00 kWh sur vos 3 jours aux lectures complètes, indiqués ci-dessous.');
      await i18n.changeLanguage('es');
      text = plain((await screen.findByTestId('result-explanation')).textContent);
      expect(text).toContain('A estas horas su hogar consumió de media 2,00 kWh en sus 3 días con lecturas completas, indicados abajo.');
      await i18n.changeLanguage('en');
      unmount();
      // Unmoved, the baseline's own sentence says the same.
      renderPage({ event: event(), result: { ...weekdays, baselineKwh: 2, adjustmentFactor: 1, adjustmentUnclamped: 1 }, outlook: null });
      text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).toContain('Your baseline was 2.00 kWh: what your home used at these times on average over your 3 days with complete readings, listed below.');
    });

    it('says a home can still qualify while enough weekdays are left', async () => {
      renderPage({ event: upcoming, result: null, outlook: { status: 'insufficient_history', kind: 'weekday', days: ['2025-11-14', '2025-11-13'], needed: 5, daysLeft: 3 } });
      const note = await screen.findByTestId('baseline-outlook', {}, { timeout: 5000 });
      expect(note).toHaveTextContent('Not enough readings yet to earn points');
      expect(note).toHaveTextContent('If your readings for 3 more arrive before the event, it can pay you.');
    });

    // Stored by settlement: 2.40 kWh after a factor clamped to 1.2 (the ratio was 1.35), so 2.00
    // before it; 1.92 used, 0.48 saved (20 %); the target 2.40 × 0.9 = 2.16; 150 points.
    const clamped: EventResult = { ...settled, dayKind: 'weekday', adjustmentFactor: 1.2, adjustmentUnclamped: 1.35, adjustmentStatus: 'clamped', missingIntervals: 0 };

    it('explains a settled result in plain sentences from the stored figures', async () => {
      renderPage({ event: event(), result: clamped, outlook: null });
      const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      // 2.40 is the adjusted figure: the home used 2.00 on its days, and the sentences say so in that order.
      expect(text).toContain('At these times your home used 2.00 kWh on average over your last 2 weekdays with complete readings');
      expect(text).not.toContain('Your baseline was 2.40 kWh: what your home used');
      expect(text).toContain('So your baseline was 2.40 kWh.');
      expect(text).toContain('used 1.35 times its usual; the adjustment is kept between 0.8 and 1.2, so the baseline was multiplied by 1.20 (from 2.00 kWh).');
      expect(text).toContain('You used 1.92 kWh during the event: 0.48 kWh less than your baseline (20%).');
      expect(text).toContain('The target was 2.16 kWh or less, 10% below your baseline.');
      expect(text).toContain('You met it, so you earned 150 points.');
      expect(text).toContain('up to 200 at 30% below your baseline');
      // The stored reason replaces the bare factor line of older results.
      expect(text).not.toContain('No same-day adjustment');
      expect(screen.queryByText(/to match how your home was using energy/)).not.toBeInTheDocument();
    });

    it('explains a missed target and an adjustment that was applied, in French', async () => {
      await i18n.changeLanguage('fr');
      // 2.40 after × 0.9 (2.67 before); 2.30 used, 0.10 saved (4.2 %): short of 10 %, no points.
      renderPage({
        event: event(),
        result: { ...clamped, adjustmentFactor: 0.9, adjustmentUnclamped: 0.9, adjustmentStatus: 'applied', actualKwh: 2.3, reductionKwh: 0.1, reductionPercent: 4.166, targetMet: false, points: 0 },
        outlook: null,
      });
      const text = plain((await screen.findByTestId('result-explanation', {}, { timeout: 5000 })).textContent);
      expect(text).toContain('votre domicile a consommé 10 % de moins que d’habitude : la référence a été multipliée par 0,90 (au lieu de 2,67 kWh).');
      expect(text).toContain('L’objectif était de 2,16 kWh ou moins');
      expect(text).toContain('cet événement ne vous a rapporté aucun point');
    });

    it('counts the intervals that never arrived', async () => {
      renderPage({ event: event(), result: { ...settled, outcome: 'insufficient_data', reason: 'missing_intervals', points: 0, targetMet: false, missingIntervals: 3 }, outlook: null });
      expect(await screen.findByText('Readings for 3 of the event’s 5-minute intervals never arrived.', {}, { timeout: 5000 })).toBeInTheDocument();
    });
  });
});
