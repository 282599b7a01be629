import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionEvent } from '@/lib/session-events';
import ResetPasswordPage from './reset-password-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Home() {
  const { search } = useLocation();
  return <p data-testid="home">{search}</p>;
}

function renderPage(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Home /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function choose(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('says the link is invalid when there is no token, with a way to ask for a new one', () => {
    renderPage('/reset-password');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Link not valid');
    expect(screen.getByText('This reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/?auth=forgot-password');
  });

  it('says the same for ?error=INVALID_TOKEN', () => {
    renderPage('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByText('This reset link is invalid or has expired.')).toBeInTheDocument();
  });

  it('fires PASSWORD_RECOVERY when opened with a token', () => {
    const heard = vi.fn();
    const off = onSessionEvent(heard);
    renderPage('/reset-password?token=abc');
    expect(heard).toHaveBeenCalledWith('PASSWORD_RECOVERY', null);
    off();
  });

  it('checks length and the confirmation before sending', async () => {
    renderPage('/reset-password?token=abc');
    expect(screen.getByText('Use 8 to 128 characters. Avoid common passwords and your own name or email.')).toBeInTheDocument();
    await choose('short');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await choose('Long-enough-42', 'Long-enough-43');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the password, then offers to log in', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { status: true }));
    fetchMock.mockResolvedValueOnce(json(200, null));
    const router = renderPage('/reset-password?token=abc');
    await choose('Brand-new-pass-42');
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc', newPassword: 'Brand-new-pass-42' });
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(router.state.location.search).toBe('?auth=login');
  });

  it('shows the invalid-link state when the server refuses the token', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { code: 'INVALID_TOKEN', message: 'Invalid token' }));
    renderPage('/reset-password?token=used');
    await choose('Brand-new-pass-42');
    expect(await screen.findByText('This reset link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });

  it('explains a password the policy refuses', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { code: 'PASSWORD_TOO_COMMON', message: 'Too common' }));
    renderPage('/reset-password?token=abc');
    await choose('password1');
    expect(await screen.findByText('This password is too common. Please choose one that’s harder to guess.')).toBeInTheDocument();
  });
});
