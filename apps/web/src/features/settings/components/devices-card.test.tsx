import type { ConnectedSession } from '@peakwise/contracts/account.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { DevicesCard } from './devices-card';

const session = (over: Partial<ConnectedSession>): ConnectedSession => ({
  id: 's1',
  current: true,
  browser: 'Firefox',
  os: 'Linux',
  ipAddress: '192.168.1.0',
  place: 'Local network',
  lastActiveAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

function renderCard(sessions: ConnectedSession[]) {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json(sessions)));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DevicesCard />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('DevicesCard', () => {
  it('says where a browser is in the reader’s language when the server calls it the local network', async () => {
    await i18n.changeLanguage('fr');
    renderCard([session({}), session({ id: 's2', current: false, place: 'Montréal, QC' }), session({ id: 's3', current: false, place: null })]);
    expect(await screen.findByText(/Réseau local/)).toBeInTheDocument();
    expect(screen.queryByText(/Local network/)).toBeNull();
    // Any other place is shown as the server gives it.
    expect(screen.getByText(/Montréal, QC/)).toBeInTheDocument();
    expect(screen.getByText(/Emplacement inconnu/)).toBeInTheDocument();
  });
});
