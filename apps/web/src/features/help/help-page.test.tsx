import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import HelpPage from './help-page';

function renderHelp(path = '/app/help') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <HelpPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The FAQ list, or null when the no-results state replaces it.
const faqList = () => document.querySelector<HTMLElement>('section[aria-labelledby="faq-heading"] ul');
const faqQuestions = () => {
  const list = faqList();
  if (!list) return [];
  return within(list)
    .getAllByRole('button')
    .map((button) => button.querySelector('span > span')?.textContent);
};
const chip = (name: string) =>
  within(screen.getByRole('group', { name: 'Filter questions by category' })).getByRole('button', { name });

// Typing into search takes longer than the default 5 s on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('HelpPage', () => {
  it('has one h1, the support cards and the contact details, and no phone line when none is configured', async () => {
    const fetchMock = vi.fn(async () => Response.json({ demoAccount: true, supportPhone: null }));
    vi.stubGlobal('fetch', fetchMock);
    renderHelp();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Help & Support');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/public-config', expect.anything()));
    for (const title of ['Email support', 'User guide']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { level: 3, name: 'Phone support' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
    expect(document.body.textContent).not.toContain('1-888-555-0199');
    expect(screen.getByRole('link', { name: 'support@peakwise.ca' })).toHaveAttribute('href', 'mailto:support@peakwise.ca');
  });

  it('shows the configured support line in a card, the contact details and the FAQ', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ demoAccount: true, supportPhone: '+1 416 555 0134' })));
    const user = userEvent.setup();
    renderHelp();
    expect(await screen.findByRole('heading', { level: 3, name: 'Phone support' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: '+1 416 555 0134' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['tel:+14165550134']);
    await user.click(screen.getByRole('button', { name: /How do I reach support\?/ }));
    expect(screen.getByRole('region', { name: /How do I reach support\?/ })).toHaveTextContent('Call +1 416 555 0134 or email support@peakwise.ca');
  });

  it('shows every question under All, with All pressed', () => {
    renderHelp();
    expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
    expect(faqQuestions().length).toBeGreaterThanOrEqual(12);
    expect(screen.getByText(/Showing 18 of 18 questions/)).toBeInTheDocument();
  });

  it('opens and closes an answer', async () => {
    const user = userEvent.setup();
    renderHelp();
    const question = screen.getByRole('button', { name: /How often is my energy data updated\?/ });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: /How often is my energy data updated\?/ })).toHaveTextContent(
      'Energy readings update every 5 minutes, with accuracy within 1%.',
    );
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters by category chip', async () => {
    const user = userEvent.setup();
    renderHelp();
    await user.click(chip('Billing'));
    expect(chip('Billing')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('All')).toHaveAttribute('aria-pressed', 'false');
    expect(faqQuestions()).toEqual(['When is my bill issued and when is it due?', 'How is my bill calculated?']);
  });

  it('searches answers case-insensitively and combines with the chip', async () => {
    const user = userEvent.setup();
    renderHelp();
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'DUE ON THE 15TH');
    expect(faqQuestions()).toEqual(['When is my bill issued and when is it due?']);
    expect(screen.getByText('Bills are generated on the 1st and due on the 15th.', { exact: false })).toBeVisible();

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'points');
    await user.click(chip('Points & rewards'));
    const rewardsOnly = faqQuestions();
    expect(rewardsOnly.length).toBeGreaterThan(0);
    await user.click(chip('All'));
    expect(faqQuestions().length).toBeGreaterThan(rewardsOnly.length);
  });

  it('shows a no-results state that can be cleared', async () => {
    const user = userEvent.setup();
    renderHelp();
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'xylophone');
    expect(screen.getByRole('heading', { name: 'No questions match your search' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(faqQuestions().length).toBe(18);
  });

  it('has a user guide with exactly five expandable topics', async () => {
    const user = userEvent.setup();
    renderHelp();
    const guide = screen.getByRole('region', { name: 'User guide' });
    const topics = within(guide).getAllByRole('button');
    expect(topics).toHaveLength(5);
    expect(topics[0]).toHaveTextContent('Connecting a smart plug or your utility’s data');
    await user.click(topics[0]!);
    expect(topics[0]).toHaveAttribute('aria-expanded', 'true');
    expect(within(guide).getAllByRole('listitem', { hidden: false }).length).toBeGreaterThan(5);
  });

  it('pairs a plug the way the app does: Add device, the token and MQTT details once, the plug’s own MQTT settings, or a Green Button file', async () => {
    const user = userEvent.setup();
    renderHelp();
    const guide = screen.getByRole('region', { name: 'User guide' });
    await user.click(within(guide).getByRole('button', { name: /Connecting a smart plug/ }));
    const steps = within(within(guide).getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps).toHaveLength(6);
    expect(steps[1]).toHaveTextContent('open Devices and choose Add device');
    expect(steps[1]).toHaveTextContent('Then choose Pair device.');
    expect(steps[1]).toHaveTextContent('The device id is optional');
    expect(steps[2]).toHaveTextContent('token and MQTT details once only');
    expect(steps[3]).toHaveTextContent('Settings → MQTT');
    expect(steps[5]).toHaveTextContent('Settings → Data and developer tools');
    // Peakwise has no step where a member picks a Wi-Fi network or types its password.
    expect(guide).not.toHaveTextContent(/password —|WiFi network/);

    await user.click(screen.getByRole('button', { name: /How do I set up my smart plug\?/ }));
    const answer = screen.getByRole('region', { name: /How do I set up my smart plug\?/ });
    expect(answer).toHaveTextContent('open Devices, choose Add device');
    expect(answer).not.toHaveTextContent(/pairing steps|any home WiFi/);
  });

  it('searches in French, ignoring accents', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    renderHelp('/help');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aide et soutien');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher dans l’aide' }), 'facturee le 1ER');
    expect(faqQuestions()).toEqual([]);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'générées le 1ER');
    expect(faqQuestions()).toEqual(['Quand ma facture est-elle émise et quand dois-je la payer\u202f?']);
  });
});
