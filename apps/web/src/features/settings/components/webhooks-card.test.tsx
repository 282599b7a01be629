import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookDelivery } from '@peakwise/contracts/member-api.contract';
import { WebhooksCard } from './webhooks-card';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const SECRET = 'pwh_Zm9yLXRlc3RzLW9ubHktbm90LWEtcmVhbC1zZWNyZXQx';

const hook: Webhook = { id: 'wh-1', url: 'https://hooks.example.com/peakwise', events: ['bill.issued', 'event.result'], status: 'failing', createdAt: new Date().toISOString() };
const failed: WebhookDelivery = {
  id: 'd-1',
  type: 'bill.issued',
  status: 'failed',
  attempts: 6,
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  lastStatusCode: 503,
  lastDurationMs: 120,
  lastAttemptAt: new Date(Date.now() - 600_000).toISOString(),
  nextAttemptAt: null,
};

function fakeServer() {
  let list = [hook];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && url === '/api/member-api/webhooks') return json(200, list);
    if (method === 'GET' && url === '/api/member-api/webhooks/wh-1/deliveries') return json(200, [failed]);
    if (method === 'POST' && url === '/api/member-api/webhooks/wh-1/test') return json(202, { deliveryId: 'd-2' });
    if (method === 'POST' && url === '/api/member-api/webhooks') {
      const body = JSON.parse(String(init?.body)) as { url: string; events: Webhook['events'] };
      if (!body.url.startsWith('https://')) return json(400, { error: { code: 'validation_failed', message: 'The request is not valid', details: [{ path: 'url', message: 'Use an https:// address.' }] } });
      const item: Webhook = { id: 'wh-2', url: body.url, events: body.events, status: 'active', createdAt: new Date().toISOString() };
      list = [item, ...list];
      return json(201, { ...item, secret: SECRET });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return { fetchMock, calls };
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WebhooksCard />
    </QueryClientProvider>,
  );
}
const card = () => within(screen.getByRole('region', { name: 'Webhooks' }));
const writes = () => server.calls.filter((call) => call.method !== 'GET');

describe('WebhooksCard', () => {
  it('shows each endpoint, its status and events, and its delivery log', async () => {
    const user = userEvent.setup();
    renderCard();
    const list = await card().findByRole('list', { name: 'Webhooks' });
    expect(list).toHaveTextContent('https://hooks.example.com/peakwise');
    expect(list).toHaveTextContent('Failing');
    expect(list).toHaveTextContent('Statement issued · Event result');
    await user.click(card().getByText('Deliveries', { selector: 'summary' }));
    const log = await card().findByRole('list', { name: 'Deliveries to https://hooks.example.com/peakwise' });
    expect(log).toHaveTextContent('Statement issued');
    expect(log).toHaveTextContent('Gave up');
    expect(log).toHaveTextContent('HTTP 503 in 120 ms');
    expect(log).toHaveTextContent('6 attempts');
  });

  it('sends a test message', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await card().findByRole('button', { name: 'Send Test to https://hooks.example.com/peakwise' }));
    await waitFor(() => expect(card().getByText('A test message is on its way. Its result appears under Deliveries.')).toBeInTheDocument());
    expect(writes()).toEqual([{ method: 'POST', url: '/api/member-api/webhooks/wh-1/test', body: undefined }]);
  });

  it('adds an endpoint for the chosen events, says when the server refuses the address, and shows the secret once', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await card().findByRole('button', { name: 'Add Webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));
    expect(within(dialog).getByText('Enter an https:// address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one kind of message.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Address (https://…)'), 'http://hooks.example.com/x');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Energy Saving Event scheduled (event.scheduled)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));
    expect(await within(dialog).findByText('Enter an https:// address.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Address (https://…)'));
    await user.type(within(dialog).getByLabelText('Address (https://…)'), 'https://hooks.example.com/new');
    await user.click(within(dialog).getByRole('button', { name: 'Add Webhook' }));
    const reveal = await screen.findByRole('dialog', { name: 'Your webhook’s signing secret' });
    expect(within(reveal).getByText(SECRET)).toBeInTheDocument();
    expect(writes().at(-1)).toEqual({ method: 'POST', url: '/api/member-api/webhooks', body: { url: 'https://hooks.example.com/new', events: ['event.scheduled'] } });
    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(card().getByRole('list', { name: 'Webhooks' })).toHaveTextContent('https://hooks.example.com/new'));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    // Typing two addresses key by key is slow on a busy machine.
  }, 20_000);
});
