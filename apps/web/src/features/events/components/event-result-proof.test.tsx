import type { EventResult, MemberEvent, Proof } from '@peakwise/contracts/events.contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { EventResultPanel } from './event-result-panel';

const ID = '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11';
const LATER_ID = '9d2c6a1b-3e4f-4a5b-8c7d-0e1f2a3b4c5d';

// A summer evening event on Toronto's clock: 6–7 p.m. EDT is 22:00–23:00 UTC.
const event: MemberEvent = {
  id: ID,
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

// 1.80 kWh baseline, 1.62 used: 0.18 kWh saved (10 %), the target met, 100 points earned.
const result: EventResult = {
  outcome: 'settled',
  reason: null,
  baselineDays: ['2026-07-06', '2026-07-07'],
  dayKind: 'weekday',
  adjustmentFactor: 1,
  adjustmentStatus: 'applied',
  adjustmentMethod: 'additive',
  adjustmentUnclamped: 1,
  baselineKwh: 1.8,
  actualKwh: 1.62,
  reductionKwh: 0.18,
  reductionPercent: 10,
  targetMet: true,
  points: 100,
  intervals: [],
  settledAt: '2026-07-08T23:20:00.000Z',
};

// The home's σ over the hour is 0.31 kWh, so a saving is paid at once above 1.645 × 0.31 = 0.51 kWh.
// The season: four events that saved 1.10 kWh together against √(4 × 0.35²) = 0.70 kWh, z = 1.10 ÷ 0.70 = 1.571.
// Its held points are final on November 9: a day for the summer's last event, then the seven-day correction window.
const season: Proof['season'] = { id: '2026-summer', endsOn: '2026-10-31', ended: false, finalOn: '2026-11-09', events: 4, savedKwh: 1.1, sigmaKwh: 0.7, z: 1.1 / 0.7, boundaryZ: 2.5, heldPoints: 250 };
const held: Proof = { status: 'held', savingKwh: 0.18, sigmaKwh: 0.31, atOnceKwh: 0.51, releasedAt: null, releasedByEventId: null, season };

function renderResult(proof: Proof | undefined, patch: Partial<EventResult> = {}) {
  renderWithApi(<EventResultPanel event={event} result={{ ...result, ...patch, ...(proof ? { proof } : {}) }} />, () => new Response(null, { status: 404 }));
  // The panel in whatever language is on screen: its heading names it.
  return screen.getByRole('heading', { level: 2 }).closest('section')!;
}

const text = (element: HTMLElement) => plain(element.textContent);

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('how an event’s points are paid (decision 140)', () => {
  it('says a saving clear of the usual swing was paid at once, and shows no season bar when nothing waits on it', () => {
    // 2.40 kWh baseline, 1.78 used: 0.62 kWh saved, over the 0.51 kWh bar.
    const panel = renderResult(
      { ...held, status: 'paid_at_once', savingKwh: 0.62, season: { ...season, heldPoints: 0 } },
      { baselineKwh: 2.4, actualKwh: 1.78, reductionKwh: 0.62, reductionPercent: 25.8 },
    );
    const proof = within(panel).getByTestId('result-proof');
    expect(within(proof).getByRole('heading', { name: 'How your points are paid' })).toBeInTheDocument();
    expect(text(proof)).toContain(
      'You saved 0.62 kWh: more than the 0.51 kWh it takes to be clear of your home’s usual swing at these times (about ±0.31 kWh from one day to the next). Your 100 points were paid at once.',
    );
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(text(panel)).toContain('Points earned100');
    expect(text(within(panel).getByTestId('result-explanation'))).toContain('You met it, so you earned 100 points.');
  });

  it('says a home with no swing at all (identical baseline days) was paid at once, without a ±0.00 kWh swing', async () => {
    const steady = { ...held, status: 'paid_at_once' as const, savingKwh: 0.37, sigmaKwh: 0, atOnceKwh: 0, season: { ...season, heldPoints: 0 } };
    const proof = within(renderResult(steady, { baselineKwh: 1.45, actualKwh: 1.08, reductionKwh: 0.37, reductionPercent: 25.5 })).getByTestId('result-proof');
    expect(text(proof)).toContain('You saved 0.37 kWh. Your home’s use at these times was the same on each of its baseline days, so any saving is clear of its usual swing: your 100 points were paid at once.');
    expect(text(proof)).not.toContain('0.00');
  });

  it('says held points are held, not lost, when they are paid and when they would lapse, with the season’s bar', () => {
    const panel = renderResult(held);
    const proof = within(panel).getByTestId('result-proof');
    expect(text(proof)).toContain(
      'You saved 0.18 kWh: less than the 0.51 kWh it takes to be clear of your home’s usual swing at these times (about ±0.31 kWh from one day to the next), so one event alone can’t tell your cut from that swing.',
    );
    expect(text(proof)).toContain(
      'Your 100 points are held, not lost: they’re paid as soon as your events this season, together, are clear of your usual swing. Points still held when the season ends on October 31 aren’t paid.',
    );
    // Not "earned" as if in the balance: the figure says held, and where they are.
    expect(text(panel)).toContain('Points held100Not in your balance yet');
    expect(text(panel)).not.toContain('Points earned');
    expect(text(within(panel).getByTestId('result-explanation'))).toContain('You met it, so the event earned 100 points; they are held for now, as explained above.');

    // 1.571 of 2.5: 62.9 % of the bar, said in words as well as drawn.
    const bar = within(proof).getByRole('progressbar', { name: 'Season proof' });
    expect(bar).toHaveAttribute('aria-valuetext', '1.6 of 2.5');
    expect(bar).toHaveAttribute('aria-valuenow', '62.9');
    const meter = within(proof).getByTestId('season-proof');
    expect(text(meter)).toContain('Season proof1.6 of 2.5');
    expect(text(meter)).toContain('Summer 2026 so far: your 4 events together saved 1.10 kWh, 1.6 times their combined usual swing (±0.70 kWh). Held points are paid at 2.5 times.');
    expect(text(meter)).toContain('250 points of this season’s events are held.');
    // No statistics' letters in what the member reads.
    expect(text(panel)).not.toMatch(/σ|\bz\b/);
  });

  it('says when held points were released by a later event, on the household’s date, with a link to that event', () => {
    // 02:30 UTC on July 15 is 10:30 p.m. on July 14 in Toronto.
    const panel = renderResult({ ...held, status: 'released', releasedAt: '2026-07-15T02:30:00.000Z', releasedByEventId: LATER_ID, season: { ...season, heldPoints: 0, events: 5, savedKwh: 2.1, sigmaKwh: 0.78, z: 2.1 / 0.78 } });
    const proof = within(panel).getByTestId('result-proof');
    expect(text(proof)).toContain('Your 100 points were held, then paid on Jul 14, when your cuts this season became clear of your usual swing.');
    expect(within(proof).getByRole('link', { name: 'See the event that proved them' })).toHaveAttribute('href', `/app/events/${LATER_ID}`);
    expect(within(proof).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(text(panel)).toContain('Points earned100');
  });

  it('says an event whose own settlement proved the season was paid with it, without a link to itself', () => {
    const panel = renderResult({ ...held, status: 'released', releasedAt: '2026-07-08T23:20:00.000Z', releasedByEventId: ID, season: { ...season, heldPoints: 0 } });
    const proof = within(panel).getByTestId('result-proof');
    expect(text(proof)).toContain('Your 100 points were paid on Jul 8: with this event, your cuts this season together became clear of your usual swing.');
    expect(within(proof).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says lapsed points were not paid, with the season’s final count', () => {
    // A winter: six events, 1.20 kWh saved against 0.90 kWh, z = 1.333; it ended on April 30.
    const winter = { id: '2025-winter', endsOn: '2026-04-30', ended: true, finalOn: '2026-05-09', events: 6, savedKwh: 1.2, sigmaKwh: 0.9, z: 1.2 / 0.9, boundaryZ: 2.5, heldPoints: 300 };
    const panel = renderResult({ ...held, status: 'lapsed', season: winter });
    const proof = within(panel).getByTestId('result-proof');
    expect(text(proof)).toContain('Your 100 points were held. The season ended on April 30 before your cuts were clear of your usual swing, so they weren’t paid.');
    expect(within(proof).getByRole('progressbar', { name: 'Season proof' })).toHaveAttribute('aria-valuetext', '1.3 of 2.5');
    expect(text(proof)).toContain('Winter 2025–2026: your 6 events together saved 1.20 kWh, 1.3 times their combined usual swing (±0.90 kWh); 2.5 times was needed.');
    // The season is over: nothing is "held" any more.
    expect(text(proof)).not.toContain('are held');
    expect(text(panel)).toContain('Points not paid100The season ended before they were proven');
    expect(text(within(panel).getByTestId('result-explanation'))).toContain('but they were held and the season ended before they were paid.');
  });

  it('says a held result of an ended season is still held, and on which day held points are final, in English, French and Spanish', async () => {
    // The summer ended on October 31; until November 9 a re-settled last event can still release them.
    const ended = { ...held, season: { ...season, ended: true } };
    const panel = renderResult(ended);
    const proof = within(panel).getByTestId('result-proof');
    expect(text(proof)).toContain(
      'Your 100 points are still held. The season ended on October 31, but late meter readings can still correct its last events: held points are final on November 9, and any still held then aren’t paid.',
    );
    expect(text(proof)).not.toContain('when the season ends');
    // Not lapsed: still held, still counted as held, the season's bar still towards its boundary.
    expect(text(within(proof).getByTestId('season-proof'))).toContain('250 points of this season’s events are held.');
    expect(text(panel)).toContain('Points held100Not in your balance yet');
    await i18n.changeLanguage('fr');
    expect(text(await screen.findByTestId('result-proof'))).toContain(
      'Vos 100 points sont encore en attente. La saison a pris fin le 31 octobre, mais des relevés tardifs de votre compteur peuvent encore corriger ses derniers événements : les points en attente sont définitifs le 9 novembre, et ceux encore en attente ce jour-là ne sont pas versés.',
    );
    await i18n.changeLanguage('es');
    expect(text(await screen.findByTestId('result-proof'))).toContain(
      'Sus 100 puntos siguen retenidos. La temporada terminó el 31 de octubre, pero lecturas tardías de su medidor aún pueden corregir sus últimos eventos: los puntos retenidos son definitivos el 9 de noviembre, y los que sigan retenidos ese día no se pagan.',
    );
  });

  it('shows an empty bar and plain words for a season that used more than usual', () => {
    const panel = renderResult({ ...held, season: { ...season, events: 3, savedKwh: -0.3, sigmaKwh: 0.6, z: -0.5 } });
    const bar = within(panel).getByRole('progressbar', { name: 'Season proof' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuetext', '-0.5 of 2.5');
    expect(text(within(panel).getByTestId('season-proof'))).toContain('Summer 2026: your 3 events together used 0.30 kWh more than usual, so they aren’t clear of your usual swing.');
  });

  it('says nothing of holding for a result settled before the rule', () => {
    const panel = renderResult(undefined);
    expect(within(panel).queryByTestId('result-proof')).not.toBeInTheDocument();
    expect(text(panel)).toContain('Points earned100');
  });

  it('reads a held result in French as a Québec member reads it, and in Spanish', async () => {
    await i18n.changeLanguage('fr');
    const panel = renderResult(held);
    const proof = within(panel).getByTestId('result-proof');
    expect(within(proof).getByRole('heading', { name: 'Comment vos points sont versés' })).toBeInTheDocument();
    expect(text(proof)).toContain('Vous avez économisé 0,18 kWh : moins que les 0,51 kWh qu’il faut pour se distinguer de la variation habituelle de votre domicile à ces heures (environ ±0,31 kWh d’un jour à l’autre).');
    expect(text(proof)).toContain('Vos 100 points sont en attente, pas perdus');
    expect(text(proof)).toContain('à la fin de la saison, le 31 octobre, ne sont pas versés.');
    expect(within(proof).getByRole('progressbar', { name: 'Preuve de la saison' })).toHaveAttribute('aria-valuetext', '1,6 sur 2,5');
    expect(text(proof)).toContain('Été 2026, jusqu’ici : vos 4 événements ont économisé ensemble 1,10 kWh, soit 1,6 fois leur variation habituelle combinée (±0,70 kWh).');
    expect(text(panel)).toContain('Points en attente100Pas encore dans votre solde');
    await i18n.changeLanguage('es');
    expect(text(await screen.findByTestId('result-proof'))).toContain('Sus 100 puntos quedan retenidos, no perdidos');
    expect(screen.getByRole('progressbar', { name: 'Prueba de la temporada' })).toHaveAttribute('aria-valuetext', '1,6 de 2,5');
    expect(text(screen.getByTestId('result-proof'))).toContain('cuando termine la temporada, el 31 de octubre, no se pagan.');
  });

  it('says a paid result settled again for fewer points keeps what it was paid, in English, French and Spanish', async () => {
    // Late readings: the hour used its usual 1.80 kWh after all. 160 points were paid at once before.
    const kept: Proof = { ...held, status: 'paid_at_once', savingKwh: 0, keptPoints: 160, season: { ...season, heldPoints: 0 } };
    const patch = { actualKwh: 1.8, reductionKwh: 0, reductionPercent: 0, targetMet: false, points: 0 };
    const panel = renderResult(kept, patch);
    expect(text(panel)).toContain('Points paid160Kept: the corrected figures earn 0 points');
    const proof = within(panel).getByTestId('result-proof');
    expect(text(proof)).toContain(
      'Late meter readings settled this event again, and its figures now earn 0 points. Points already paid are never taken back: you keep the 160 points you were paid.',
    );
    // Not the payment's first reason, which the new figures no longer bear out.
    expect(text(proof)).not.toContain('paid at once');
    await i18n.changeLanguage('fr');
    expect(text(await screen.findByTestId('result-proof'))).toContain(
      'Des relevés arrivés en retard ont permis de recalculer cet événement, qui rapporte maintenant 0 point. Les points déjà versés ne sont jamais repris : vous gardez les 160 points qui vous ont été versés.',
    );
    expect(text(screen.getByTestId('result-proof').closest('section')!)).toContain('Points versés160Gardés : les données corrigées rapportent 0 point');
    await i18n.changeLanguage('es');
    expect(text(await screen.findByTestId('result-proof'))).toContain('que ahora da 0 puntos. Los puntos ya pagados nunca se retiran: conserva los 160 puntos que se le pagaron.');
  });
});
