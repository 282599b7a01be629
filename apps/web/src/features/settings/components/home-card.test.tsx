import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Home } from '@peakwise/contracts/household-home.contract';
import { getTimeZone, setTimeZone } from '@/lib/time-zone';
import { renderWithApi } from '@/test/energy-test-utils';
import { HomeCard } from './home-card';

type Call = { url: string; method: string; body: unknown };
const unset: Home = { postalCode: null, city: null, province: 'ON', timeZone: 'America/Toronto', tariffPlanId: 'on-tou' };

beforeEach(() => setTimeZone('America/Toronto'));
afterEach(() => vi.unstubAllGlobals());

function renderCard(answers: { home?: Home; postal?: (code: string) => Response; put?: (body: { postalCode: string; timeZone: string }) => Response } = {}) {
  const calls: Call[] = [];
  const rendered = renderWithApi(<HomeCard />, (url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/household/home' && method === 'GET') return Response.json(answers.home ?? unset);
    if (url === '/api/household/home' && method === 'PUT') return answers.put!(JSON.parse(String(init!.body)) as { postalCode: string; timeZone: string });
    if (url.startsWith('/api/postal-codes/')) return answers.postal!(decodeURIComponent(url.slice('/api/postal-codes/'.length)));
    return new Response(null, { status: 404 });
  });
  return { ...rendered, calls };
}

describe('HomeCard (decision 057)', () => {
  it('says when the home is not set, and shows the plan', async () => {
    renderCard();
    expect(await screen.findByText(/You have not told us where your home is yet\./)).toBeInTheDocument();
    expect(screen.getByTestId('home-current')).toHaveTextContent('Plan: Ontario Time-of-Use.');
    expect(screen.getByRole('region', { name: 'Your home' })).toHaveAttribute('id', 'home');
  });

  it('offers the zones of the province typed, and saves a Québec home with the chosen zone', async () => {
    const saved: Home = { postalCode: 'H2X 1Y4', city: 'Montréal', province: 'QC', timeZone: 'America/Halifax', tariffPlanId: 'qc-rate-d' };
    const { calls } = renderCard({
      postal: (code) => Response.json({ postalCode: 'H2X 1Y4', city: 'Montréal', province: 'QC', isServiceable: code === 'H2X1Y4' }),
      put: () => Response.json(saved),
    });
    const input = await screen.findByLabelText('Postal code');
    const zone = screen.getByLabelText('Time zone of your home');
    expect(within(zone).getAllByRole('option').map((o) => o.textContent)).toEqual(['Eastern Time', 'Central Time']);
    await userEvent.type(input, 'h2x 1y4');
    expect(within(zone).getAllByRole('option').map((o) => o.textContent)).toEqual(['Eastern Time', 'Atlantic Time']);
    expect(zone).toHaveAccessibleDescription('The time zones used in Québec.');
    await userEvent.selectOptions(zone, 'America/Halifax');
    await userEvent.click(screen.getByRole('button', { name: 'Save my home' }));
    expect(await screen.findByText('Saved. Your home is in Montréal, Québec.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ url: '/api/household/home', method: 'PUT', body: { postalCode: 'H2X 1Y4', timeZone: 'America/Halifax' } }]);
    expect(getTimeZone()).toBe('America/Halifax');
    await waitFor(() => expect(screen.getByTestId('home-current')).toHaveTextContent('Your home: H2X 1Y4, Montréal, Québec. Plan: Hydro-Québec Rate D.'));
  });

  it('refuses a malformed code with the checker’s message and asks nothing', async () => {
    const { calls } = renderCard();
    await userEvent.type(await screen.findByLabelText('Postal code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save my home' }));
    const input = screen.getByLabelText('Postal code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Please enter a valid postal code \(e\.g\., A1A 1A1\)/);
    expect(calls.filter((c) => c.url !== '/api/household/home')).toEqual([]);
  });

  it('says an unserved area is not served, naming it, and saves nothing', async () => {
    const { calls } = renderCard({ postal: () => Response.json({ postalCode: 'R3C 4T3', city: 'Winnipeg', province: 'MB', isServiceable: false }) });
    await userEvent.type(await screen.findByLabelText('Postal code'), 'R3C 4T3');
    await userEvent.click(screen.getByRole('button', { name: 'Save my home' }));
    expect(await screen.findByText("We don't currently service Winnipeg, Manitoba. We're expanding quickly - check back soon!")).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the lookup failure, and a refusal from the server in words', async () => {
    let lookupFails = true;
    renderCard({
      postal: () => (lookupFails ? new Response('oops', { status: 502 }) : Response.json({ postalCode: 'T2P 1J9', city: 'Calgary', province: 'AB', isServiceable: true })),
      put: () => Response.json({ error: { code: 'time_zone_not_in_province', message: 'x' } }, { status: 400 }),
    });
    await userEvent.type(await screen.findByLabelText('Postal code'), 'T2P 1J9');
    await userEvent.click(screen.getByRole('button', { name: 'Save my home' }));
    expect(await screen.findByText('Unable to verify this postal code. Please try again.')).toBeInTheDocument();
    lookupFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save my home' }));
    expect(await screen.findByText("This time zone is not used in your home's province.")).toBeInTheDocument();
  });
});
