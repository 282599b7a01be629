import type { OpsEvent, OpsLiveEvent } from '@peakwise/contracts/events.contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { LIVE_REFRESH_MS } from '../api/use-ops';
import { LiveEventPanel } from './live-event-panel';

const EVENT: OpsEvent = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  programId: '11111111-1111-4111-8111-111111111111',
  programName: 'Ontario Peak Saver',
  startsAt: '2025-11-24T23:00:00.000Z',
  endsAt: '2025-11-25T00:00:00.000Z',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'active',
  reach: 42,
  optedIn: 7,
  settled: null,
};

const live = (intervals: OpsLiveEvent['intervals'], asOf: string): OpsLiveEvent => ({
  eventId: EVENT.id,
  status: 'active',
  startsAt: EVENT.startsAt,
  endsAt: EVENT.endsAt,
  optedIn: 7,
  reporting: 6,
  withBaseline: 5,
  intervals,
  asOf,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveEventPanel', () => {
  it('shows opted-in and reporting homes and summed baseline against actual kW, and refreshes on its own', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      live([{ startsAt: '2025-11-24T23:00:00.000Z', baselineKw: 30, actualKw: 21.5, households: 6 }], '2025-11-24T23:06:00.000Z'),
      live(
        [
          { startsAt: '2025-11-24T23:00:00.000Z', baselineKw: 30, actualKw: 21.5, households: 6 },
          { startsAt: '2025-11-24T23:05:00.000Z', baselineKw: 31, actualKw: 20, households: 5 },
        ],
        '2025-11-24T23:11:00.000Z',
      ),
    ];
    let refreshed = false;
    renderWithApi(<LiveEventPanel event={EVENT} timeZone="America/Toronto" />, (url) => {
      if (url === `/api/ops/events/${EVENT.id}/live`) return Response.json(answers[refreshed ? 1 : 0]);
      return new Response(null, { status: 404 });
    });
    const panel = await screen.findByTestId('ops-live-event');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toMatch(/^Live: Ontario Peak Saver, /);
    expect(await within(panel).findByText('Opted in')).toBeInTheDocument();
    const figure = (label: string) => plain(within(panel).getByText(label).nextElementSibling?.textContent);
    expect(figure('Opted in')).toBe('7');
    expect(figure('Reporting readings')).toBe('6');
    expect(figure('With a baseline')).toBe('5');
    expect(figure('Latest 5 minutes')).toBe('Baseline 30.0 kW, actual 21.5 kW');
    const table = within(panel).getByRole('table', { name: /summed baseline and actual use/ });
    expect(within(table).getAllByRole('row').slice(1).map((r) => plain(r.textContent))).toEqual(['6:00 p.m.30.0 kW21.5 kW6']);

    // New readings are in; nothing is asked of the operator, the panel looks again by itself.
    refreshed = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    });
    expect(await within(panel).findByText('Baseline 31.0 kW, actual 20.0 kW', { normalizer: plain })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(plain(within(panel).getByText(/^Refreshes every 15 seconds/).textContent)).toBe('Refreshes every 15 seconds. Last updated 6:11 p.m.');
  });
});
