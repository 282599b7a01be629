import type { PointsSummary } from '@peakwise/contracts/events.contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import RewardsPage from './rewards-page';

const EVENT_ID = '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11';

function renderPage(points: PointsSummary) {
  return renderWithApi(<RewardsPage />, (url) => (url === '/api/points' ? Response.json(points) : new Response(null, { status: 404 })), '/app/rewards');
}

afterEach(() => vi.unstubAllGlobals());

describe('RewardsPage', () => {
  it('shows the balance, its value and lifetime earned, and the activity with links to events', async () => {
    renderPage({
      balance: 1250,
      valueCents: 1250,
      lifetimeEarned: 1400,
      activity: [
        { id: 't3', kind: 'redemption', amount: -150, at: '2025-11-20T15:00:00.000Z', eventId: null },
        { id: 't2', kind: 'event_adjustment', amount: 25, at: '2025-11-19T15:00:00.000Z', eventId: EVENT_ID },
        { id: 't1', kind: 'event_reward', amount: 125, at: '2025-11-18T00:15:00.000Z', eventId: EVENT_ID },
      ],
    });
    const balance = (await screen.findByRole('heading', { name: 'Points Balance' }, { timeout: 5000 })).closest('section')!;
    expect(plain(balance.textContent)).toContain('1,250 points');
    expect(screen.getByRole('heading', { name: 'Value' }).closest('section')).toHaveTextContent('$12.50');
    expect(plain(screen.getByRole('heading', { name: 'Lifetime Earned' }).closest('section')!.textContent)).toContain('1,400 points');

    const items = within(screen.getByTestId('points-activity')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(plain(items[0]!.textContent)).toMatch(/Redeemed.*−150|Redeemed.*-150/);
    expect(items[0]).toHaveTextContent('(Redeemed)');
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(plain(items[1]!.textContent)).toContain('Energy Saving Event adjustment');
    expect(plain(items[1]!.textContent)).toContain('+25');
    expect(within(items[2]!).getByRole('link', { name: /View event/ })).toHaveAttribute('href', `/app/events/${EVENT_ID}`);
    // The catalogue is honestly not there yet: no sample items.
    expect(screen.getByRole('heading', { name: 'Rewards Marketplace' })).toBeInTheDocument();
  });

  it('says how to earn the first points when there is no activity', async () => {
    renderPage({ balance: 0, valueCents: 0, lifetimeEarned: 0, activity: [] });
    expect(await screen.findByText('No points yet', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
