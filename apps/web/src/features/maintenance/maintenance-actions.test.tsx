import { MAINTENANCE_MESSAGES, type MaintenanceOverview } from '@peakwise/contracts/maintenance.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi, sessionBody } from '@/test/energy-test-utils';
import { NOW, furnace, overview, waterHeater } from './maintenance-fixture';
import MaintenancePage from './maintenance-page';

type Post = { url: string; body: unknown };
type PostAnswer = (post: Post) => Response;

/** A tiny server: GET answers the current overview; POSTs are recorded and answered by `answer`. */
function renderWithServer(answer: PostAnswer, start: MaintenanceOverview = overview()) {
  let current = start;
  const posts: Post[] = [];
  const rendered = renderWithApi(<MaintenancePage />, () => Response.json(current), '/app/maintenance');
  const fetchMock = rendered.fetchMock;
  fetchMock.mockImplementation(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/api/auth/get-session')) return Response.json(sessionBody);
    if (init?.method === 'POST') {
      const post = { url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      posts.push(post);
      return answer(post);
    }
    return Response.json(current);
  });
  return { ...rendered, posts, setServer: (next: MaintenanceOverview) => (current = next) };
}

const errorBody = (status: number, message: string, code = 'validation_failed') => Response.json({ error: { code, message } }, { status });
const componentAnswer = () => Response.json({ component: furnace });
const dateInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Date') as HTMLInputElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Dismiss', () => {
  it('posts the dismiss, removes the alert and moves focus to the next one', async () => {
    const { posts, setServer } = renderWithServer(() => {
      setServer(overview('30d', { alerts: overview().alerts.filter((a) => a.id !== 'a-decline') }));
      return Response.json({ id: 'a-decline', dismissedAt: NOW.toISOString() });
    });
    await userEvent.click(await screen.findByRole('button', { name: /Panel 13.*Health fell/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: /Panel 13.*Health fell/ })).not.toBeInTheDocument());
    expect(posts).toEqual([{ url: '/api/maintenance/alerts/a-decline/dismiss', body: undefined }]);
    expect(screen.getAllByRole('button', { pressed: false }).filter((b) => b.dataset.alertId)).toHaveLength(3);
    expect(document.activeElement).toHaveAttribute('data-alert-id', 'a-leak');
    expect(screen.getByTestId('maintenance-announcer')).toHaveTextContent('Alert dismissed: Panel 13 degrading');
    expect(screen.getByRole('img', { name: /component health/ })).toBeInTheDocument();
  });

  it('says why a dismiss was refused and keeps the alert', async () => {
    renderWithServer(() => errorBody(500, 'boom', 'internal'));
    await userEvent.click(await screen.findByRole('button', { name: /Furnace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('The alert was not dismissed: That didn’t work. Try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Furnace/ })).toBeInTheDocument();
  });
});

describe('Take Action', () => {
  it('opens a labelled date dialog defaulting to the component’s next maintenance, bounded to today … two years', async () => {
    renderWithServer(componentAnswer);
    await userEvent.click(await screen.findByRole('button', { name: /Panel 13.*Health fell/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Take Action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule maintenance' });
    expect(dialog).toHaveAccessibleDescription('Clean the panel · Panel 13');
    const input = dateInput(dialog);
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue('2026-01-15');
    expect(input).toHaveAttribute('min', '2025-11-24');
    expect(input).toHaveAttribute('max', '2027-11-24');
    expect(input).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('posts the chosen date, shows the server’s 400 message, and closes and refetches on success', async () => {
    let refuse = true;
    const { posts, fetchMock } = renderWithServer(() => (refuse ? errorBody(400, MAINTENANCE_MESSAGES.scheduleTooFar) : componentAnswer()));
    // The furnace is overdue, so its own date cannot be chosen: the dialog starts at tomorrow.
    await userEvent.click(await screen.findByRole('button', { name: /Furnace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Take Action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule maintenance' });
    expect(dateInput(dialog)).toHaveValue('2025-11-25');

    fireEvent.change(dateInput(dialog), { target: { value: '2025-12-05' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose a date within the next two years.')).toBeInTheDocument();
    expect(posts).toEqual([{ url: '/api/maintenance/alerts/a-filter/schedule', body: { date: '2025-12-05' } }]);

    refuse = false;
    const gets = fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/maintenance?')).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toHaveLength(2);
    expect(screen.getByTestId('maintenance-announcer')).toHaveTextContent('Maintenance for Furnace scheduled for December 5, 2025.');
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/maintenance?')).length).toBeGreaterThan(gets));
  });

  it('shows a refusal it does not know as the server wrote it, and checks the date before sending', async () => {
    const { posts } = renderWithServer(() => errorBody(409, 'This component is being serviced right now.', 'conflict'));
    await userEvent.click(await screen.findByRole('button', { name: /Furnace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Take Action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule maintenance' });

    fireEvent.change(dateInput(dialog), { target: { value: '2025-11-23' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Choose a date from today on.')).toBeInTheDocument();
    expect(dateInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);

    fireEvent.change(dateInput(dialog), { target: { value: '2025-11-24' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('This component is being serviced right now.')).toBeInTheDocument();
  });
});

describe('Upcoming Maintenance', () => {
  const upcomingSection = () => screen.getByRole('heading', { name: 'Upcoming Maintenance' }).closest('section')!;

  it('lists the three soonest with task and due date, the overdue one marked', async () => {
    renderWithServer(componentAnswer);
    await screen.findByRole('heading', { name: 'Upcoming Maintenance' });
    const items = within(upcomingSection()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(plain(items[0]!.textContent)).toContain('Furnace · Basement');
    expect(plain(items[0]!.textContent)).toContain('Replace the furnace or air-conditioner filter');
    expect(plain(items[0]!.textContent)).toContain('OverdueDue Nov 20, 2025 (4 days ago)');
    expect(items[0]).toHaveAttribute('data-overdue', 'true');
    expect(plain(items[1]!.textContent)).toContain('Due Nov 29, 2025 (in 5 days)');
    expect(items[1]).toHaveAttribute('data-overdue', 'false');
    expect(within(items[1]!).getByRole('button', { name: 'Schedule' })).toHaveAccessibleDescription('Water heater');
  });

  it('Schedule posts the component’s date', async () => {
    const { posts } = renderWithServer(() => Response.json({ component: { ...waterHeater, nextMaintenance: '2025-11-29', nextMaintenanceSource: 'scheduled' } }));
    await screen.findByRole('heading', { name: 'Upcoming Maintenance' });
    const item = within(upcomingSection()).getAllByRole('listitem')[1]!;
    await userEvent.click(within(item).getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule maintenance' });
    expect(dialog).toHaveAccessibleDescription('Flush the water heater tank · Water heater');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([{ url: '/api/maintenance/components/c-heater/schedule', body: { date: '2025-11-29' } }]);
  });

  it('Mark as done confirms a date (today by default, never in the future) and posts it', async () => {
    const { posts } = renderWithServer(componentAnswer);
    await screen.findByRole('heading', { name: 'Upcoming Maintenance' });
    await userEvent.click(within(within(upcomingSection()).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Mark as done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark maintenance as done' });
    const input = within(dialog).getByLabelText('Done on');
    expect(input).toHaveValue('2025-11-24');
    expect(input).toHaveAttribute('max', '2025-11-24');

    fireEvent.change(input, { target: { value: '2025-11-25' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    expect(within(dialog).getByText('Maintenance cannot be recorded as done on a future date.')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: '2025-11-22' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([{ url: '/api/maintenance/components/c-hvac/complete', body: { date: '2025-11-22' } }]);
    expect(screen.getByTestId('maintenance-announcer')).toHaveTextContent('Maintenance for Furnace recorded as done on November 22, 2025.');
  });
});
