import type { OpsFulfilmentOrder, OpsRewardItem } from '@peakwise/contracts/rewards.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/energy-test-utils';
import OpsCataloguePage from './ops-catalogue-page';
import OpsFulfilmentPage from './ops-fulfilment-page';

const text = (en: string) => ({ en, fr: en, es: en });
const giftCard: OpsRewardItem = { id: 'gift', kind: 'gift_card', pointsCost: 1000, stock: 3, status: 'active', codesAvailable: 3, orders: 2, name: text('$10 gift card'), description: text(''), imageUrl: null };
const body = (call: unknown[]) => JSON.parse((call[1] as RequestInit).body as string) as unknown;
const calls = (mock: ReturnType<typeof vi.fn>, method: string, path: string) => mock.mock.calls.filter(([url, init]) => url === path && (init as RequestInit | undefined)?.method === method);

afterEach(() => vi.unstubAllGlobals());

describe('OpsCataloguePage', () => {
  it('adds a reward with its text in three languages; a code item takes no stock figure', async () => {
    const { fetchMock } = renderWithApi(<OpsCataloguePage />, (url, init) => {
      if (url === '/api/ops/rewards/items' && init?.method === 'POST') return Response.json({ id: 'new' }, { status: 201 });
      if (url === '/api/ops/rewards/items') return Response.json([giftCard]);
      return new Response(null, { status: 404 });
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Edit: $10 gift card' }, { timeout: 5000 })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Kind'), 'gift_card');
    expect(screen.queryByLabelText('Stock')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Cost in points'), '3000');
    await user.type(screen.getByLabelText('Name (English)'), '$30 gift card');
    await user.type(screen.getByLabelText('Name (French)'), 'Carte-cadeau de 30 $');
    await user.type(screen.getByLabelText('Name (Spanish)'), 'Tarjeta de regalo de 30 $');
    await user.click(screen.getByRole('button', { name: 'Add reward' }));
    expect(await screen.findByText('Reward added.')).toBeInTheDocument();
    expect(body(calls(fetchMock, 'POST', '/api/ops/rewards/items')[0]!)).toEqual({
      kind: 'gift_card',
      pointsCost: 3000,
      name: { en: '$30 gift card', fr: 'Carte-cadeau de 30 $', es: 'Tarjeta de regalo de 30 $' },
      description: { en: '', fr: '', es: '' },
    });
    // Typing three names key by key is slow in jsdom.
  }, 20_000);

  it('uploads codes and shows a refused upload’s reason; withdraws an item', async () => {
    const { fetchMock } = renderWithApi(<OpsCataloguePage />, (url, init) => {
      if (url === '/api/ops/rewards/items/gift/codes') return Response.json({ error: { code: 'duplicate_codes', message: 'Some codes are repeated or already in the pool; nothing was added.', details: { codes: ['A-1234'] } } }, { status: 409 });
      if (url === '/api/ops/rewards/items/gift' && init?.method === 'PATCH') return new Response(null, { status: 204 });
      if (url === '/api/ops/rewards/items') return Response.json([giftCard]);
      return new Response(null, { status: 404 });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Codes: $10 gift card' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Codes, one a line or CSV (first column)'), 'A-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add codes' }));
    expect(await within(dialog).findByText('Some codes are repeated or already in the pool; nothing was added.')).toBeInTheDocument();
    expect(within(dialog).getByText('Already in the pool or repeated: A-1234')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw: $10 gift card' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH', '/api/ops/rewards/items/gift')).toHaveLength(1));
    expect(body(calls(fetchMock, 'PATCH', '/api/ops/rewards/items/gift')[0]!)).toEqual({ status: 'withdrawn' });
  });
});

describe('OpsFulfilmentPage', () => {
  it('ships an order with its tracking number', async () => {
    const order: OpsFulfilmentOrder = {
      id: 'a1b2c3d4-0000-4000-8000-000000000000',
      itemId: 'plug',
      kind: 'physical',
      name: text('Smart plug'),
      quantity: 1,
      points: 1500,
      status: 'ordered',
      code: null,
      carrier: null,
      tracking: null,
      shippingAddress: { name: 'Marie', line1: '1 Front St W', line2: null, city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' },
      createdAt: '2025-11-20T15:00:00.000Z',
      shippedAt: null,
      deliveredAt: null,
      memberEmail: 'marie@example.ca',
    };
    const { fetchMock } = renderWithApi(<OpsFulfilmentPage />, (url, init) => {
      if (init?.method === 'POST') return new Response(null, { status: 204 });
      if (url === '/api/ops/rewards/orders?status=ordered') return Response.json([order]);
      return Response.json([]);
    });
    const user = userEvent.setup();
    expect(await screen.findByText('marie@example.ca', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tracking number for order a1b2c3d4'), '1Z-999');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const path = `/api/ops/rewards/orders/${order.id}/ship`;
    await waitFor(() => expect(calls(fetchMock, 'POST', path)).toHaveLength(1));
    expect(body(calls(fetchMock, 'POST', path)[0]!)).toEqual({ tracking: '1Z-999' });
  });

  it('ships with the carrier the member’s screens and email will name, and shows both once shipped', async () => {
    const ordered: OpsFulfilmentOrder = {
      id: 'b2c3d4e5-0000-4000-8000-000000000000',
      itemId: 'free-plug',
      kind: 'physical',
      name: text('Free smart plug'),
      quantity: 1,
      points: 0,
      status: 'ordered',
      code: null,
      carrier: null,
      tracking: null,
      shippingAddress: { name: 'Luc', line1: '2 Rue Sainte-Catherine', line2: null, city: 'Montréal', province: 'QC', postalCode: 'H2X 1K4' },
      createdAt: '2025-11-21T15:00:00.000Z',
      shippedAt: null,
      deliveredAt: null,
      memberEmail: 'luc@example.ca',
    };
    const shipped = { ...ordered, status: 'shipped' as const, carrier: 'Canada Post', tracking: 'CP-123456', shippedAt: '2025-11-22T15:00:00.000Z' };
    const { fetchMock } = renderWithApi(<OpsFulfilmentPage />, (url, init) => {
      if (init?.method === 'POST') return new Response(null, { status: 204 });
      if (url === '/api/ops/rewards/orders?status=ordered') return Response.json([ordered]);
      if (url === '/api/ops/rewards/orders?status=shipped') return Response.json([shipped]);
      return Response.json([]);
    });
    const user = userEvent.setup();
    expect(await screen.findByText('luc@example.ca', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Carrier for order b2c3d4e5'), ' Canada Post ');
    await user.type(screen.getByLabelText('Tracking number for order b2c3d4e5'), 'CP-123456');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const path = `/api/ops/rewards/orders/${ordered.id}/ship`;
    await waitFor(() => expect(calls(fetchMock, 'POST', path)).toHaveLength(1));
    expect(body(calls(fetchMock, 'POST', path)[0]!)).toEqual({ tracking: 'CP-123456', carrier: 'Canada Post' });
    await user.selectOptions(screen.getByLabelText('Show'), 'shipped');
    expect(await screen.findByText('Canada Post · CP-123456')).toBeInTheDocument();
  });
});
