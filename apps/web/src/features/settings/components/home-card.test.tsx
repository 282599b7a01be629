import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Home } from '@peakwise/contracts/household-home.contract';
import { i18n } from '@/lib/i18n';
import { getTimeZone, setTimeZone } from '@/lib/time-zone';
import { renderWithApi } from '@/test/energy-test-utils';
import { HomeCard } from './home-card';

type Call = { url: string; method: string; body: unknown };
const unset: Home = { postalCode: null, city: null, province: 'ON', timeZone: 'America/Toronto', tariffPlanId: 'on-tou', hasBattery: false };

beforeEach(() => setTimeZone('America/Toronto'));
afterEach(() => vi.unstubAllGlobals());

function renderCard(
  answers: { home?: Home; postal?: (code: string) => Response; put?: (body: { postalCode: string; timeZone: string }) => Response; battery?: (body: { hasBattery: boolean }) => Response } = {},
) {
  const calls: Call[] = [];
  const rendered = renderWithApi(<HomeCard />, (url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/household/home' && method === 'GET') return Response.json(answers.home ?? unset);
    if (url === '/api/household/home' && method === 'PUT') return answers.put!(JSON.parse(String(init!.body)) as { postalCode: string; timeZone: string });
    if (url === '/api/household/battery' && method === 'PUT') return answers.battery!(JSON.parse(String(init!.body)) as { hasBattery: boolean });
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
    const saved: Home = { postalCode: 'H2X 1Y4', city: 'Montréal', province: 'QC', timeZone: 'America/Halifax', tariffPlanId: 'qc-rate-d', hasBattery: false };
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

describe('HomeCard: the home’s battery (decision 138)', () => {
  const hint = 'A battery changes how your use looks in the hours before an event, so we score your events against your usual days alone, without the same-day adjustment. If your meter reports what your solar panels produce, we use those of your usual days whose panels produced the most like the event day’s before it started, since a sunnier day leaves a battery with more to give.';

  it('asks with a labelled box that says why, and saves a tick from the keyboard on its own route, with no postal code', async () => {
    const { calls } = renderCard({ battery: (body) => Response.json(body) });
    const box = await screen.findByRole('checkbox', { name: 'My home has a battery' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(hint);
    // Reached with Tab from the card's last control, ticked with the space bar.
    screen.getByRole('button', { name: 'Save my home' }).focus();
    await userEvent.tab();
    expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(await screen.findByText('Saved: your home has a battery.')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(`${hint} Saved: your home has a battery.`);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ url: '/api/household/battery', method: 'PUT', body: { hasBattery: true } }]);
    // The home as read shows the saved answer: nothing else is asked for it.
    expect(calls.filter((c) => c.url === '/api/household/home')).toHaveLength(1);

    await userEvent.click(box);
    expect(await screen.findByText('Saved: your home has no battery.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.body)).toEqual([{ hasBattery: true }, { hasBattery: false }]);
  });

  it('asks in French and in Spanish, in their own words', async () => {
    try {
      for (const [language, label, hint] of [
        ['fr', 'Mon domicile a une batterie', /laisse plus d’énergie à la batterie\.$/],
        ['es', 'Mi hogar tiene una batería', /deja a la batería más para dar\.$/],
      ] as const) {
        await i18n.changeLanguage(language);
        const { unmount } = renderCard();
        expect(await screen.findByRole('checkbox', { name: label })).toHaveAccessibleDescription(hint);
        unmount();
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the saved answer of a home with a battery', async () => {
    renderCard({ home: { ...unset, hasBattery: true } });
    expect(await screen.findByRole('checkbox', { name: 'My home has a battery' })).toBeChecked();
  });

  it('on a refusal says so and keeps showing what is saved', async () => {
    let answer = () => Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 });
    renderCard({ battery: () => answer() });
    const box = await screen.findByRole('checkbox', { name: 'My home has a battery' });
    await userEvent.click(box);
    expect(await screen.findByText('Unable to save your answer. Please try again.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();

    answer = () => Response.json({ error: { code: 'demo_account_shared', message: 'x' } }, { status: 403 });
    await userEvent.click(box);
    expect(await screen.findByText(/This demo account is shared by everyone trying Peakwise/)).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });
});
