import type { EventResult, MemberEvent, MemberEventDetail } from '@peakwise/contracts/events.contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('offers the opt-in before the start, with no result yet', async () => {
    renderPage({ event: event({ status: 'scheduled', optedIn: false, canChange: true }), result: null });
    expect(await screen.findByRole('button', { name: 'Opt In Now' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your result' })).not.toBeInTheDocument();
    // The standing choice is one link away, in Settings' notifications and events section.
    expect(screen.getByRole('link', { name: 'Opt me in to every event: change it in Settings' })).toHaveAttribute('href', '/app/settings/notifications#every-event');
  });

  it('says an event outside the member’s area is not available', async () => {
    renderPage(Response.json({ error: { code: 'not_found', message: 'No such event.' } }, { status: 404 }));
    expect(await screen.findByText('This event isn’t available')).toBeInTheDocument();
  });
});
