import type { PointsSummary } from '@peakwise/contracts/events.contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { PointsCards } from './points-cards';

const points = (patch: Partial<PointsSummary> = {}): PointsSummary => ({ balance: 1250, valueCents: 1250, lifetimeEarned: 1400, nextReward: null, activity: [], nextCursor: null, ...patch });

const balanceCard = () => plain(screen.getByRole('heading', { name: /Points Balance|Solde de points|Saldo de puntos/ }).closest('section')!.textContent);

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('PointsCards: held points (decision 140)', () => {
  it('shows held points beside the balance, not in it, with where to see them', () => {
    renderWithApi(<PointsCards points={points({ heldPoints: 1250 })} />, () => new Response(null, { status: 404 }));
    expect(balanceCard()).toBe('Points Balance1,250 pointsSpend them on rewards below1,250 points held · paid once your cuts are proven. Each event’s result shows where your season stands.');
    // The value is the balance's alone: held points are not spendable.
    expect(screen.getByRole('heading', { name: 'Value' }).closest('section')).toHaveTextContent('$12.50');
  });

  it('says nothing of held points when there are none, or when the server does not send them', () => {
    const { unmount } = renderWithApi(<PointsCards points={points({ heldPoints: 0 })} />, () => new Response(null, { status: 404 }));
    expect(screen.queryByTestId('held-points')).not.toBeInTheDocument();
    unmount();
    renderWithApi(<PointsCards points={points()} />, () => new Response(null, { status: 404 }));
    expect(screen.queryByTestId('held-points')).not.toBeInTheDocument();
  });

  it('says it in French and Spanish, one point singular', async () => {
    await i18n.changeLanguage('fr');
    renderWithApi(<PointsCards points={points({ heldPoints: 1 })} />, () => new Response(null, { status: 404 }));
    expect(plain(screen.getByTestId('held-points').textContent)).toBe('1 point en attente · versé une fois vos réductions confirmées. Le résultat de chaque événement indique où en est votre saison.');
    await i18n.changeLanguage('es');
    expect(plain((await screen.findByTestId('held-points')).textContent)).toBe('1 punto retenido · se paga cuando se confirmen sus reducciones. El resultado de cada evento muestra cómo va su temporada.');
  });
});
