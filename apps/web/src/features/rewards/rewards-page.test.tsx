import type { CashOut, CashOutRules } from '@peakwise/contracts/cash-outs.contract';
import type { MemberEvent, PointsSummary, BaselineOutlookView } from '@peakwise/contracts/events.contract';
import type { PrizeDraws } from '@peakwise/contracts/prize-draws.contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { activityEntriesAt, type ActivityEntry } from '@/test/points-activity-entry';
import RewardsPage from './rewards-page';

const EVENT_ID = '7b0e4a5e-8d7a-4d43-9a39-1f7a3f0a2c11';
const CASH_OUT_ID = '1c7e0b6a-1111-4d43-9a39-1f7a3f0a2c11';

const entry = activityEntriesAt('2025-11-20T15:00:00.000Z');

const rules: CashOutRules = { minimumPoints: 1000, reviewAbovePoints: 10_000, pointsPerDollar: 100, sentWithinMinutes: 5, reviewWithinBusinessDays: 1 };
const noDraws: PrizeDraws = { current: null, recent: [], prizePoints: 2500, monthlyBonusPoints: 500 };

function renderPage(points: PointsSummary, options: { cashOuts?: CashOut[]; draws?: PrizeDraws; olderPage?: PointsSummary; post?: (body: unknown) => Response; upcoming?: MemberEvent[]; outlooks?: Record<string, BaselineOutlookView> } = {}) {
  return renderWithApi(
    <RewardsPage />,
    (url, init) => {
      if (url === '/api/points' || url === '/api/points?limit=20') return Response.json(points);
      if (url.startsWith('/api/points?limit=20&cursor=') && options.olderPage) return Response.json(options.olderPage);
      if (url === '/api/cash-outs/rules') return Response.json(rules);
      if (url === '/api/cash-outs' && init?.method === 'POST') return options.post ? options.post(JSON.parse(String(init.body))) : new Response(null, { status: 500 });
      if (url === '/api/cash-outs') return Response.json(options.cashOuts ?? []);
      if (url === '/api/prize-draws') return Response.json(options.draws ?? noDraws);
      if (url === '/api/rewards/catalogue') return Response.json({ items: [] });
      if (url === '/api/rewards/orders') return Response.json({ orders: [] });
      if (url === '/api/events/upcoming') return Response.json({ events: options.upcoming ?? [], outlooks: options.outlooks ?? {} });
      return new Response(null, { status: 404 });
    },
    '/app/rewards',
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const summary = (balance: number, activity: ActivityEntry[], nextCursor: string | null = null): PointsSummary => ({ balance, valueCents: balance, lifetimeEarned: balance, nextReward: null, activity, nextCursor });

describe('RewardsPage', () => {
  it('shows the balance, its value and lifetime earned, and the activity with running balances and links to events', async () => {
    renderPage({
      ...summary(1250, [
        entry('3', 'redemption', -150, 1250),
        entry('2', 'event_adjustment', 25, 1400, { eventId: EVENT_ID }),
        entry('1', 'event_reward', 125, 1375, { eventId: EVENT_ID }),
      ]),
      lifetimeEarned: 1400,
    });
    const balance = (await screen.findByRole('heading', { name: 'Points Balance' }, { timeout: 5000 })).closest('section')!;
    expect(plain(balance.textContent)).toContain('1,250 points');
    expect(screen.getByRole('heading', { name: 'Value' }).closest('section')).toHaveTextContent('$12.50');
    expect(plain(screen.getByRole('heading', { name: 'Lifetime Earned' }).closest('section')!.textContent)).toContain('1,400 points');

    const items = within(await screen.findByTestId('points-activity')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(plain(items[0]!.textContent)).toMatch(/Redeemed.*(−|-)150/);
    expect(plain(items[0]!.textContent)).toContain('Balance 1,250');
    expect(items[0]).toHaveTextContent('(Redeemed)');
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(plain(items[1]!.textContent)).toContain('Energy Saving Event adjustment');
    expect(plain(items[1]!.textContent)).toContain('+25');
    expect(within(items[2]!).getByRole('link', { name: /View event/ })).toHaveAttribute('href', `/app/events/${EVENT_ID}`);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/points/activity.csv');
    expect(screen.getByRole('heading', { name: 'Rewards Marketplace' })).toBeInTheDocument();
  });

  it('names what each redemption bought, in the language on screen, and links it to its order', async () => {
    const ORDER_ID = '5b1d7a52-2222-4c1e-8f00-3a5e2c7d9e01';
    renderPage(summary(700, [entry('4', 'redemption', -300, 700, { orderId: ORDER_ID, item: { en: 'Smart plug', fr: 'Prise intelligente', es: 'Enchufe inteligente' } })]));
    const [item] = within(await screen.findByTestId('points-activity')).getAllByRole('listitem');
    expect(plain(item!.textContent)).toContain('Redeemed: Smart plug');
    expect(within(item!).getByRole('link', { name: /View order/ })).toHaveAttribute('href', `/app/rewards#order-${ORDER_ID}`);
  });

  it('says how to earn the first points when there is no activity', async () => {
    renderPage(summary(0, []));
    expect(await screen.findByText('No points yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('pages older activity with the server’s cursor', async () => {
    const { fetchMock } = renderPage(summary(300, [entry('9', 'event_reward', 100, 300)], '9'), { olderPage: summary(300, [entry('8', 'event_reward', 200, 200)]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Show older activity' }, { timeout: 5000 }));
    await screen.findByText('Balance 200');
    expect(within(screen.getByTestId('points-activity')).getAllByRole('listitem')).toHaveLength(2);
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/points?limit=20&cursor=9');
    expect(screen.queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument();
  });

  it('states the cash-out rules before anything is confirmed, and refuses below the minimum without asking the server', async () => {
    const post = vi.fn(() => new Response(null, { status: 500 }));
    renderPage(summary(5000, []), { post });
    expect(await screen.findByText('At least 1,000 points ($10.00), by Interac e-Transfer to the email address you give.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Sent within 5 minutes. No waiting period.')).toBeInTheDocument();
    expect(plain(screen.getByText(/a person checks it first/).textContent)).toBe('Above 10,000 points ($100.00), a person checks it first, within 1 business day.');
    fireEvent.change(screen.getByLabelText('Points to cash out'), { target: { value: '999' } });
    fireEvent.change(screen.getByLabelText('Interac e-Transfer email address'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('The minimum cash-out is 1,000 points.')).toBeInTheDocument();
    expect(screen.getByLabelText('Points to cash out')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Points to cash out'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Interac e-Transfer email address'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Enter the email address you use for Interac e-Transfer.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('confirms, then requests once with one idempotency key however often it is clicked', async () => {
    const bodies: unknown[] = [];
    renderPage(summary(5000, []), {
      post: (body) => {
        bodies.push(body);
        return Response.json({ id: CASH_OUT_ID, points: 1200, valueCents: 1200, email: 'me@example.com', status: 'pending', failureReason: null, createdAt: '2025-11-20T15:00:00.000Z', sentAt: null, failedAt: null }, { status: 201 });
      },
    });
    fireEvent.change(await screen.findByLabelText('Points to cash out', {}, { timeout: 5000 }), { target: { value: '1200' } });
    fireEvent.change(screen.getByLabelText('Interac e-Transfer email address'), { target: { value: ' me@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const confirm = within(await screen.findByRole('group', { name: 'Confirm your cash-out' }));
    expect(plain(confirm.getByText(/for \$/).textContent)).toBe('1,200 points for $12.00');
    expect(confirm.getByText('To me@example.com by Interac e-Transfer')).toBeInTheDocument();
    expect(plain(confirm.getByText(/Balance after/).textContent)).toBe('Balance after: 3,800 points');
    const button = confirm.getByRole('button', { name: 'Confirm cash-out' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Cash-out requested.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({ points: 1200, email: 'me@example.com', idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
  });

  it('shows the server’s refusal in the member’s words and each cash-out’s status with its reason', async () => {
    renderPage(summary(1500, []), {
      post: () => Response.json({ error: { code: 'insufficient_points', message: 'You do not have enough points for this.' } }, { status: 409 }),
      cashOuts: [
        { id: 'a', points: 20_000, valueCents: 20_000, email: 'me@example.com', status: 'held', failureReason: null, createdAt: '2025-11-20T15:00:00.000Z', sentAt: null, failedAt: null },
        { id: 'b', points: 1000, valueCents: 1000, email: 'me@example.com', status: 'failed', failureReason: 'The recipient’s bank declined the e-Transfer.', createdAt: '2025-11-19T15:00:00.000Z', sentAt: null, failedAt: '2025-11-19T16:00:00.000Z' },
      ],
    });
    const list = await screen.findByTestId('cash-outs', {}, { timeout: 5000 });
    const [held, failed] = within(list).getAllByRole('listitem');
    expect(held).toHaveTextContent('In review');
    expect(plain(held!.textContent)).toContain('20,000 points · $200.00');
    expect(failed).toHaveTextContent('Failed, points returned');
    expect(failed).toHaveTextContent('Reason: The recipient’s bank declined the e-Transfer.');
    fireEvent.change(screen.getByLabelText('Points to cash out'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Interac e-Transfer email address'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm cash-out' }));
    expect(await screen.findByText('You do not have enough points for this.')).toBeInTheDocument();
  });

  it('shows the prize draw’s commitment, results with their seed, and the monthly bonus rule', async () => {
    const commitment = 'f7854310c270b6cf62a09fb4e52878df72cec61f80bde9d85e748f51cc8ba7e1';
    renderPage(summary(0, []), {
      draws: {
        prizePoints: 2500,
        monthlyBonusPoints: 500,
        current: { id: 'c', week: '2026-03-09', startsAt: '2026-03-09T04:00:00.000Z', endsAt: '2026-03-16T04:00:00.000Z', commitment, committedAt: '2026-03-08T04:00:00.000Z', prizePoints: 2500, status: 'committed', seed: null, digest: null, entries: null, winnerEntry: null, drawnAt: null, myEntry: null, won: false },
        recent: [
          { id: 'd', week: '2026-03-02', startsAt: '2026-03-02T05:00:00.000Z', endsAt: '2026-03-09T04:00:00.000Z', commitment: 'x', committedAt: '2026-03-01T05:00:00.000Z', prizePoints: 2500, status: 'drawn', seed: '5eed00c0ffee', digest: 'aa70', entries: 3, winnerEntry: 'b2', drawnAt: '2026-03-11T04:00:00.000Z', myEntry: 'b2', won: true },
        ],
      },
    });
    expect(await screen.findByText(commitment, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Week of March 9, 2026')).toBeInTheDocument();
    const results = within(screen.getByTestId('prize-results'));
    expect(results.getByText('5eed00c0ffee')).toBeInTheDocument();
    expect(results.getByText('You won this draw.')).toBeInTheDocument();
    expect(results.getByRole('link', { name: /Entries \(text file\)/ })).toHaveAttribute('href', '/api/prize-draws/d/entries');
    expect(plain(screen.getByText(/The winner gets/).textContent)).toContain('The winner gets 2,500 points.');
    expect(plain(screen.getByText(/earn 500 points/).textContent)).toContain('Take part in every Energy Saving Event in your area in a month');
    // How to check a draw is said in words: a member's screen shows no shell command.
    expect(document.body.textContent).not.toMatch(/sha256sum|printf|LC_ALL/);
    expect(screen.getByText(/The digest is the SHA-256 of the seed/)).toBeInTheDocument();
  });

  it('states the rules and the prize in French', async () => {
    await i18n.changeLanguage('fr');
    renderPage(summary(5000, []));
    expect(plain((await screen.findByText(/par virement Interac/, {}, { timeout: 5000 })).textContent)).toBe(
      'Au moins 1 000 points (10,00 $), par virement Interac à l’adresse courriel que vous indiquez.',
    );
    expect(screen.getByRole('heading', { name: 'Tirage de la semaine' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prime mensuelle' })).toBeInTheDocument();
  });

  it('lists the upcoming events with what each could earn and whether the home takes part', async () => {
    const event = (id: string, startsAt: string, endsAt: string, over: Partial<MemberEvent> = {}): MemberEvent => ({
      id,
      programName: 'Ontario Peak Saver',
      startsAt,
      endsAt,
      timeZone: 'America/Toronto',
      rewardPoints: 100,
      targetPercent: 10,
      status: 'scheduled',
      optedIn: false,
      canChange: true,
      ...over,
    });
    renderPage(summary(0, []), {
      upcoming: [
        event(EVENT_ID, '2030-03-12T22:00:00.000Z', '2030-03-12T23:00:00.000Z', { optedIn: true }),
        event('8c1f5b6f-9e8b-4e54-8b4a-2a8b4b1b3d22', '2030-03-14T22:00:00.000Z', '2030-03-15T00:00:00.000Z', { rewardPoints: 150, targetPercent: 15 }),
      ],
    });
    const rows = within(await screen.findByTestId('upcoming-events', {}, { timeout: 5000 })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    // 100 points at the 10 % target, twice that at three targets (docs/decisions/029-event-baseline-and-points.md).
    expect(plain(within(rows[0]!).getByTestId('could-earn').textContent)).toBe('Could earn 100 points at a 10% cut, up to 200 points at 30%');
    expect(rows[0]).toHaveTextContent('You’re taking part');
    expect(within(rows[0]!).getByRole('link', { name: /View event/ })).toHaveAttribute('href', `/app/events/${EVENT_ID}`);
    expect(plain(within(rows[1]!).getByTestId('could-earn').textContent)).toBe('Could earn 150 points at a 15% cut, up to 300 points at 45%');
    expect(rows[1]).toHaveTextContent('Not opted in yet');
    expect(rows[0]).toHaveTextContent(/Thu(rsday)?, March 12|March 12/);
    // What the rows promise holds under decision 140: a small saving may wait for the season.
    expect(screen.getByText('Small savings may be held until your cuts over the season prove them.')).toBeInTheDocument();
  });

  it('promises no points for an event the home cannot earn from, and says why (decision 098)', async () => {
    const upcoming: MemberEvent = { id: EVENT_ID, programName: 'Ontario Peak Saver', startsAt: '2030-03-12T22:00:00.000Z', endsAt: '2030-03-12T23:00:00.000Z', timeZone: 'America/Toronto', rewardPoints: 100, targetPercent: 10, status: 'scheduled', optedIn: false, canChange: true };
    renderPage(summary(0, []), { upcoming: [upcoming], outlooks: { [EVENT_ID]: { status: 'insufficient_history', kind: 'weekday', days: [], needed: 5, daysLeft: 0 } } });
    const row = within(await screen.findByTestId('upcoming-events', {}, { timeout: 5000 })).getByRole('listitem');
    expect(plain(within(row).getByTestId('could-earn').textContent)).toBe('Won’t pay your home points. The event’s page says why.');
  });

  it('says when no event is scheduled', async () => {
    renderPage(summary(0, []));
    expect(await screen.findByText('No events scheduled', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
