import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentRecord } from '@peakwise/contracts/consent-history.contract';
import { ConsentHistoryCard } from './consent-history-card';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const records: ConsentRecord[] = [
  {
    id: 'c3',
    purpose: 'notifications:email:rewards',
    granted: false,
    recordedAt: '2026-11-21T10:00:00.000Z',
    language: 'en',
    wording: 'Tell me about my rewards',
    wordingVersion: 'notifications:rewards/1',
    source: 'unsubscribe_link',
  },
  {
    id: 'c2',
    purpose: 'marketing_data_sharing',
    granted: false,
    recordedAt: '2026-11-20T10:00:00.000Z',
    language: 'fr',
    wording: 'Partager mes données d’inscription avec des fournisseurs de contenu à des fins de marketing',
    wordingVersion: 'marketing_data_sharing/1',
    source: 'settings',
  },
  {
    id: 'c1',
    purpose: 'marketing_data_sharing',
    granted: true,
    recordedAt: '2026-01-05T10:00:00.000Z',
    language: 'fr',
    wording: 'Partager mes données d’inscription avec des fournisseurs de contenu à des fins de marketing',
    wordingVersion: 'marketing_data_sharing/1',
    source: null,
  },
];

afterEach(() => vi.unstubAllGlobals());

const renderCard = (answer: Response) => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => answer));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConsentHistoryCard />
    </QueryClientProvider>,
  );
};
const card = () => within(screen.getByRole('region', { name: 'Consent history' }));

describe('ConsentHistoryCard', () => {
  it('shows each grant and withdrawal with its date, wording, language and where it was made', async () => {
    renderCard(json(200, records));
    const table = await card().findByRole('table', { name: 'Your consent history, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(1)).toEqual(['Email: Rewards', 'Withdrawn', 'Tell me about my rewardsShown in English', 'Unsubscribe link in an email']);
    expect(cells(rows[1]!).slice(1, 3)).toEqual(['Sharing my registration data for marketing', 'Withdrawn']);
    expect(cells(rows[2]!).slice(2)).toEqual(['Agreed', 'Partager mes données d’inscription avec des fournisseurs de contenu à des fins de marketingShown in Français', 'Not recorded']);
    expect(within(rows[2]!).getByText(/Partager mes données/).closest('q')).toHaveAttribute('lang', 'fr');
    expect(within(rows[2]!).getByText(/Jan 5, 2026/)).toHaveAttribute('datetime', '2026-01-05T10:00:00.000Z');
  });

  it('says when there is nothing yet', async () => {
    renderCard(json(200, []));
    expect(await card().findByText('No consent recorded yet.')).toBeInTheDocument();
  });

  it('shows an error when loading fails', async () => {
    renderCard(json(500, { error: { code: 'internal_error', message: 'x' } }));
    expect(await card().findByRole('alert')).toHaveTextContent('Your consent history could not be loaded.');
  });
});
