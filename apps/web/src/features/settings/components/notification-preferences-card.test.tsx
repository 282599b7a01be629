import type { NotificationPreferences } from '@peakwise/contracts/notifications.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationPreferencesCard } from './notification-preferences-card';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const problem = (status: number, code: string, message: string) => json(status, { error: { code, message } });
const off = { events: false, bill_reminders: false, maintenance_alerts: false, rewards: false };
type Prefs = NotificationPreferences;
const base: Prefs = { channels: { email: { events: true, bill_reminders: true, maintenance_alerts: true, rewards: true }, sms: off, push: off }, phone: null, pushSubscriptions: 0 };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard(preferences: Prefs) {
  fetchMock.mockResolvedValueOnce(json(200, preferences));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationPreferencesCard />
    </QueryClientProvider>,
  );
}
const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
};

describe('NotificationPreferencesCard grid', () => {
  it('is a table whose checkboxes are named by topic and channel, and saves one change', async () => {
    renderCard(base);
    const table = await screen.findByRole('table', { name: 'What we tell you about, and how' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Topic', 'Email', 'Text message (SMS)', 'Push on this browser']);
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Energy Saving Events', 'Bill reminders', 'Maintenance alerts', 'Rewards']);
    const box = screen.getByRole('checkbox', { name: 'Email: Bill reminders' });
    expect(box).toBeChecked();

    fetchMock.mockResolvedValueOnce(json(200, { ...base, channels: { ...base.channels, email: { ...base.channels.email, bill_reminders: false } } }));
    await userEvent.click(box);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Email: Bill reminders' })).not.toBeChecked());
    expect(lastCall()).toEqual({ url: '/api/notification-preferences', method: 'PUT', body: { channels: { email: { bill_reminders: false } } } });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('locks SMS until the number is verified and push until a browser is subscribed, saying why', async () => {
    renderCard(base);
    const sms = await screen.findByRole('checkbox', { name: 'Text message (SMS): Energy Saving Events' });
    expect(sms).toBeDisabled();
    expect(sms).toHaveAccessibleDescription(expect.stringContaining('Text messages can be turned on once your mobile number is verified.'));
    expect(screen.getByRole('checkbox', { name: 'Push on this browser: Rewards' })).toHaveAccessibleDescription(
      expect.stringContaining('Push notifications can be turned on once push is on for a browser.'),
    );
    expect(screen.getByRole('checkbox', { name: 'Email: Rewards' })).toBeEnabled();
  });

  it('opens SMS once the number is verified, and shows a refusal in words', async () => {
    renderCard({ ...base, phone: { number: '+14165550123', verified: true } });
    const sms = await screen.findByRole('checkbox', { name: 'Text message (SMS): Rewards' });
    expect(sms).toBeEnabled();
    fetchMock.mockResolvedValueOnce(problem(409, 'phone_not_verified', 'Verify your mobile number before turning on text messages.'));
    await userEvent.click(sms);
    expect(await screen.findByText('Verify your mobile number before turning on text messages.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Text message (SMS): Rewards' })).not.toBeChecked();
  });
});

describe('NotificationPreferencesCard phone', () => {
  it('texts a code, then verifies it', async () => {
    renderCard(base);
    await userEvent.type(await screen.findByLabelText('Mobile number'), '416 555 0123');
    fetchMock.mockResolvedValueOnce(json(200, { ...base, phone: { number: '+14165550123', verified: false } }));
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('We texted a code to +14165550123. It is valid for 10 minutes.')).toBeInTheDocument();
    expect(lastCall()).toEqual({ url: '/api/notification-preferences/phone', method: 'PUT', body: { phone: '416 555 0123' } });

    fetchMock.mockResolvedValueOnce(json(200, { ...base, phone: { number: '+14165550123', verified: true } }));
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your mobile number is verified. You can turn on text messages.')).toBeInTheDocument();
    expect(lastCall()).toEqual({ url: '/api/notification-preferences/phone/verify', method: 'POST', body: { code: '123456' } });
    expect(screen.getByRole('checkbox', { name: 'Text message (SMS): Energy Saving Events' })).toBeEnabled();
  });

  it.each([
    [problem(400, 'code_wrong', 'That code is not right.'), 'That code is not right. Check the text and try again.'],
    [problem(410, 'code_expired', 'This code has expired. Ask for a new one.'), 'This code has expired. Ask for a new one.'],
    [problem(429, 'too_many_attempts', 'Too many wrong codes. Ask for a new one.'), 'Too many wrong codes. Ask for a new one.'],
    [problem(429, 'rate_limited', 'Too many requests'), 'Too many tries. Please wait a minute and try again.'],
  ])('says what went wrong with the code (%#)', async (answer, words) => {
    renderCard({ ...base, phone: { number: '+14165550123', verified: false } });
    await userEvent.type(await screen.findByLabelText('6-digit code'), '654321');
    fetchMock.mockResolvedValueOnce(answer);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const field = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(field).toHaveAccessibleDescription(words));
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the code has 6 digits before asking the server', async () => {
    renderCard({ ...base, phone: { number: '+14165550123', verified: false } });
    await userEvent.type(await screen.findByLabelText('6-digit code'), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByLabelText('6-digit code')).toHaveAccessibleDescription('The code has 6 digits.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says when a new code is asked for too soon', async () => {
    renderCard({ ...base, phone: { number: '+14165550123', verified: false } });
    fetchMock.mockResolvedValueOnce(problem(429, 'code_too_soon', 'A code was sent less than a minute ago.'));
    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A code was sent less than a minute ago. Please wait a minute before asking for another.')).toBeInTheDocument();
  });
});

describe('NotificationPreferencesCard on the shared demo', () => {
  it('explains that the demo keeps no phone number (decision 082)', async () => {
    renderCard(base);
    await userEvent.type(await screen.findByLabelText('Mobile number'), '416 555 0123');
    fetchMock.mockResolvedValueOnce(problem(403, 'demo_account_shared', 'The demo account is shared by every visitor, so it keeps no personal details.'));
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(
      await screen.findByText(
        'This demo account is shared by everyone trying Peakwise, so it keeps no personal details such as phone numbers, cards, addresses or names. Create your own account to add yours.',
      ),
    ).toBeInTheDocument();
  });

  it('explains that the demo keeps no browser’s push subscription, and leaves this browser unsubscribed (decision 082)', async () => {
    const subscription = {
      endpoint: 'https://push.example/demo',
      toJSON: () => ({ endpoint: 'https://push.example/demo', keys: { p256dh: 'B'.repeat(87), auth: 'C'.repeat(22) } }),
      unsubscribe: vi.fn(async () => true),
    };
    let subscribed = false;
    const registration = {
      pushManager: {
        getSubscription: vi.fn(async () => (subscribed ? subscription : null)),
        subscribe: vi.fn(async () => {
          subscribed = true;
          return subscription;
        }),
      },
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: { register: vi.fn(async () => registration), ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) } }));
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => 'granted') });

    renderCard(base);
    const button = await screen.findByRole('button', { name: 'Turn on push on this browser' });
    await waitFor(() => expect(button).toBeEnabled());
    fetchMock.mockResolvedValueOnce(json(200, { publicKey: 'BPz' + 'A'.repeat(84) }));
    fetchMock.mockResolvedValueOnce(problem(403, 'demo_account_shared', 'The demo account is shared by every visitor, so it keeps no personal details.'));
    await userEvent.click(button);

    expect(
      await screen.findByText(
        'This demo account is shared by everyone trying Peakwise, so it keeps no personal details such as phone numbers, cards, addresses or names. Create your own account to add yours.',
      ),
    ).toBeInTheDocument();
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on push on this browser' })).toBeInTheDocument();
  });
});

describe('NotificationPreferencesCard push', () => {
  it('says so, without a button, in a browser without push', async () => {
    // jsdom has no service workers and no PushManager, like an old browser.
    expect('serviceWorker' in navigator).toBe(false);
    renderCard(base);
    expect(await screen.findByText(/This browser can’t receive push notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on push on this browser' })).toBeNull();
  });

  it('subscribes with the server’s key and posts the subscription', async () => {
    const key = 'BPz' + 'A'.repeat(84);
    const subscription = {
      endpoint: 'https://push.example/abc',
      toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'B'.repeat(87), auth: 'C'.repeat(22) } }),
      unsubscribe: vi.fn(async () => true),
    };
    const subscribe = vi.fn(async () => subscription);
    const registration = { pushManager: { getSubscription: vi.fn(async () => null), subscribe } };
    const register = vi.fn(async () => registration);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: { register, ready: Promise.resolve(registration), getRegistration: vi.fn(async () => undefined) } }));
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => 'granted') });

    renderCard(base);
    const button = await screen.findByRole('button', { name: 'Turn on push on this browser' });
    await waitFor(() => expect(button).toBeEnabled());
    fetchMock.mockResolvedValueOnce(json(200, { publicKey: key }));
    fetchMock.mockResolvedValueOnce(json(201, { ...base, pushSubscriptions: 1 }));
    await userEvent.click(button);

    expect(await screen.findByText(/Push is on for this browser\./)).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith('/sw.js');
    const options = subscribe.mock.calls[0] as unknown as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(options[0].applicationServerKey).toHaveLength(65);
    expect(lastCall()).toEqual({ url: '/api/push-subscriptions', method: 'POST', body: { endpoint: 'https://push.example/abc', keys: { p256dh: 'B'.repeat(87), auth: 'C'.repeat(22) } } });
    expect(screen.getByRole('checkbox', { name: 'Push on this browser: Energy Saving Events' })).toBeEnabled();
  });
});
