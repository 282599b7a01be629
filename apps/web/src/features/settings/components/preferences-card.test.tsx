import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTimeZone } from '@/lib/time-zone';
import { PreferencesCard } from './preferences-card';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const profile = {
  id: 'u1',
  name: 'Marie Tremblay',
  email: 'marie@example.ca',
  emailVerified: true,
  pendingEmail: null,
  language: 'en',
  timeZone: 'America/Toronto',
  marketingConsent: false,
  utilityDataConsent: false,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setTimeZone('America/Toronto');
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // What other screens fetched in the old zone, and settings' own data.
  queryClient.setQueryData(['usage', 'history', 7], { days: [] });
  queryClient.setQueryData(['dashboard', 'summary'], { todayCostCents: 350 });
  queryClient.setQueryData(['settings', 'sessions'], []);
  render(
    <QueryClientProvider client={queryClient}>
      <PreferencesCard />
    </QueryClientProvider>,
  );
  return queryClient;
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

describe('PreferencesCard time zone', () => {
  it('says that days, charts and costs follow the zone', async () => {
    fetchMock.mockResolvedValueOnce(json(200, profile));
    renderCard();
    const select = await screen.findByLabelText('Time zone');
    expect(select).toHaveAccessibleDescription('Your days, charts and costs will follow this time zone.');
  });

  it('saves the zone, then marks every screen’s data stale (not settings’ own)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, profile));
    const queryClient = renderCard();
    const select = await screen.findByLabelText('Time zone');
    await waitFor(() => expect(select).toBeEnabled());
    fetchMock.mockResolvedValueOnce(json(200, { ...profile, timeZone: 'America/Vancouver' }));
    await userEvent.selectOptions(select, 'America/Vancouver');

    await waitFor(() => expect(invalidated(queryClient, ['usage', 'history', 7])).toBe(true));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/profile/preferences');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ timeZone: 'America/Vancouver' });
    expect(invalidated(queryClient, ['dashboard', 'summary'])).toBe(true);
    expect(invalidated(queryClient, ['settings', 'sessions'])).toBe(false);
    expect(select).toHaveValue('America/Vancouver');
  });

  it('compares with the saved zone, not this browser’s guess shown before a first save', async () => {
    setTimeZone('America/Vancouver');
    fetchMock.mockResolvedValueOnce(json(200, profile));
    const queryClient = renderCard();
    const select = await screen.findByLabelText('Time zone');
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('America/Vancouver');
    fetchMock.mockResolvedValueOnce(json(200, { ...profile, timeZone: 'America/Vancouver' }));
    await userEvent.selectOptions(select, 'America/Vancouver');
    await waitFor(() => expect(invalidated(queryClient, ['usage', 'history', 7])).toBe(true));
  });

  it('leaves other screens’ data alone when only the language changes', async () => {
    fetchMock.mockResolvedValueOnce(json(200, profile));
    const queryClient = renderCard();
    const language = await screen.findByLabelText('Language');
    await waitFor(() => expect(language).toBeEnabled());
    fetchMock.mockResolvedValueOnce(json(200, profile));
    await userEvent.selectOptions(language, 'en');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByLabelText('Language')).toBeEnabled());
    expect(invalidated(queryClient, ['usage', 'history', 7])).toBe(false);
  });
});
