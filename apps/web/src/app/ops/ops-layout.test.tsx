import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OpsLayout from './ops-layout';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

function renderOps(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/', element: <CurrentLocation /> },
      { path: '/ops', element: <OpsLayout />, children: [{ index: true, element: <h1>Console page</h1> }] },
    ],
    { initialEntries: ['/ops'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const session = () => Response.json({ user: { id: 'u1', name: 'Olivia Operator', email: 'op@example.ca' }, session: {} });
const notFound = () => Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });

afterEach(() => vi.unstubAllGlobals());

describe('OpsLayout', () => {
  it('sends an anonymous visitor to the login panel with a way back', async () => {
    renderOps(() => new Response(null, { status: 401 }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/?auth=login&next=%2Fops');
  });

  it('shows a member who is not staff a plain Not found, as the API answers them', async () => {
    renderOps((url) => (url.includes('get-session') ? session() : notFound()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(screen.queryByText('Peakwise Operations')).not.toBeInTheDocument();
    expect(screen.queryByText('Console page')).not.toBeInTheDocument();
  });

  it('shows an operator the console under its own header, and signs out home', async () => {
    const fetchMock = renderOps((url) => {
      if (url.includes('get-session')) return session();
      if (url === '/api/auth/sign-out') return Response.json({ success: true });
      return Response.json([]);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Console page' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Peakwise Operations');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'ops-main');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST' })));
  });
});
