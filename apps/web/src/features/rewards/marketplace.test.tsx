import type { PointsSummary } from '@peakwise/contracts/events.contract';
import type { CatalogueItem, RewardOrder } from '@peakwise/contracts/rewards.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import { RedeemDialog } from './components/redeem-dialog';
import RewardsPage from './rewards-page';

const text = (en: string) => ({ en, fr: `${en} FR`, es: `${en} ES` });

const giftCard: CatalogueItem = { id: 'gift', kind: 'gift_card', pointsCost: 1000, stock: 12, name: text('$10 gift card'), description: text('A code by email.'), imageUrl: '/api/rewards/items/gift/image?v=abc' };
const thermostat: CatalogueItem = { id: 'thermo', kind: 'physical', pointsCost: 2500, stock: 0, name: text('Smart thermostat'), description: text(''), imageUrl: null };
const plug: CatalogueItem = { id: 'plug', kind: 'physical', pointsCost: 1500, stock: 4, name: text('Smart plug'), description: text(''), imageUrl: null };

const summary = (balance: number, activity: PointsSummary['activity'] = []): PointsSummary => ({
  balance,
  valueCents: balance,
  lifetimeEarned: 1400,
  nextReward: balance < 2500 ? { itemId: 'thermo', name: text('Smart thermostat'), pointsCost: 2500, pointsNeeded: 2500 - balance } : null,
  activity,
  nextCursor: null,
});

const order = (over: Partial<RewardOrder> = {}): RewardOrder => ({
  id: 'o1',
  itemId: 'gift',
  kind: 'gift_card',
  name: text('$10 gift card'),
  quantity: 1,
  points: 1000,
  status: 'fulfilled',
  code: 'GIFT-1234',
  carrier: null,
  tracking: null,
  shippingAddress: null,
  createdAt: '2025-11-20T15:00:00.000Z',
  shippedAt: null,
  deliveredAt: null,
  ...over,
});

type Api = { points: PointsSummary; orders: RewardOrder[]; redeem: (init: RequestInit) => Promise<Response> | Response };

function renderPage(api: Api) {
  return renderWithApi(
    <RewardsPage />,
    (url, init) => {
      if (url === '/api/points' || url === '/api/points?limit=20') return Response.json(api.points);
      if (url === '/api/cash-outs/rules') return Response.json({ minimumPoints: 1000, reviewAbovePoints: 10_000, pointsPerDollar: 100, sentWithinMinutes: 5, reviewWithinBusinessDays: 1 });
      if (url === '/api/cash-outs') return Response.json([]);
      if (url === '/api/prize-draws') return Response.json({ current: null, recent: [], prizePoints: 2500, monthlyBonusPoints: 500 });
      if (url === '/api/rewards/catalogue') return Response.json({ items: [giftCard, plug, thermostat] });
      if (url === '/api/events/upcoming') return Response.json({ events: [] });
      if (url === '/api/rewards/orders' && init?.method === 'POST') return api.redeem(init);
      if (url === '/api/rewards/orders') return Response.json({ orders: api.orders });
      return new Response(null, { status: 404 });
    },
    '/app/rewards',
  );
}

const posts = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url, init]) => url === '/api/rewards/orders' && (init as RequestInit | undefined)?.method === 'POST');
const keyOf = (call: unknown[]) => new Headers((call[1] as RequestInit).headers).get('Idempotency-Key');

afterEach(() => vi.unstubAllGlobals());

describe('RewardsPage: the marketplace', () => {
  it('shows the points cards with the next reward and the catalogue with stock', async () => {
    renderPage({
      points: summary(1250),
      orders: [],
      redeem: () => new Response(null, { status: 500 }),
    });
    const balance = (await screen.findByRole('heading', { name: 'Points Balance' }, { timeout: 5000 })).closest('section')!;
    expect(plain(balance.textContent)).toContain('1,250 points');
    expect(screen.getByRole('heading', { name: 'Value' }).closest('section')).toHaveTextContent('$12.50');
    expect(plain(screen.getByRole('heading', { name: 'Next Reward' }).closest('section')!.textContent)).toContain('1,250 points to go for Smart thermostat');

    const cards = within(await screen.findByTestId('catalogue')).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['$10 gift card', 'Smart plug', 'Smart thermostat']);
    expect(plain(cards[0]!.textContent)).toContain('1,000 points');
    expect(cards[0]).toHaveTextContent('12 left');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/api/rewards/items/gift/image?v=abc');
    expect(cards[2]).toHaveTextContent('Out of stock');
    expect(within(cards[2]!).getByRole('button', { name: 'Redeem Smart thermostat' })).toBeDisabled();
    expect(plain(cards[1]!.textContent)).toContain('250 more points needed');
    // The balance does not cover the plug: no Redeem to press, and the button says why.
    const plugButton = within(cards[1]!).getByRole('button', { name: 'Redeem Smart plug' });
    expect(plugButton).toBeDisabled();
    expect(plain(plugButton.getAttribute('aria-describedby') && document.getElementById(plugButton.getAttribute('aria-describedby')!)?.textContent)).toBe('250 more points needed');
    expect(within(cards[0]!).getByRole('button', { name: 'Redeem $10 gift card' })).toBeEnabled();

    expect(await screen.findByText('Rewards you redeem appear here, with their codes and delivery status.')).toBeInTheDocument();
  });

  it('confirms cost and balance after; a double click sends one redemption; the code shows in the orders', async () => {
    const api: Api = { points: summary(1250), orders: [], redeem: () => new Response(null, { status: 500 }) };
    let answer: (r: Response) => void = () => {};
    api.redeem = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    const { fetchMock } = renderPage(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redeem $10 gift card' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem $10 gift card' });
    expect(plain(within(dialog).getByTestId('balance-after').textContent)).toBe('250 points');

    const confirm = within(dialog).getByRole('button', { name: 'Redeem for 1,000 points' });
    await user.dblClick(confirm);
    expect(within(dialog).getByRole('button', { name: 'Redeeming…' })).toBeDisabled();
    expect(posts(fetchMock)).toHaveLength(1);
    expect(JSON.parse(posts(fetchMock)[0]![1]!.body as string)).toEqual({ itemId: 'gift', quantity: 1 });
    expect(keyOf(posts(fetchMock)[0]!)).toMatch(/^redeem-[0-9a-f]{32}$/);

    api.points = summary(250);
    api.orders = [order()];
    answer(Response.json(order(), { status: 201 }));
    expect(await screen.findByText('Redeemed! $10 gift card is in your orders.')).toBeInTheDocument();
    expect(await screen.findByTestId('order-code')).toHaveTextContent('GIFT-1234');
    await waitFor(() => expect(plain(screen.getByRole('heading', { name: 'Points Balance' }).closest('section')!.textContent)).toContain('250 points'));
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('a retry after a lost answer sends the same key; a new confirmation gets a new one', async () => {
    const api: Api = { points: summary(5000), orders: [], redeem: () => Promise.reject(new TypeError('Failed to fetch')) };
    const { fetchMock } = renderPage(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redeem $10 gift card' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem for 1,000 points' }));
    expect(await within(dialog).findByText(/couldn’t reach Peakwise/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Redeem for 1,000 points' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(2));
    expect(keyOf(posts(fetchMock)[1]!)).toBe(keyOf(posts(fetchMock)[0]!));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Redeem $10 gift card' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Redeem for 1,000 points' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(3));
    expect(keyOf(posts(fetchMock)[2]!)).not.toBe(keyOf(posts(fetchMock)[0]!));
  });

  it('physical items ask for an address; the server’s refusals are shown with their words', async () => {
    const api: Api = {
      points: summary(5000),
      orders: [],
      redeem: () =>
        Response.json(
          { error: { code: 'validation_failed', message: 'The request is not valid', details: [{ path: 'shippingAddress.postalCode', message: 'This postal code is not in the province chosen.' }] } },
          { status: 400 },
        ),
    };
    const { fetchMock } = renderPage(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redeem Smart plug' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Full name'), 'Marie Tremblay');
    await user.type(within(dialog).getByLabelText('Street address'), '1 Front St W');
    await user.type(within(dialog).getByLabelText('City'), 'Toronto');
    await user.type(within(dialog).getByLabelText('Postal code'), 'M5V 3L9');
    // The postal code chose Ontario; the member picks another province over it.
    expect(within(dialog).getByLabelText('Province or territory')).toHaveValue('ON');
    await user.selectOptions(within(dialog).getByLabelText('Province or territory'), 'QC');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem for 1,500 points' }));
    expect(await within(dialog).findAllByText('This postal code is not in the province chosen.')).not.toHaveLength(0);
    expect(within(dialog).getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(JSON.parse(posts(fetchMock)[0]![1]!.body as string)).toEqual({
      itemId: 'plug',
      quantity: 1,
      shippingAddress: { name: 'Marie Tremblay', line1: '1 Front St W', city: 'Toronto', province: 'QC', postalCode: 'M5V 3L9' },
    });

    api.redeem = () => Response.json({ error: { code: 'insufficient_points', message: 'You do not have enough points for this reward.' } }, { status: 409 });
    await user.click(within(dialog).getByRole('button', { name: 'Redeem for 1,500 points' }));
    expect(await within(dialog).findByText('You do not have enough points for this reward.')).toBeInTheDocument();
    // Typing a whole address takes more than the default 5 s on a busy 2-core machine.
  }, 20_000);

  it('lists orders with their fulfilment status and tracking', async () => {
    renderPage({
      points: summary(0),
      orders: [
        order({ id: 'o2', itemId: 'plug', kind: 'physical', name: text('Smart plug'), code: null, status: 'shipped', tracking: '1Z-999', shippingAddress: { name: 'Marie', line1: '1 Front St W', line2: null, city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' } }),
        order(),
      ],
      redeem: () => new Response(null, { status: 500 }),
    });
    const rows = within(await screen.findByTestId('reward-orders', {}, { timeout: 5000 })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Shipped');
    expect(rows[0]).toHaveTextContent('Tracking number: 1Z-999');
    expect(rows[0]).toHaveTextContent('Ship to: Marie, 1 Front St W, Toronto, ON, M5V 3L9');
    expect(rows[1]).toHaveTextContent('Done');
    expect(rows[1]).toHaveTextContent('GIFT-1234');
  });

  it('a confirmation the balance no longer covers says how many points are missing and cannot be sent', async () => {
    const { fetchMock } = renderWithApi(<RedeemDialog item={giftCard} balance={700} onClose={() => {}} onRedeemed={() => {}} />, () => new Response(null, { status: 500 }), '/app/rewards');
    const dialog = await screen.findByRole('dialog', { name: 'Redeem $10 gift card' }, { timeout: 5000 });
    expect(within(dialog).queryByTestId('balance-after')).not.toBeInTheDocument();
    expect(plain(within(dialog).getByTestId('points-missing').textContent)).toBe('300 points');
    expect(within(dialog).getByText('You need 300 more points to redeem this reward.')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Redeem for 1,000 points' });
    expect(confirm).toBeDisabled();
    await userEvent.setup().click(confirm);
    expect(posts(fetchMock)).toHaveLength(0);
  });
});
