import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventPreferencesCard } from './event-preferences-card';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const prefs = {
  optInEveryEvent: false,
  plugs: [
    { deviceId: 'p-lamp', name: 'Living room lamp', powerDown: false },
    { deviceId: 'p-tv', name: 'TV', powerDown: true },
  ],
  neverSwitchPlugs: 1,
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard(path = '/app/settings/notifications') {
  fetchMock.mockResolvedValueOnce(json(200, prefs));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <EventPreferencesCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
};

describe('EventPreferencesCard', () => {
  it('reached from an event page’s link (#every-event), puts focus on "opt me in to every event"', async () => {
    renderCard('/app/settings/notifications#every-event');
    const every = await screen.findByRole('checkbox', { name: 'Opt me in to every event' });
    await waitFor(() => expect(every).toHaveFocus());
  });

  it('turns on "opt me in to every event", explaining what it does', async () => {
    renderCard();
    const every = await screen.findByRole('checkbox', { name: 'Opt me in to every event' });
    expect(every).not.toBeChecked();
    expect(every).toHaveAccessibleDescription(expect.stringContaining('including the ones already announced'));
    fetchMock.mockResolvedValue(json(200, { ...prefs, optInEveryEvent: true }));
    await userEvent.click(every);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Opt me in to every event' })).toBeChecked());
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/event-preferences');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ optInEveryEvent: true });
  });

  it('lists the switchable plugs in a labelled group, counts the never-switch ones, and saves a choice', async () => {
    renderCard();
    const group = await screen.findByRole('group', { name: 'Plugs that power down during events' });
    expect(within(group).getByRole('checkbox', { name: 'Living room lamp' })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'TV' })).toBeChecked();
    expect(group).toHaveTextContent('1 plug powers something that must stay on, so it is never switched off.');

    fetchMock.mockResolvedValue(json(200, { ...prefs, plugs: [{ ...prefs.plugs[0], powerDown: true }, prefs.plugs[1]] }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Living room lamp' }));
    await waitFor(() => expect(within(group).getByRole('checkbox', { name: 'Living room lamp' })).toBeChecked());
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/event-preferences/plugs/p-lamp');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ powerDown: true });
  });

  it('says why a plug was refused, and shows it unchanged', async () => {
    renderCard();
    const lamp = await screen.findByRole('checkbox', { name: 'Living room lamp' });
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'never_switch', message: 'This plug powers something that must stay on, so it never powers down during events.' } }));
    fetchMock.mockResolvedValue(json(200, prefs));
    await userEvent.click(lamp);
    expect(await screen.findByText('This plug powers something that must stay on, so it never powers down during events.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Living room lamp' })).not.toBeChecked();
    expect(lastCall().url).not.toBe('/api/event-preferences/plugs/p-tv');
  });
});
