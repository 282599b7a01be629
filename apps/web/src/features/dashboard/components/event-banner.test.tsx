import type { BaselineOutlookView, MemberEvent } from '@peakwise/contracts/events.contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { EventBanner } from './event-banner';

// 23:00Z on Nov 24, 2025 is 6 p.m. in Toronto and 3 p.m. in Vancouver; the test runs at 1 p.m. Toronto.
const NOW = new Date('2025-11-24T18:00:00.000Z');

const event = (patch: Partial<MemberEvent> = {}): MemberEvent => ({
  id: '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11',
  programName: 'Ontario Peak Saver',
  startsAt: '2025-11-24T23:00:00.000Z',
  endsAt: '2025-11-25T00:00:00.000Z',
  timeZone: 'America/Toronto',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'scheduled',
  optedIn: false,
  canChange: true,
  ...patch,
});

type Put = { url: string; body: unknown };

function renderBanner(next: MemberEvent | null, answerPut: (put: Put) => Response = ({ body }) => Response.json({ ...next, ...(body as object) }), outlook: BaselineOutlookView | null = null) {
  const puts: Put[] = [];
  let current = next;
  const result = renderWithApi(<EventBanner />, async (url, init) => {
    if (url === '/api/events/next') return Response.json({ event: current, outlook });
    if (init?.method === 'PUT') {
      const put = { url, body: JSON.parse(String(init.body)) };
      puts.push(put);
      const response = answerPut(put);
      if (response.ok && current) current = { ...current, ...(put.body as object) };
      return response;
    }
    return new Response(null, { status: 404 });
  });
  return { ...result, puts };
}

const banner = () => screen.findByTestId('event-banner', {}, { timeout: 5000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EventBanner', () => {
  it('shows the event, the window on the household’s clock, the reward and a link to the event', async () => {
    renderBanner(event());
    const section = await banner();
    expect(within(section).getByRole('heading', { name: 'Energy Saving Event' })).toBeInTheDocument();
    expect(plain(within(section).getByTestId('event-when').textContent)).toBe('Tonight, 6–7 p.m.');
    expect(section).toHaveTextContent('Reduce your usage to earn 100 points');
    expect(within(section).getByRole('link', { name: /Event details/ })).toHaveAttribute('href', '/app/events/7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11');
    expect(within(section).getByRole('button', { name: 'Opt In Now' })).toBeEnabled();
  });

  it('uses the household’s zone, not the browser’s: the same instants read 3–4 p.m. in Vancouver', async () => {
    renderBanner(event({ timeZone: 'America/Vancouver' }));
    expect(plain((await screen.findByTestId('event-when', {}, { timeout: 5000 })).textContent)).toBe('Today, 3–4 p.m.');
  });

  it('opts in with a PUT, shows the opted-in state at once, and offers to opt out', async () => {
    const user = userEvent.setup();
    const { puts } = renderBanner(event());
    await user.click(await screen.findByRole('button', { name: 'Opt In Now' }, { timeout: 5000 }));
    expect(puts).toEqual([{ url: '/api/events/7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11/participation', body: { optedIn: true } }]);
    expect(await screen.findByText('You’re opted in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opt In Now' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Opt out' })).toBeEnabled();
  });

  it('shows the choice before the server answers (optimistic)', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    renderWithApi(<EventBanner />, async (url, init) => {
      if (url === '/api/events/next') return Response.json({ event: event() });
      if (init?.method === 'PUT') return pending;
      return new Response(null, { status: 404 });
    });
    await user.click(await screen.findByRole('button', { name: 'Opt In Now' }, { timeout: 5000 }));
    expect(await screen.findByText('You’re opted in')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saving your choice…');
    answer(Response.json(event({ optedIn: true })));
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
    expect(screen.getByRole('button', { name: 'Opt out' })).toBeEnabled();
  });

  it('goes back and says why when the server refuses with 409 (the event started)', async () => {
    const user = userEvent.setup();
    renderBanner(event(), () =>
      Response.json({ error: { code: 'opt_in_closed', message: 'Opting in or out closes when the event starts.' } }, { status: 409 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Opt In Now' }, { timeout: 5000 }));
    expect(await screen.findByText('Opting in or out closes when the event starts.')).toBeInTheDocument();
    expect(screen.queryByText('You’re opted in')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opt In Now' })).toBeInTheDocument();
  });

  it('shows a running event as happening now, with the choice closed', async () => {
    renderBanner(event({ status: 'active', optedIn: true, canChange: false }));
    const section = await banner();
    expect(section).toHaveTextContent('Happening now');
    expect(section).toHaveTextContent('You’re taking part.');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing when there is no event', async () => {
    const { fetchMock, container } = renderBanner(null);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/events/next', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container).toBeEmptyDOMElement();
  });

  it('promises this home its own figures when it has a baseline', async () => {
    renderBanner(event(), undefined, { status: 'estimate', kind: 'weekday', days: ['2025-11-21', '2025-11-20', '2025-11-19', '2025-11-18', '2025-11-17'], baselineKwh: 2.4, targetKwh: 2.16, minimumCutKwh: 0.05 });
    const section = await banner();
    expect(plain(section.textContent)).toContain('Your usual 6–7 p.m.: 2.40 kWh. Use 2.16 kWh or less to earn 100 points.');
    expect(section).not.toHaveTextContent('Reduce your usage to earn');
  });

  it('says small savings may be held wherever it promises points (decision 140), and not where it promises none', async () => {
    const { unmount } = renderBanner(event(), undefined, { status: 'estimate', kind: 'weekday', days: ['2025-11-21', '2025-11-20', '2025-11-19', '2025-11-18', '2025-11-17'], baselineKwh: 2.4, targetKwh: 2.16, minimumCutKwh: 0.05 });
    expect(await banner()).toHaveTextContent('Small savings may be held until your cuts over the season prove them.');
    unmount();
    renderBanner(event(), undefined, { status: 'insufficient_history', kind: 'weekday', days: [], needed: 5, daysLeft: 0 });
    expect(await banner()).not.toHaveTextContent('Small savings');
  });

  it('promises no points to a home that cannot earn them, and says why', async () => {
    renderBanner(event(), undefined, { status: 'insufficient_history', kind: 'weekday', days: [], needed: 5, daysLeft: 0 });
    const section = await banner();
    expect(section).not.toHaveTextContent('earn 100 points');
    expect(section).toHaveTextContent('This event won’t pay you points');
    expect(section).toHaveTextContent('Points need 5 weekdays of readings before the event; you have 0.');
    expect(within(section).getByRole('link', { name: 'Connect a device' })).toBeInTheDocument();
  });

  it('tells a home with too few days of its own that similar homes will score it (decision 101)', async () => {
    renderBanner(event(), undefined, { status: 'insufficient_history', kind: 'weekday', days: ['2025-11-21', '2025-11-20'], needed: 5, daysLeft: 0 });
    const section = await banner();
    expect(section).toHaveTextContent('You’ll be scored against similar homes');
    expect(section).toHaveTextContent('Points need 5 weekdays of readings before the event; you have 2.');
    expect(section).not.toHaveTextContent('won’t pay you points');
  });

  it('keeps the offer, with what is missing, while the home can still qualify', async () => {
    renderBanner(event(), undefined, { status: 'insufficient_history', kind: 'weekday', days: ['2025-11-21', '2025-11-20', '2025-11-19', '2025-11-18'], needed: 5, daysLeft: 1 });
    const section = await banner();
    expect(section).toHaveTextContent('Reduce your usage to earn 100 points');
    expect(section).toHaveTextContent('If your readings for 1 more arrive before the event, it can pay you.');
  });
});
