import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import SettingsLayout, { SettingsIndex } from './settings-layout';

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/app/settings',
        element: <SettingsLayout />,
        children: [
          { index: true, element: <SettingsIndex /> },
          { path: 'profile', element: <p>profile section</p> },
          { path: 'notifications', element: <p>notifications section</p> },
          { path: 'home', element: <p>home section</p> },
          { path: 'data', element: <p>data section</p> },
          { path: '*', element: <Navigate to="/app/settings" replace /> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const where = (router: ReturnType<typeof renderAt>) => `${router.state.location.pathname}${router.state.location.hash}`;

describe('Settings in sections (decision 086)', () => {
  it('leads /app/settings to the first section, whose link says it is current', async () => {
    const router = renderAt('/app/settings');
    await screen.findByText('profile section');
    expect(where(router)).toBe('/app/settings/profile');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile and security' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Notifications and events' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });

  it('keeps the one-page anchors working: each leads to the section holding its card, the anchor kept', async () => {
    for (const [entry, expected] of [
      ['/app/settings#home', '/app/settings/home#home'],
      ['/app/settings#green-button', '/app/settings/data#green-button'],
      ['/app/settings#every-event', '/app/settings/notifications#every-event'],
      ['/app/settings#nothing-here', '/app/settings/profile#nothing-here'],
      ['/app/settings/nowhere', '/app/settings/profile'],
    ] as const) {
      const router = renderAt(entry);
      await expect.poll(() => where(router)).toBe(expected);
      router.dispose();
    }
  });

  it('moves between sections from the keyboard, the current one marked', async () => {
    const router = renderAt('/app/settings/profile');
    await screen.findByText('profile section');
    const user = userEvent.setup();
    const links = ['Profile and security', 'Notifications and events', 'Home and devices', 'Data and developer tools'];
    for (const name of links) {
      await user.tab();
      expect(screen.getByRole('link', { name })).toHaveFocus();
    }
    await user.keyboard('{Enter}');
    await screen.findByText('data section');
    expect(where(router)).toBe('/app/settings/data');
    expect(screen.getByRole('link', { name: 'Data and developer tools' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Profile and security' })).not.toHaveAttribute('aria-current');
  });
});
