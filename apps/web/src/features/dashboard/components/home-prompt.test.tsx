import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Home } from '@peakwise/contracts/household-home.contract';
import { renderWithApi } from '@/test/energy-test-utils';
import { HomePrompt } from './home-prompt';

const unset: Home = { postalCode: null, city: null, province: 'ON', timeZone: 'America/Toronto', tariffPlanId: 'on-tou', hasBattery: false };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPrompt = (home: Home) => renderWithApi(<HomePrompt />, (url) => (url === '/api/household/home' ? Response.json(home) : new Response(null, { status: 404 })));

describe('HomePrompt (decision 057)', () => {
  it('asks a member with no postal code to set their home, linking to Settings', async () => {
    renderPrompt(unset);
    expect(await screen.findByRole('heading', { name: 'Where is your home?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set your home' })).toHaveAttribute('href', '/app/settings/home#home');
  });

  it('is not shown once the home has a postal code', async () => {
    const { fetchMock } = renderPrompt({ ...unset, postalCode: 'M5V 3L9', city: 'Toronto' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/household/home', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('home-prompt')).toBeNull();
  });

  it('stays dismissed for that member on this browser', async () => {
    const first = renderPrompt(unset);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('home-prompt')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    const { fetchMock } = renderPrompt(unset);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/household/home', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('home-prompt')).toBeNull();
    expect(localStorage.getItem('peakwise.homePromptDismissed:u1')).toBe('1');
  });
});
