import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@peakwise/contracts/demo-account';
import { LoginPanel } from './login-panel';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel(onSignedIn = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LoginPanel open onClose={() => {}} onSwitchToSignUp={() => {}} onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Log In' }));
}

describe('LoginPanel', () => {
  it('is a modal dialog with the demo credentials pre-filled and shown', () => {
    const panel = renderPanel();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    expect(panel.getByLabelText('Email')).toHaveValue(DEMO_EMAIL);
    expect(panel.getByLabelText('Password')).toHaveValue(DEMO_PASSWORD);
    expect(panel.getByText(new RegExp(DEMO_EMAIL))).toBeInTheDocument();
    expect(panel.getByLabelText('Email')).toHaveFocus();
  });

  it('reads "Signing in..." and is disabled while the request is pending', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const panel = renderPanel();
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    expect(panel.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('sends trimmed values and reports success', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'u1' }, token: 't' }));
    const onSignedIn = vi.fn();
    const panel = renderPanel(onSignedIn);
    const email = panel.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, '  sam@example.ca ');
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/sign-in/email');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'sam@example.ca', password: DEMO_PASSWORD });
  });

  it('shows the invalid-credentials message on a 401', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }));
    const onSignedIn = vi.fn();
    const panel = renderPanel(onSignedIn);
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    expect(
      await panel.findByText('Invalid email or password. Please try the demo credentials shown below.'),
    ).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('opens the forgot-password view and sends a reset request', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { status: true }));
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reset your password' }));
    await userEvent.type(dialog.getByLabelText('Email'), 'sam@example.ca');
    await userEvent.click(dialog.getByRole('button', { name: 'Send reset link' }));
    expect(await dialog.findByText("If an account exists for that email, we've sent a reset link.")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/request-password-reset');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'sam@example.ca', redirectTo: '/reset-password' });
  });
});
