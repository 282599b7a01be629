import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionEvent } from '@/lib/session-events';
import { ProfileForm } from './profile-form';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const profile = {
  id: 'u1',
  name: 'Marie Tremblay',
  email: 'marie@example.ca',
  emailVerified: true,
  pendingEmail: null,
  language: 'en',
  timeZone: 'America/Toronto',
  marketingConsent: false,
  utilityDataConsent: false,
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const session = json(200, { user: { id: 'u1', name: 'Marie T', email: 'marie@example.ca' }, session: {} });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProfileForm />
    </QueryClientProvider>,
  );
}

async function loaded() {
  fetchMock.mockResolvedValueOnce(json(200, profile));
  renderForm();
  return screen.findByDisplayValue('Marie Tremblay');
}

describe('ProfileForm (docs/product/routes-and-screens.md#settings, docs/product/messages.md#profile)', () => {
  it('shows a spinner while loading, then the name and an email field', async () => {
    let answer = (_: Response) => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderForm();
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile…');
    answer(json(200, profile));
    expect(await screen.findByLabelText('Name')).toHaveValue('Marie Tremblay');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toHaveValue('marie@example.ca');
  });

  it("says 'Failed to load profile' and starts with empty fields when loading fails", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'boom' } }));
    renderForm();
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it("reads 'Saving...' and is disabled while saving, then says 'Profile updated successfully' and fires USER_UPDATED", async () => {
    await loaded();
    const events: string[] = [];
    const off = onSessionEvent((event) => events.push(event));
    let answer = (_: Response) => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    fetchMock.mockResolvedValueOnce(session);
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Marie T');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer(json(200, { ...profile, name: 'Marie T', updatedAt: '2025-01-02T00:00:00.000Z' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/profile');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Marie T', email: 'marie@example.ca' });
    await vi.waitFor(() => expect(events).toContain('USER_UPDATED'));
    off();
  });

  it('says where the confirmation link went when the email changes', async () => {
    await loaded();
    fetchMock.mockResolvedValueOnce(json(200, { ...profile, pendingEmail: 'new@example.ca' }));
    fetchMock.mockResolvedValueOnce(session);
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.ca');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByText("We've sent a link to new@example.ca to confirm your new address.")).toBeInTheDocument();
  });

  it("says 'No user found' when the session is gone", async () => {
    await loaded();
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'unauthorized', message: 'Authentication required' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('No user found')).toBeInTheDocument();
  });

  it('shows the error’s own message', async () => {
    await loaded();
    fetchMock.mockResolvedValueOnce(json(400, { error: { code: 'validation_error', message: 'Name is too long' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name is too long')).toBeInTheDocument();
  });

  it("falls back to 'Failed to update profile'", async () => {
    await loaded();
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('explains that the demo account is read-only', async () => {
    await loaded();
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'demo_account_read_only', message: 'The demo account cannot be changed.' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText("The demo account can't be changed. Create your own account to try this.")).toBeInTheDocument();
  });
});
