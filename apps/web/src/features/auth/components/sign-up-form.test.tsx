import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SignUpForm } from './sign-up-form';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// Typing a whole form takes longer than the default 5 s on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onSignedUp = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignUpForm onSignedUp={onSignedUp} />
    </QueryClientProvider>,
  );
}

async function fill(overrides: { confirmEmail?: string; requiredOnly?: boolean } = {}) {
  // Every keystroke's events still fire, in order; `delay: null` skips only the timer user-event
  // waits on between two of them, some 60 per fill.
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Email'), 'sam@example.ca');
  await user.type(screen.getByLabelText('Confirm email'), overrides.confirmEmail ?? 'sam@example.ca');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.type(screen.getByLabelText('What should we call you?'), 'Sam');
  if (overrides.requiredOnly) return user;
  await user.selectOptions(screen.getByLabelText('Month'), '3');
  await user.type(screen.getByLabelText('Day'), '7');
  await user.type(screen.getByLabelText('Year'), '1984');
  await user.click(screen.getByLabelText('Non-binary'));
  return user;
}

describe('SignUpForm', () => {
  it('lists localized month names', () => {
    renderForm();
    expect(screen.getByRole('option', { name: 'March' })).toHaveValue('3');
  });

  it('blocks mismatched emails and sends nothing', async () => {
    renderForm();
    const user = await fill({ confirmEmail: 'someone@example.ca' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Email addresses do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm email')).toHaveAccessibleDescription('Email addresses do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows required-field messages on an empty submit', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please tell us what to call you')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('sends a zero-padded birth date, the consent flag and the language', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'u1' }, token: null }));
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'u1', name: 'Sam', email: 'sam@example.ca' }, session: {} }));
    const onSignedUp = vi.fn();
    renderForm(onSignedUp);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/sign-up/email');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'sam@example.ca',
      confirmEmail: 'sam@example.ca',
      password: 'correct-horse',
      name: 'Sam',
      birthDate: '1984-03-07',
      gender: 'non-binary',
      marketingConsent: false,
      language: 'en',
    });
  });

  it('signs up with only email, its confirmation, password and name: birth date and gender are optional', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'u1' }, token: null }));
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'u1', name: 'Sam', email: 'sam@example.ca' }, session: {} }));
    const onSignedUp = vi.fn();
    renderForm(onSignedUp);
    expect(screen.getByRole('group', { name: 'Birthday (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Gender (optional)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Year')).not.toBeRequired();
    const user = await fill({ requiredOnly: true });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalled(), { timeout: 5000 });
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ email: 'sam@example.ca', confirmEmail: 'sam@example.ca', password: 'correct-horse', name: 'Sam', marketingConsent: false, language: 'en' });
  });

  it('shows the server’s error in the form', async () => {
    fetchMock.mockResolvedValueOnce(json(422, { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' }));
    renderForm();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('User already exists. Use another email.')).toBeInTheDocument();
  });

  it('says "Check your email to continue" when the answer set no session (an address already in use)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'random' }, token: null }));
    fetchMock.mockResolvedValueOnce(json(200, null));
    const onSignedUp = vi.fn();
    renderForm(onSignedUp);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Check your email to continue')).toBeInTheDocument();
    expect(screen.getByText('We’ve sent a message to sam@example.ca with what to do next.')).toBeInTheDocument();
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it.each([
    ['PASSWORD_TOO_COMMON', 'This password is too common. Please choose one that’s harder to guess.'],
    ['PASSWORD_MATCHES_PERSONAL_INFO', 'Your password can’t contain your email address or name.'],
    ['PASSWORD_TOO_LONG', 'Password must be 128 characters or fewer'],
    ['EMAIL_MISMATCH', 'Email addresses do not match'],
    ['INVALID_BIRTH_DATE', 'Please enter a valid birth date'],
    ['TOO_MANY_REQUESTS', 'Too many attempts. Please wait a minute and try again.'],
  ])('translates the server code %s', async (code, text) => {
    fetchMock.mockResolvedValueOnce(json(400, { code, message: 'English server words' }));
    renderForm();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
