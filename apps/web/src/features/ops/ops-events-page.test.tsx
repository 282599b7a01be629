import type { OpsEvent } from '@peakwise/contracts/events.contract';
import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { programTerms } from '@/test/program-fixture';
import { plain } from '@/test/energy-test-utils';
import OpsEventsPage from './ops-events-page';

const ontario: OpsProgram = { ...programTerms, id: '11111111-1111-4111-8111-111111111111', name: 'Ontario Peak Saver', provinces: ['ON'], fsas: null, defaultRewardPoints: 100, defaultTargetPercent: 10, rewardPoints: 100, targetPercent: 10, reach: 42 };
const prairie: OpsProgram = { ...programTerms, id: '22222222-2222-4222-8222-222222222222', name: 'Prairie Peak', provinces: ['SK'], fsas: null, defaultRewardPoints: 80, defaultTargetPercent: 10, rewardPoints: 80, targetPercent: 10, reach: 5 };

const upcoming: OpsEvent = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  programId: ontario.id,
  programName: ontario.name,
  startsAt: '2099-01-20T23:00:00.000Z',
  endsAt: '2099-01-21T01:00:00.000Z',
  rewardPoints: 100,
  targetPercent: 10,
  status: 'scheduled',
  reach: 42,
  optedIn: 7,
  settled: null,
};
const settled: OpsEvent = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  programId: prairie.id,
  programName: prairie.name,
  startsAt: '2025-07-15T23:00:00.000Z',
  endsAt: '2025-07-16T01:00:00.000Z',
  rewardPoints: 80,
  targetPercent: 12,
  status: 'settled',
  reach: 5,
  optedIn: 4,
  settled: { households: 4, pointsAwarded: 240, reductionKwh: 6.25, insufficientData: 1 },
};

type Call = { url: string; method: string; body: unknown };

function renderPage(events: OpsEvent[] = [upcoming, settled], answer?: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answered = answer?.(call);
      if (answered) return answered;
      if (url.includes('/api/auth/get-session')) return Response.json({ user: { id: 'op', name: 'Olivia', email: 'op@example.ca' }, session: {} });
      if (url === '/api/ops/programs') return Response.json([ontario, prairie]);
      if (url === '/api/ops/events') return Response.json(events);
      if (call.method !== 'GET') return new Response(null, { status: 204 });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OpsEventsPage />
    </QueryClientProvider>,
  );
  return calls;
}

const rowOf = async (id: string) => {
  await screen.findByRole('table');
  const row = document.querySelector<HTMLElement>(`[data-event-id="${id}"]`);
  if (!row) throw new Error(`no row for ${id}`);
  return row;
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('OpsEventsPage', () => {
  it('lists each event with its status, window on the program’s clock, terms, reach, opt-ins and results', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Energy Saving Events' })).toBeInTheDocument();
    const headers = within(await screen.findByRole('table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Status', 'Program', 'Window', 'Reward', 'Target', 'Reach', 'Opted in', 'Results', 'Actions']);

    const first = await rowOf(upcoming.id);
    const cells = within(first).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells[0]).toBe('Scheduled');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Ontario Peak Saver');
    // 23:00Z in January is 6 p.m. Eastern Standard Time.
    expect(cells[1]).toContain('Tue, Jan 20, 2099, 6:00–8:00 p.m. EST');
    expect(cells[1]).toContain('Eastern Time · America/Toronto');
    expect([cells[2], cells[4], cells[5]]).toEqual(['100 points', '42', '7']);
    // "10%" on screen, and what it is below for a screen reader.
    expect(within(first).getAllByRole('cell')[3]).toHaveTextContent(/^10%10% below baseline$/);
    expect(cells[6]).toBe('Not settled yet');
    expect(within(first).getByRole('button', { name: /^Edit the Ontario Peak Saver event/ })).toBeInTheDocument();

    const second = await rowOf(settled.id);
    const done = within(second).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(done[0]).toBe('Settled');
    // Saskatchewan keeps UTC−6 in summer: 23:00Z is 5 p.m. there (it would be 6 p.m. in Winnipeg).
    expect(done[1]).toContain('Tue, Jul 15, 2025, 5:00–7:00 p.m. CST');
    expect(done[1]).toContain('Saskatchewan Time · America/Regina');
    expect(done[6]).toContain('6.3 kWh reduced');
    expect(done[6]).toContain('240 points awarded');
    expect(done[6]).toContain('from 4 households');
    expect(done[6]).toContain('1 household with insufficient data');
    // Past its start: nothing to change.
    expect(within(second).queryAllByRole('button')).toEqual([]);
  });

  it('says a negative reduction as use above the baseline', async () => {
    renderPage([{ ...settled, settled: { households: 2, pointsAwarded: 0, reductionKwh: -0.25, insufficientData: 0 } }]);
    const cells = within(await rowOf(settled.id)).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells[6]).toContain('0.3 kWh above baseline');
    expect(cells[6]).toContain('0 points awarded');
    expect(cells[6]).not.toContain('insufficient');
  });

  it('shows points held until the members’ seasons prove their cuts apart from those paid (decision 140)', async () => {
    renderPage([{ ...settled, settled: { households: 4, pointsAwarded: 160, pointsHeld: 80, reductionKwh: 6.25, insufficientData: 0 } }]);
    const cells = within(await rowOf(settled.id)).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells[6]).toContain('160 points awarded');
    expect(cells[6]).toContain('80 points held until members’ cuts are proven');
  });

  it('says nothing of held points when none are held', async () => {
    renderPage([{ ...settled, settled: { households: 4, pointsAwarded: 240, pointsHeld: 0, reductionKwh: 6.25, insufficientData: 0 } }]);
    const cells = within(await rowOf(settled.id)).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells[6]).not.toContain('held');
  });

  it('says so when there are no events yet', async () => {
    renderPage([]);
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
  });

  it('edits the reward on the event’s own clock and sends only what changed', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await user.click(within(await rowOf(upcoming.id)).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2099-01-20');
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('18:00');
    expect(within(dialog).getByLabelText('End time')).toHaveValue('20:00');
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('America/Toronto');
    const reward = within(dialog).getByLabelText('Reward (points)');
    await user.clear(reward);
    await user.type(reward, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([{ url: `/api/ops/events/${upcoming.id}`, method: 'PATCH', body: { rewardPoints: 150 } }]);
  });

  it('keeps the dialog open with the server’s reason when the event has started meanwhile', async () => {
    renderPage(undefined, (call) =>
      call.method === 'PATCH' ? Response.json({ error: { code: 'event_started', message: 'This event has already started; it can no longer be changed.' } }, { status: 409 }) : undefined,
    );
    const user = userEvent.setup();
    await user.click(within(await rowOf(upcoming.id)).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    await user.clear(within(dialog).getByLabelText('Target (% below baseline)'));
    await user.type(within(dialog).getByLabelText('Target (% below baseline)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This event has already started; it can no longer be changed.')).toBeInTheDocument();
  });

  it('cancels only after the operator confirms', async () => {
    const calls = renderPage();
    const user = userEvent.setup();
    await user.click(within(await rowOf(upcoming.id)).getByRole('button', { name: /^Cancel the Ontario Peak Saver event/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this event?' });
    expect(dialog).toHaveTextContent('The Ontario Peak Saver event of Jan 20, 6:00 p.m. will be cancelled.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(within(await rowOf(upcoming.id)).getByRole('button', { name: /^Cancel the/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/ops/events/${upcoming.id}/cancel`]);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Événements d’économie d’énergie' })).toBeInTheDocument();
    const cells = within(await rowOf(upcoming.id)).getAllByRole('cell').map((c) => plain(c.textContent));
    expect(cells[0]).toBe('Planifié');
    expect(cells[1]).toMatch(/18 h 00\s–\s20 h 00 HNE/);
    expect(cells[1]).toContain('Heure de l’Est · America/Toronto');
  });
});
