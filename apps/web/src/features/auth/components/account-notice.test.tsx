import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_STATE } from '@/lib/account-notice';
import { sessionQueryKey } from '@/lib/session';
import { AccountNotice } from './account-notice';

function renderNotice(state: unknown) {
  const client = new QueryClient();
  client.setQueryData(sessionQueryKey, { user: { id: 'u1', name: 'M', email: 'm@example.ca', twoFactorEnabled: false }, expiresAt: null });
  client.setQueryData(['settings', 'profile'], { id: 'u1' });
  const router = createMemoryRouter([{ path: '/', element: <AccountNotice /> }], { initialEntries: [{ pathname: '/', state }] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

describe('AccountNotice', () => {
  it('says the account is gone, forgets the session and the account’s cached data, and can be dismissed', async () => {
    const client = renderNotice(ACCOUNT_DELETED_STATE);
    expect(screen.getByRole('status')).toHaveTextContent('Your account has been deleted. We’re sorry to see you go.');
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
    expect(client.getQueryData(['settings', 'profile'])).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing otherwise', () => {
    const client = renderNotice(null);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(client.getQueryData(sessionQueryKey)).not.toBeNull();
  });
});
