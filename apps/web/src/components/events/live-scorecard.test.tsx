import type { LiveScorecard as Card, MemberEvent } from '@peakwise/contracts/events.contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSharedLiveConnection } from '@/lib/live';
import { FakeEventSource } from '@/test/fake-event-source';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { LiveScorecard } from './live-scorecard';

// 23:00Z is 6 p.m. in Toronto; the test runs 12 minutes into the event.
const NOW = new Date('2025-11-24T23:12:00.000Z');
const EVENT: MemberEvent = {
  id: '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11',
  programName: 'Ontario Peak Saver',
  startsAt: '2025-11-24T23:00:00.000Z',
  endsAt: '2025-11-25T00:00:00.000Z',
  timeZone: 'America/Toronto',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'active',
  optedIn: true,
  canChange: false,
};

const card = (patch: Partial<Card> = {}): Card => ({
  eventId: EVENT.id,
  provisional: true,
  status: 'live',
  reason: null,
  startsAt: EVENT.startsAt,
  endsAt: EVENT.endsAt,
  intervals: [
    { startsAt: '2025-11-24T23:00:00.000Z', baselineKw: 6, actualKw: 4.8 },
    { startsAt: '2025-11-24T23:05:00.000Z', baselineKw: 6, actualKw: 4.8 },
    { startsAt: '2025-11-24T23:10:00.000Z', baselineKw: 6, actualKw: null },
  ],
  intervalsIn: 2,
  intervalsTotal: 12,
  baselineKwh: 1,
  actualKwh: 0.8,
  savedKwh: 0.2,
  reductionPercent: 20,
  targetPercent: 10,
  targetMet: true,
  pointsOnTrack: 150,
  rewardPoints: 100,
  ...patch,
});

function render(event: MemberEvent, variant: 'banner' | 'page', answer: () => Response = () => Response.json(card())) {
  const calls: string[] = [];
  const result = renderWithApi(<LiveScorecard event={event} variant={variant} />, (url) => {
    calls.push(url);
    if (url === `/api/events/${EVENT.id}/scorecard`) return answer();
    return new Response(null, { status: 404 });
  });
  return { ...result, calls };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  resetSharedLiveConnection();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveScorecard', () => {
  it('shows the provisional figures and moves when the live stream pushes a new scorecard', async () => {
    render(EVENT, 'banner');
    const section = await screen.findByTestId('live-scorecard');
    expect(within(section).getByRole('heading', { name: 'Live scorecard' })).toBeInTheDocument();
    expect(within(section).getByText('Provisional')).toBeInTheDocument();
    expect(plain((await within(section).findByTestId('scorecard-saved')).textContent)).toBe('0.20 kWh less than your baseline');
    expect(within(section).getByTestId('scorecard-points')).toHaveTextContent(/^150 points$/);
    expect(plain(within(section).getByText(/^Baseline 6/).textContent)).toBe('Baseline 6.00 kW, your use 4.80 kW');
    expect(within(section).getByText('2 of 12 intervals in')).toBeInTheDocument();
    // The banner has no table of intervals.
    expect(within(section).queryByRole('table')).toBeNull();

    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    source.emit('ready', {});
    // Another event's card is not this one's.
    source.emit('scorecard', card({ eventId: 'another', intervalsIn: 9, pointsOnTrack: 7 }));
    source.emit('scorecard', card({ intervalsIn: 3, savedKwh: -0.05, pointsOnTrack: 0 }));
    // react-query hands the new data to the screen on its next tick.
    expect(await within(section).findByText('3 of 12 intervals in')).toBeInTheDocument();
    expect(within(section).getByTestId('scorecard-points')).toHaveTextContent(/^0 points$/);
    expect(plain(within(section).getByTestId('scorecard-saved').textContent)).toBe('0.05 kWh more than your baseline');
    expect(within(section).queryByText('9 of 12 intervals in')).toBeNull();
  });

  it('on the event page, lists every interval so far with the member’s time, and says when one is not in yet', async () => {
    render(EVENT, 'page');
    const table = await screen.findByRole('table', { name: 'Baseline and your use so far, every 5 minutes (average kW)' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => plain(r.textContent));
    expect(rows).toEqual(['6:00 p.m.6.00 kW4.80 kW', '6:05 p.m.6.00 kW4.80 kW', '6:10 p.m.6.00 kWNot in yet']);
    expect(screen.getByRole('heading', { level: 2, name: 'Live scorecard' })).toBeInTheDocument();
  });

  it('says a solar home’s figures are what it draws from the grid, and nothing of it without solar (decision 112)', async () => {
    const { unmount } = render(EVENT, 'banner', () => Response.json(card({ fromGrid: true })));
    expect(await screen.findByText('Your home has solar panels, so these figures are what it draws from the grid, after what the panels supply.')).toBeInTheDocument();
    unmount();
    resetSharedLiveConnection();
    render(EVENT, 'banner');
    expect(await screen.findByText('2 of 12 intervals in')).toBeInTheDocument();
    expect(screen.queryByText(/from the grid/)).toBeNull();
  });

  it('says why there is no scorecard without a baseline, and shows nothing before the start or without opting in', async () => {
    render(EVENT, 'page', () => Response.json(card({ status: 'no_baseline', reason: 'insufficient_history', intervals: [], intervalsIn: 0, pointsOnTrack: 0 })));
    expect(await screen.findByText(/doesn’t have enough similar recent days/)).toBeInTheDocument();
  });

  it('asks for nothing when the home did not opt in or the event has not started', () => {
    const { calls, unmount } = render({ ...EVENT, optedIn: false }, 'banner');
    expect(screen.queryByTestId('live-scorecard')).toBeNull();
    unmount();
    const later = render({ ...EVENT, status: 'scheduled', startsAt: '2025-11-24T23:30:00.000Z' }, 'banner');
    expect(screen.queryByTestId('live-scorecard')).toBeNull();
    expect([...calls, ...later.calls].filter((u) => u.includes('scorecard'))).toEqual([]);
  });
});
