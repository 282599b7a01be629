import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import BillingPage from '@/features/billing/billing-page';

// Dashboard, Solar System, Maintenance, IoT Devices, Plumbing, Usage History and Rewards are built on the API; their own tests live beside them.
const pages: [string, ComponentType, string][] = [
  ['Billing & Payments', BillingPage, 'Billing isn’t available yet'],
];

describe('section pages', () => {
  it.each(pages)('%s has its h1, says plainly it is not available, and shows no sample numbers', (h1, Page, notice) => {
    // The dashboard greets the member, so it needs a session; nobody is signed in here.
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Page />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(h1);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(notice);
    expect(screen.getByRole('link', { name: 'Visit Help & Support' })).toHaveAttribute('href', '/app/help');
    expect(container.textContent).not.toMatch(/\d/);
  });
});
