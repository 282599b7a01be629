import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatedIngestToken, IngestToken } from '@peakwise/contracts/ingest-token.contract';
import { MeterTokensCard } from './meter-tokens-card';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const HOUSEHOLD = '5b0c8a52-3f7e-4c55-9a55-0c1f6f3f0e11';
const SECRET = 'pwi_Zm9yLXRlc3RzLW9ubHktbm90LWEtcmVhbC10b2tlbi0x';

/** A small fake of the three endpoints, keeping its own list, so the card's refetches see the change. */
function fakeServer(initial: IngestToken[], options: { createAnswer?: Response; created?: Partial<CreatedIngestToken> } = {}) {
  let list = [...initial];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && url === '/api/household/ingest-tokens') return json(200, list);
    if (method === 'POST' && url === '/api/household/ingest-tokens') {
      if (options.createAnswer) return options.createAnswer;
      const { label } = JSON.parse(String(init?.body)) as { label: string };
      const item = { id: 'tok-new', label, createdAt: new Date().toISOString(), lastUsedAt: null };
      list = [...list, item];
      return json(201, {
        ...item,
        token: SECRET,
        mqttUsername: HOUSEHOLD,
        mqttTopicPrefix: `peakwise/${HOUSEHOLD}`,
        mqttMeterTopic: `peakwise/${HOUSEHOLD}/meter`,
        httpEndpoint: '/api/ingest/readings',
        mqttPasswordKind: 'token',
        ...options.created,
      });
    }
    const revoke = /^\/api\/household\/ingest-tokens\/([^/]+)$/.exec(url);
    if (method === 'DELETE' && revoke) {
      list = list.filter((item) => item.id !== revoke[1]);
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return { fetchMock, calls };
}

const gateway: IngestToken = { id: 'tok-1', label: 'Main panel gateway', createdAt: ago(2 * 24 * 60 * MINUTE), lastUsedAt: ago(5 * MINUTE) };
const spare: IngestToken = { id: 'tok-2', label: 'Spare meter', createdAt: ago(3 * 60 * MINUTE), lastUsedAt: null };

let server: ReturnType<typeof fakeServer>;
const serve = (initial: IngestToken[], options?: { createAnswer?: Response; created?: Partial<CreatedIngestToken> }) => {
  server = fakeServer(initial, options);
  vi.stubGlobal('fetch', server.fetchMock);
};
beforeEach(() => serve([gateway, spare]));
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MeterTokensCard />
    </QueryClientProvider>,
  );
}
const card = () => within(screen.getByRole('region', { name: 'Meter and gateway tokens' }));
const writes = () => server.calls.filter((call) => call.method !== 'GET');

describe('MeterTokensCard', () => {
  it('lists each token with its label, when it was created and last used, never the token', async () => {
    renderCard();
    const list = await card().findByRole('list', { name: 'Active tokens' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Main panel gateway');
    expect(items[0]).toHaveTextContent('Created 2 days ago');
    expect(items[0]).toHaveTextContent('Last used 5 minutes ago');
    expect(items[1]).toHaveTextContent('Created 3 hours ago');
    expect(items[1]).toHaveTextContent('Never used');
    expect(card().getByText('You can have up to 5 active tokens.')).toBeInTheDocument();
  });

  it('creates a token and shows it once, with a copy button, a warning and where to use it', async () => {
    const user = userEvent.setup();
    renderCard();
    await card().findByRole('list', { name: 'Active tokens' });

    await user.click(card().getByRole('button', { name: 'Create token' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Create a token' }));
    const label = dialog.getByLabelText('Label');
    expect(label).toHaveFocus();
    // A blank label is refused here, before any request.
    await user.type(label, '   ');
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(dialog.getByText('Enter a label of 1 to 60 characters.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.clear(label);
    await user.type(label, '  Basement meter {Enter}');
    dialog = within(await screen.findByRole('dialog', { name: 'Copy your token now' }));
    expect(writes()).toEqual([{ method: 'POST', url: '/api/household/ingest-tokens', body: { label: 'Basement meter' } }]);

    expect(dialog.getByText('This is the only time this token will be shown. Copy it into your meter or gateway now. If you lose it, revoke it and create a new one.')).toBeInTheDocument();
    expect(dialog.getByText('Token for “Basement meter”')).toBeInTheDocument();
    expect(dialog.getByText(SECRET)).toBeInTheDocument();
    const copy = dialog.getByRole('button', { name: 'Copy token' });
    expect(copy).toHaveFocus();
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(dialog.getByRole('status')).toHaveTextContent('Token copied');

    const detail = (term: string) => dialog.getByText(term).nextElementSibling?.textContent;
    expect(detail('MQTT username')).toBe(HOUSEHOLD);
    expect(detail('MQTT meter topic')).toBe(`peakwise/${HOUSEHOLD}/meter`);
    expect(detail('MQTT topic prefix')).toBe(`peakwise/${HOUSEHOLD}`);
    expect(detail('HTTP endpoint')).toBe(`${window.location.origin}/api/ingest/readings`);
    expect(dialog.getByText('Over MQTT, the token is the password. Over HTTP, send it in the header Authorization: Bearer <token>.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Copy the JWT' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Shown once: gone from the page, not in the refreshed list, and not in a reopened dialog.
    await waitFor(() => expect(card().getAllByRole('listitem')).toHaveLength(3));
    expect(card().getAllByRole('listitem')[2]).toHaveTextContent('Basement meterCreated now');
    expect(document.body).not.toHaveTextContent(SECRET);
    await user.click(card().getByRole('button', { name: 'Create token' }));
    const reopened = within(await screen.findByRole('dialog', { name: 'Create a token' }));
    expect(reopened.getByLabelText('Label')).toHaveValue('');
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('on NATS, gives the JWT its own name, copy button and scrolling box, and says it is the MQTT password, not the token', async () => {
    const jwt = `eyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ.${'b'.repeat(2_352 - 46 - 2 - 86)}.${'s'.repeat(86)}`;
    expect(jwt).toHaveLength(2_352);
    serve([gateway], { created: { mqttPassword: jwt, mqttPasswordKind: 'jwt' } });
    const user = userEvent.setup();
    renderCard();
    await user.click(await card().findByRole('button', { name: 'Create token' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Create a token' })).getByLabelText('Label'), 'Gateway{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Copy your token now' }));

    const box = dialog.getByRole('region', { name: 'MQTT password (JWT)' });
    expect(box).toHaveTextContent(jwt);
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box.className).toMatch(/max-h-24 overflow-y-auto/);
    await user.click(dialog.getByRole('button', { name: 'Copy the JWT' }));
    expect(await navigator.clipboard.readText()).toBe(jwt);
    expect(await dialog.findByText('JWT copied')).toBeInTheDocument();
    expect(
      dialog.getByText('Over MQTT, the password is the JWT above (2,352 characters, starting with eyJ), not the token: paste all of it. Over HTTP, send the token in the header Authorization: Bearer <token>.'),
    ).toBeInTheDocument();
    expect(dialog.queryByText(/the token is the password/)).not.toBeInTheDocument();
    // The token is still there for HTTP.
    expect(dialog.getByText(SECRET)).toBeInTheDocument();
  });

  it('asks before revoking; cancelling sends nothing, confirming revokes and removes the token', async () => {
    const user = userEvent.setup();
    renderCard();
    await card().findByRole('list', { name: 'Active tokens' });

    await user.click(card().getByRole('button', { name: 'Revoke Main panel gateway' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Revoke “Main panel gateway”?' }));
    expect(dialog.getByText('Anything still using this token is refused from now on and stops sending readings. This can’t be undone.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(card().getAllByRole('listitem')).toHaveLength(2);

    await user.click(card().getByRole('button', { name: 'Revoke Main panel gateway' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Revoke “Main panel gateway”?' }));
    await user.click(dialog.getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/household/ingest-tokens/tok-1', body: undefined }]);
    expect(card().getAllByRole('listitem')).toHaveLength(1);
    expect(card().getByText('“Main panel gateway” has been revoked.')).toBeInTheDocument();
    expect(card().queryByText('Main panel gateway')).not.toBeInTheDocument();
  });

  it('explains the demo account refusal and shows no token', async () => {
    const user = userEvent.setup();
    serve([gateway], { createAnswer: json(403, { error: { code: 'demo_account_read_only', message: 'The demo account cannot be changed.' } }) });
    renderCard();
    await card().findByRole('list', { name: 'Active tokens' });
    await user.click(card().getByRole('button', { name: 'Create token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a token' }));
    await user.type(dialog.getByLabelText('Label'), 'Mine{Enter}');
    expect(await dialog.findByText("The demo account can't be changed. Create your own account to try this.")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('pwi_');
  });

  it('turns Create off at the limit and says why', async () => {
    serve(Array.from({ length: 5 }, (_, i) => ({ ...spare, id: `tok-${i}`, label: `Token ${i}` })));
    renderCard();
    await card().findByRole('list', { name: 'Active tokens' });
    expect(card().getByRole('button', { name: 'Create token' })).toBeDisabled();
    expect(card().getByText('You have 5 active tokens, the most allowed. Revoke one you no longer use to create another.')).toBeInTheDocument();
  });

  it('shows the limit message when the server refuses a 6th token', async () => {
    const user = userEvent.setup();
    serve([gateway], {
      createAnswer: json(409, { error: { code: 'too_many_ingest_tokens', message: 'Your home already has 5 active tokens. Revoke one you no longer use before creating another.' } }),
    });
    renderCard();
    await card().findByRole('list', { name: 'Active tokens' });
    await user.click(card().getByRole('button', { name: 'Create token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a token' }));
    await user.type(dialog.getByLabelText('Label'), 'Sixth{Enter}');
    expect(await dialog.findByText('You already have 5 active tokens. Revoke one you no longer use before creating another.')).toBeInTheDocument();
  });
});
