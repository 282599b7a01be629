import type { OpsEvent, OpsLiveEvent } from '@peakwise/contracts/events.contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { LiveEventPanel } from './live-event-panel';

const event: OpsEvent = {
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  programId: '11111111-1111-4111-8111-111111111111',
  programName: 'Ontario Peak Saver',
  startsAt: '2026-03-10T22:00:00.000Z',
  endsAt: '2026-03-10T23:00:00.000Z',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'active',
  reach: 42,
  optedIn: 2,
  settled: null,
};

const live: OpsLiveEvent = {
  eventId: event.id,
  status: 'active',
  startsAt: event.startsAt,
  endsAt: event.endsAt,
  optedIn: 2,
  reporting: 2,
  withBaseline: 2,
  intervals: [
    { startsAt: '2026-03-10T22:00:00.000Z', baselineKw: 6, actualKw: 4.8, households: 2 },
    { startsAt: '2026-03-10T22:05:00.000Z', baselineKw: 6, actualKw: null, households: 0 },
  ],
  asOf: '2026-03-10T22:07:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('LiveEventPanel', () => {
  it('shows an interval no home has reported yet as pending, not as 0.0 kW', async () => {
    renderWithApi(<LiveEventPanel event={event} timeZone="America/Toronto" />, (url) => (url.endsWith('/live') ? Response.json(live) : new Response(null, { status: 404 })));
    const rows = within(await screen.findByRole('table', {}, { timeout: 5000 })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(plain(rows[0]!.textContent)).toContain('4.8 kW');
    expect(rows[1]).toHaveTextContent('Pending');
    expect(plain(rows[1]!.textContent)).not.toMatch(/0\.0 kW/);
  });
});
