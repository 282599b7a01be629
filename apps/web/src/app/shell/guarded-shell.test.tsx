import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GuardedShell from './guarded-shell';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <CurrentLocation /> },
      {
        path: '/app',
        element: <GuardedShell />,
        children: [
          { path: 'rewards', element: <h1>Rewards page</h1> },
          { path: 'help', element: <h1>Help page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const signedIn = () => Response.json({ user: { id: 'u1', name: 'Alex Tremblay', email: 'alex@example.ca' }, session: {} });

function mockFetch(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('GuardedShell', () => {
  it('shows an accessible spinner while the session loads', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    renderApp('/app/rewards');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
  });

  it('sends a signed-out visitor to the login panel with a way back', async () => {
    mockFetch(() => new Response(null, { status: 401 }));
    renderApp('/app/rewards');
    expect(await screen.findByTestId('location')).toHaveTextContent('/?auth=login&next=%2Fapp%2Frewards');
  });

  it('keeps the query string in the way back', async () => {
    mockFetch(() => new Response(null, { status: 401 }));
    renderApp('/app/rewards?tab=history');
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/?auth=login&next=%2Fapp%2Frewards%3Ftab%3Dhistory',
    );
  });

  it('shows the shell, the page and the member’s name when signed in', async () => {
    mockFetch(signedIn);
    renderApp('/app/rewards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rewards page' })).toBeInTheDocument();
    expect(screen.getByText('Alex Tremblay')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
  });

  it('signs out and goes home', async () => {
    const fetchMock = mockFetch((url) => (url === '/api/auth/sign-out' ? Response.json({ success: true }) : signedIn()));
    const router = renderApp('/app/rewards');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The public page clears the session on this state (see AccountNotice).
    expect(router.state.location.state).toEqual({ notice: 'signed-out' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST', credentials: 'include' }));
  });

  it('opens the menu drawer, traps focus in it, and closes with Escape', async () => {
    const user = userEvent.setup();
    mockFetch(signedIn);
    renderApp('/app/rewards');
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(drawer).toContainElement(close);
    expect(close).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes the drawer after navigating from it', async () => {
    const user = userEvent.setup();
    mockFetch(signedIn);
    const router = renderApp('/app/rewards');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const helpLinks = screen.getAllByRole('link', { name: 'Help & Support' });
    await user.click(helpLinks.find((link) => drawer.contains(link))!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/help'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
