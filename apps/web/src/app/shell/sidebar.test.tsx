import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Sidebar } from './sidebar';

function renderAt(path: string, operator = false) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar operator={operator} />
    </MemoryRouter>,
  );
}

const englishLabels = [
  'Dashboard',
  'Solar System',
  'Maintenance',
  'Devices',
  'Plumbing',
  'Usage History',
  'Billing',
  'Rewards',
  'Settings',
  'Help & Support',
];
const paths = [
  '/app/dashboard',
  '/app/solar-system',
  '/app/maintenance',
  '/app/devices',
  '/app/plumbing',
  '/app/usage',
  '/app/billing',
  '/app/rewards',
  '/app/settings',
  '/app/help',
];

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Sidebar', () => {
  it('lists the ten sections in order, each with an icon and its label', () => {
    renderAt('/app/dashboard');
    const links = within(screen.getByRole('navigation', { name: 'Portal' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(englishLabels);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(paths);
    for (const link of links) expect(link.querySelector('svg')).not.toBeNull();
  });

  it('links the logo to the dashboard and offers a way back home', () => {
    renderAt('/app/dashboard');
    expect(screen.getByRole('link', { name: 'Peakwise dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('highlights the item whose path matches exactly', () => {
    renderAt('/app/solar-system');
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Solar System');
  });

  it('highlights Settings on each of its sections (decision 086)', () => {
    renderAt('/app/settings/notifications');
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Settings']);
  });

  it('highlights nothing on a deeper path', () => {
    renderAt('/app/solar-system/x');
    const current = screen.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'));
    expect(current).toHaveLength(0);
  });

  it('renders in French', async () => {
    await i18n.changeLanguage('fr');
    renderAt('/app/usage');
    const nav = screen.getByRole('navigation', { name: 'Portail' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Tableau de bord',
      'Système solaire',
      'Entretien',
      'Appareils',
      'Plomberie',
      'Historique de consommation',
      'Facturation',
      'Récompenses',
      'Paramètres',
      'Aide et soutien',
    ]);
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Historique de consommation');
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });

  it('shows an operator the way to the console, and a member nothing of it', async () => {
    const operator = renderAt('/app/dashboard', true);
    expect(screen.getByRole('link', { name: 'Operator console' })).toHaveAttribute('href', '/ops');
    operator.unmount();
    renderAt('/app/dashboard');
    expect(screen.queryByRole('link', { name: 'Operator console' })).not.toBeInTheDocument();
  });
});
