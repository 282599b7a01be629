import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import PublicLayout from './public-layout';
import LandingPage from './landing-page';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** How many times the landing page has been drawn (committed), for the test of a press's work. */
const landingDrawn = { count: 0 };

function renderSite(path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <PublicLayout />,
        children: [
          {
            index: true,
            element: (
              <Profiler id="landing" onRender={() => (landingDrawn.count += 1)}>
                <LandingPage />
              </Profiler>
            ),
          },
        ],
      },
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
  const slow = { timeout: 15_000 };

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

  it('draws the dialogs hidden before they are asked for, and a press shows one without drawing the page again (decision 106)', async () => {
    const router = renderSite();
    // Prepared in idle time: in the page, not shown, not a dialog anyone can reach.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Log In', hidden: true })).not.toBeVisible(), slow);
    expect(screen.getByRole('dialog', { name: 'Sign up for Peakwise', hidden: true })).not.toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const drawnBefore = landingDrawn.count;
    const [logIn] = screen.getAllByRole('button', { name: 'Log In' });
    // A plain click, outside act(): what the press's own task does, before any later work.
    logIn!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const panel = screen.getByRole('dialog', { name: 'Log In' });
    expect(panel).toBeVisible();
    expect(within(panel).getByLabelText('Email')).toHaveFocus();
    expect(landingDrawn.count).toBe(drawnBefore);

    // The URL follows, so Back and a reload still know the dialog.
    await waitFor(() => expect(router.state.location.search).toBe('?auth=login'));
    expect(screen.getByRole('dialog', { name: 'Log In' })).toBeVisible();
  });
});
