import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrivacyCard } from './privacy-card';

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
  marketingConsent: true,
  utilityDataConsent: false,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('PrivacyCard', () => {
  it('a switch of its own for the utility’s per-home figures, saved on its own path', async () => {
    fetchMock.mockResolvedValueOnce(json(200, profile));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    render(
      <QueryClientProvider client={queryClient}>
        <PrivacyCard />
      </QueryClientProvider>,
    );
    const utility = await screen.findByRole('switch', { name: /event figures, under a pseudonym/ });
    expect(utility).toHaveAccessibleDescription('Otherwise your home only ever counts in the program’s total.');
    await waitFor(() => expect(utility).toBeEnabled());
    expect(utility).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: /marketing/ })).toHaveAttribute('aria-checked', 'true');

    fetchMock.mockResolvedValueOnce(json(200, { ...profile, utilityDataConsent: true }));
    await userEvent.click(utility);
    await waitFor(() => expect(utility).toHaveAttribute('aria-checked', 'true'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toContain('/api/profile/consents/utility-data');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ granted: true });
    // The marketing switch is untouched.
    expect(screen.getByRole('switch', { name: /marketing/ })).toHaveAttribute('aria-checked', 'true');
  });
});
