import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@peakwise/contracts/demo-account';
import { LoginPanel } from './login-panel';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// Whether the server offers the shared demo (decision 082); answered apart from fetchMock so each
// test's queue of answers and list of calls stays about signing in.
let demoAccount = true;
beforeEach(() => {
  fetchMock.mockReset();
  demoAccount = true;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/public-config' ? Promise.resolve(json(200, { demoAccount, supportPhone: null })) : fetchMock(input, init),
  );
});
afterEach(() => vi.unstubAllGlobals());

type PanelProps = Partial<Parameters<typeof LoginPanel>[0]>;

async function renderPanel(onSignedIn = vi.fn(), props: PanelProps = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LoginPanel open onClose={() => {}} onSwitchToSignUp={() => {}} onSignedIn={onSignedIn} {...props} />
    </QueryClientProvider>,
  );
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  return within(screen.getByRole('dialog'));
}

const session = () => json(200, { user: { id: 'u1', name: 'Sam', email: 'sam@example.ca' }, session: { expiresAt: '2030-01-01T00:00:00Z' } });

describe('LoginPanel', () => {
  it('is a modal dialog with the demo credentials pre-filled and shown', async () => {
    const panel = await renderPanel();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    expect(panel.getByLabelText('Email')).toHaveValue(DEMO_EMAIL);
    expect(panel.getByLabelText('Password')).toHaveValue(DEMO_PASSWORD);
    expect(panel.getByText(new RegExp(DEMO_EMAIL))).toBeInTheDocument();
    expect(panel.getByLabelText('Email')).toHaveFocus();
  });

  it('leaves the fields empty and shows no demo hint where the server offers no demo', async () => {
    demoAccount = false;
    const panel = await renderPanel();
    expect(panel.getByLabelText('Email')).toHaveValue('');
    expect(panel.getByLabelText('Password')).toHaveValue('');
    expect(panel.queryByText(new RegExp(DEMO_EMAIL))).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // Nor does a wrong password point to demo credentials that are not there.
    fetchMock.mockResolvedValueOnce(json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }));
    await userEvent.type(panel.getByLabelText('Email'), 'sam@example.ca');
    await userEvent.type(panel.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    expect(await panel.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it('reads "Signing in..." and is disabled while the request is pending', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const panel = await renderPanel();
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    expect(panel.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('sends trimmed values and reports success', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'u1' }, token: 't' }));
    fetchMock.mockResolvedValueOnce(session());
    const onSignedIn = vi.fn();
    const panel = await renderPanel(onSignedIn);
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
    const panel = await renderPanel(onSignedIn);
    await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
    expect(
      await panel.findByText('Invalid email or password. Please try the demo credentials shown below.'),
    ).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('opens the forgot-password view and sends a reset request', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { status: true }));
    await renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reset your password' }));
    await userEvent.type(dialog.getByLabelText('Email'), 'sam@example.ca');
    await userEvent.click(dialog.getByRole('button', { name: 'Send reset link' }));
    expect(await dialog.findByText("If an account exists for that email, we've sent a reset link.")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/request-password-reset');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'sam@example.ca', redirectTo: '/reset-password' });
  });

  it('opens straight on the forgot-password view when asked (?auth=forgot-password)', async () => {
    await renderPanel(vi.fn(), { initialView: 'forgot' });
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it.each([
    ['account_exists', 'An account already uses this email. Log in with your email and password, or reset your password if you’ve forgotten it.'],
    ['access_denied', 'Sign-in was cancelled. You can try again or log in with your email.'],
    ['state_mismatch', 'Social sign-in didn’t finish. Please try again or log in with your email.'],
  ])('explains error=%s from a social sign-in', async (code, text) => {
    const panel = await renderPanel(vi.fn(), { errorCode: code });
    expect(panel.getByRole('alert')).toHaveTextContent(text);
  });

  describe('two-factor step', () => {
    async function reachSecondStep() {
      fetchMock.mockResolvedValueOnce(json(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] }));
      const onSignedIn = vi.fn();
      const panel = await renderPanel(onSignedIn);
      await userEvent.click(panel.getByRole('button', { name: 'Sign In' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Two-factor authentication' }));
      return { dialog, onSignedIn };
    }

    it('asks for the 6-digit code after the password, and signs in with it', async () => {
      const { dialog, onSignedIn } = await reachSecondStep();
      expect(onSignedIn).not.toHaveBeenCalled();
      const code = dialog.getByLabelText('Authentication code');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveFocus();
      fetchMock.mockResolvedValueOnce(json(200, { token: 't', user: { id: 'u1' } }));
      fetchMock.mockResolvedValueOnce(session());
      await userEvent.type(code, '123456');
      await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
      await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
      const [url, init] = fetchMock.mock.calls[1]!;
      expect(url).toBe('/api/auth/two-factor/verify-totp');
      expect(JSON.parse(String(init?.body))).toEqual({ code: '123456' });
    });

    it('refuses a short code locally and explains a wrong one', async () => {
      const { dialog, onSignedIn } = await reachSecondStep();
      await userEvent.type(dialog.getByLabelText('Authentication code'), '12');
      await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
      expect(dialog.getByText('Please enter the 6-digit code from your app')).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      fetchMock.mockResolvedValueOnce(json(401, { code: 'INVALID_CODE', message: 'Invalid code' }));
      await userEvent.type(dialog.getByLabelText('Authentication code'), '3456');
      await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
      expect(await dialog.findByText('That code didn’t work. Check it and try again.')).toBeInTheDocument();
      expect(onSignedIn).not.toHaveBeenCalled();
    });

    it('takes a backup code instead', async () => {
      const { dialog, onSignedIn } = await reachSecondStep();
      await userEvent.click(dialog.getByRole('button', { name: 'Use a backup code instead' }));
      fetchMock.mockResolvedValueOnce(json(200, { token: 't', user: { id: 'u1' } }));
      fetchMock.mockResolvedValueOnce(session());
      await userEvent.type(dialog.getByLabelText('Backup code'), 'AbCd-12345');
      await userEvent.click(dialog.getByRole('button', { name: 'Verify' }));
      await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
      expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/two-factor/verify-backup-code');
      expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ code: 'AbCd-12345' });
    });

    it('goes back to the password step', async () => {
      const { dialog } = await reachSecondStep();
      await userEvent.click(dialog.getByRole('button', { name: 'Back to log in' }));
      expect(screen.getByRole('dialog', { name: 'Log In' })).toBeInTheDocument();
    });
  });
});
