import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@peakwise/contracts/member-api.contract';
import { ApiTokensCard } from './api-tokens-card';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const SECRET = 'pwk_Zm9yLXRlc3RzLW9ubHktbm90LWEtcmVhbC10b2tlbi0x';

/** A fake of the three endpoints keeping its own list, so the card's refetches see each change. */
function fakeServer(initial: ApiToken[]) {
  let list = [...initial];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && url === '/api/member-api/tokens') return json(200, list);
    if (method === 'POST' && url === '/api/member-api/tokens') {
      const body = JSON.parse(String(init?.body)) as { label: string; scopes: string[]; expiresInDays: number | null };
      const item: ApiToken = {
        id: 'tok-new',
        label: body.label,
        prefix: SECRET.slice(0, 10),
        scopes: [...body.scopes].sort() as ApiToken['scopes'],
        createdAt: new Date().toISOString(),
        expiresAt: body.expiresInDays ? new Date(Date.now() + body.expiresInDays * 86_400_000).toISOString() : null,
        lastUsedAt: null,
      };
      list = [item, ...list];
      return json(201, { ...item, token: SECRET });
    }
    const revoke = /^\/api\/member-api\/tokens\/([^/]+)$/.exec(url);
    if (method === 'DELETE' && revoke) {
      list = list.filter((item) => item.id !== revoke[1]);
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return { fetchMock, calls };
}

const script: ApiToken = {
  id: 'tok-1',
  label: 'Home Assistant',
  prefix: 'pwk_abc123',
  scopes: ['plugs:control', 'usage:read'],
  createdAt: ago(2 * 24 * 60 * MINUTE),
  expiresAt: null,
  lastUsedAt: ago(5 * MINUTE),
};

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer([script]);
  vi.stubGlobal('fetch', server.fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiTokensCard />
    </QueryClientProvider>,
  );
}
const card = () => within(screen.getByRole('region', { name: 'Personal API tokens' }));
const writes = () => server.calls.filter((call) => call.method !== 'GET');

describe('ApiTokensCard', () => {
  it('lists each token with its label, prefix, scopes, expiry and last use, never the token', async () => {
    renderCard();
    const list = await card().findByRole('list', { name: 'API tokens' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Home Assistant pwk_abc123…');
    expect(item).toHaveTextContent('Switch smart plugs · Read usage');
    expect(item).toHaveTextContent('Created 2 days ago');
    expect(item).toHaveTextContent('Does not expire');
    expect(item).toHaveTextContent('Last used 5 minutes ago');
  });

  it('refuses to create without a label or a scope, then creates with the chosen scopes and expiry and shows the token once', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await card().findByRole('button', { name: 'Create API Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(within(dialog).getByText('Enter a label of 1 to 60 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one kind of access.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Label'), '  Solar logger ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read solar production (solar:read)' }));
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'In 30 days');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    const reveal = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(writes()).toEqual([{ method: 'POST', url: '/api/member-api/tokens', body: { label: 'Solar logger', scopes: ['solar:read'], expiresInDays: 30 } }]);
    expect(within(reveal).getByText(SECRET)).toBeInTheDocument();
    expect(within(reveal).getByText(/will not be shown again/)).toBeInTheDocument();
    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    const list = await card().findByRole('list', { name: 'API tokens' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(list).toHaveTextContent('Solar logger');
    expect(list).not.toHaveTextContent(SECRET);
  });

  it('revokes after a confirmation and says so', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await card().findByRole('button', { name: 'Revoke Home Assistant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Home Assistant”?' });
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Token' }));
    await waitFor(() => expect(card().getByText('“Home Assistant” was revoked.')).toBeInTheDocument());
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/member-api/tokens/tok-1', body: undefined }]);
    await waitFor(() => expect(card().getByText('You have no API tokens.')).toBeInTheDocument());
  });
});
