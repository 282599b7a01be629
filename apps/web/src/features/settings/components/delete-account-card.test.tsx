import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '@/lib/session';
import { DeleteAccountCard } from './delete-account-card';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  const client = new QueryClient();
  client.setQueryData(sessionQueryKey, { user: { id: 'u1', name: 'M', email: 'm@example.ca', twoFactorEnabled: false }, expiresAt: null });
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/app/settings', element: <DeleteAccountCard /> },
    ],
    { initialEntries: ['/app/settings'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

async function openDialog() {
  expect(screen.getByText('Once you delete your account, there is no going back. Please be certain.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
  return within(screen.getByRole('dialog', { name: 'Delete your account?' }));
}

describe('DeleteAccountCard', () => {
  it('stays disabled until DELETE is typed exactly', async () => {
    renderCard();
    const dialog = await openDialog();
    const submit = dialog.getByRole('button', { name: 'Delete my account' });
    expect(submit).toBeDisabled();
    const input = dialog.getByLabelText('Type DELETE to confirm');
    await userEvent.type(input, 'delete');
    expect(submit).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'DELET');
    expect(submit).toBeDisabled();
    await userEvent.type(input, 'E');
    expect(submit).toBeEnabled();
    await userEvent.type(input, '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('deletes and goes home with the notice (the public page then forgets the session)', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const { router } = renderCard();
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ notice: 'account-deleted' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ confirmation: 'DELETE' });
  });

  it('explains the demo account refusal and stays', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'demo_account_read_only', message: 'The demo account cannot be changed.' } }), { status: 403 }),
    );
    const { router } = renderCard();
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText("The demo account can't be changed. Create your own account to try this.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/settings');
  });
});
