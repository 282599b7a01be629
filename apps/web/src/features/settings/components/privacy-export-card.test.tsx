import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrivacyExport } from '@peakwise/contracts/privacy-export.contract';
import { PrivacyExportCard } from './privacy-export-card';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ready: PrivacyExport = {
  id: 'e1',
  status: 'ready',
  requestedAt: '2026-11-20T15:00:00.000Z',
  readyAt: '2026-11-20T15:01:00.000Z',
  expiresAt: '2026-11-27T15:01:00.000Z',
  byteSize: 2_621_440,
  downloadUrl: '/api/privacy-exports/e1/download',
};
const expired: PrivacyExport = { ...ready, id: 'e0', status: 'expired', requestedAt: '2026-10-01T15:00:00.000Z', downloadUrl: null };

/** A fake of the two endpoints keeping its own list, so the card's refetch after asking sees the new export. */
function fakeServer(initial: PrivacyExport[], answer?: Response) {
  let list = [...initial];
  const calls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${String(input)}`);
    if (method === 'GET') return json(200, list);
    if (answer) return answer;
    const created: PrivacyExport = { id: 'e2', status: 'pending', requestedAt: new Date().toISOString(), readyAt: null, expiresAt: null, byteSize: null, downloadUrl: null };
    list = [created, ...list];
    return json(201, created);
  });
  return { fetchMock, calls };
}

let server: ReturnType<typeof fakeServer>;
const serve = (initial: PrivacyExport[], answer?: Response) => {
  server = fakeServer(initial, answer);
  vi.stubGlobal('fetch', server.fetchMock);
};
beforeEach(() => serve([ready, expired]));
afterEach(() => vi.unstubAllGlobals());

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PrivacyExportCard />
    </QueryClientProvider>,
  );
const card = () => within(screen.getByRole('region', { name: 'Download my data' }));

describe('PrivacyExportCard', () => {
  it('lists exports with their status and a download link only while ready', async () => {
    renderCard();
    const list = await card().findByRole('list', { name: 'Your data exports' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Ready \(2\.5 MB\)\. The link works until Nov 27, 2026/);
    const link = within(items[0]!).getByRole('link', { name: /Download the export asked for/ });
    expect(link).toHaveAttribute('href', '/api/privacy-exports/e1/download');
    expect(items[1]).toHaveTextContent('Expired. Ask for a new one to download your data again.');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });

  it('asks for an export, then shows it being prepared and stops asking twice', async () => {
    renderCard();
    const button = await card().findByRole('button', { name: 'Prepare my data' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await card().findByText('We are preparing your data and will email you when it is ready.')).toBeInTheDocument();
    expect(await card().findByText('Being prepared. We will email you when it is ready.')).toBeInTheDocument();
    await waitFor(() => expect(card().getByRole('button', { name: 'Prepare my data' })).toBeDisabled());
    expect(server.calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/privacy-exports']);
  });

  it('says so when asking fails', async () => {
    serve([], json(500, { error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } }));
    renderCard();
    const button = await card().findByRole('button', { name: 'Prepare my data' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await card().findByText('Unable to ask for your data. Please try again.')).toBeInTheDocument();
  });
});
