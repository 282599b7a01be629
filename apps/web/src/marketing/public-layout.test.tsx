import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import PublicLayout from './public-layout';
import LandingPage from './landing-page';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function renderSite(path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <PublicLayout />, children: [{ index: true, element: <LandingPage /> }] },
      { path: '/fr', element: <PublicLayout />, children: [{ index: true, element: <LandingPage /> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('PublicLayout', () => {
  it('has the landmarks and one h1', () => {
    renderSite();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  // The dialogs' code is fetched when one is first asked for; a busy machine may take a while.
  const slow = { timeout: 5000 };

  it('opens the login panel from ?auth=login', async () => {
    renderSite('/?auth=login&next=/app/rewards');
    expect(await screen.findByRole('dialog', { name: 'Log In' }, slow)).toBeInTheDocument();
  });

  it('opens the login panel from the header, closes it with Escape and returns focus', async () => {
    const router = renderSite();
    const user = userEvent.setup();
    const [logIn] = screen.getAllByRole('button', { name: 'Log In' });
    await user.click(logIn!);
    expect(await screen.findByRole('dialog', { name: 'Log In' }, slow)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?auth=login');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(logIn).toHaveFocus();
  });

  it('switches from the login panel to the sign-up dialog', async () => {
    renderSite('/?auth=login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up!' }, slow));
    expect(await screen.findByRole('dialog', { name: 'Sign up for Peakwise' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
  });

  it('opens the sign-up dialog from the landing page’s Get Started button', async () => {
    renderSite();
    await userEvent.click(screen.getAllByRole('button', { name: 'Get Started' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Sign up for Peakwise' }, slow)).toBeInTheDocument();
  });

  it('renders French, at the French page’s own URL, after the language select switches to Français', async () => {
    const router = renderSite();
    const [select] = screen.getAllByLabelText('Language');
    await userEvent.selectOptions(select!, 'fr');
    // The French chunk is imported on first use; on a busy machine that takes more than the default second.
    expect(await screen.findAllByRole('link', { name: 'Comment ça marche' }, { timeout: 5000 })).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Économisez l’énergie et l’argent à la maison');
    expect(screen.getByLabelText('Code postal')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(router.state.location.pathname).toBe('/fr');
  });

  it('goes back to the English URL when English is chosen on a French page', async () => {
    await i18n.changeLanguage('fr');
    const router = renderSite('/fr');
    const [select] = screen.getAllByLabelText('Langue');
    await userEvent.selectOptions(select!, 'en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findAllByRole('link', { name: 'How it works' })).not.toHaveLength(0);
  });
});
