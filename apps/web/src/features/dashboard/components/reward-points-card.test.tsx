import type { PointsSummary } from '@peakwise/contracts/events.contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { RewardPointsCard } from './reward-points-card';

const points = (heldPoints?: number): PointsSummary => ({ balance: 1250, valueCents: 1250, lifetimeEarned: 1400, ...(heldPoints === undefined ? {} : { heldPoints }), nextReward: null, activity: [], nextCursor: null });

const renderCard = (summary: PointsSummary) => renderWithApi(<RewardPointsCard />, (url) => (url === '/api/points' ? Response.json(summary) : new Response(null, { status: 404 })));
const card = () => screen.getByRole('heading', { name: /Reward Points|Points de récompense/ }).closest('section')!;

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('RewardPointsCard: held points (decision 140)', () => {
  it('says held points beside the balance, which stays the balance alone', async () => {
    renderCard(points(300));
    await screen.findByText('Worth $12.50', {}, { timeout: 5000 });
    expect(plain(card().textContent)).toBe('Reward Points1,250 pointsWorth $12.50300 more held until your cuts are proven');
    await i18n.changeLanguage('fr');
    expect(plain((await screen.findByText(/en attente/)).textContent)).toBe('Et 300 points en attente jusqu’à ce que vos réductions soient confirmées');
  });

  it('says nothing of them when none are held', async () => {
    renderCard(points(0));
    await screen.findByText('Worth $12.50', {}, { timeout: 5000 });
    expect(card()).not.toHaveTextContent('held');
  });
});
