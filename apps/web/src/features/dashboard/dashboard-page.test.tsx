import type { Dashboard, DashboardUsage } from '@peakwise/contracts/energy.contract';
import type { FirstSteps } from '@peakwise/contracts/first-steps.contract';
import type { PointsSummary } from '@peakwise/contracts/events.contract';
import type { MaintenanceAlert, RecentAlerts } from '@peakwise/contracts/maintenance.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { resetSharedLiveConnection } from '@/lib/live';
import { FakeEventSource } from '@/test/fake-event-source';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import DashboardPage from './dashboard-page';
import { expectChartUnit } from '@/test/chart-unit';

const baseDashboard: Dashboard = {
  memberName: 'Alex',
  firstVisit: false,
  timeZone: 'America/Toronto',
  currentPowerKw: 1.2,
  currentPowerAt: '2025-11-24T22:00:00.000Z',
  todayKwh: 21.4,
  todayGridImportKwh: 15.2,
  todayCostCents: 350,
  tariffPlanId: 'on-tou',
  activeDeviceCount: 2,
  activeDevices: [
    { id: 'd1', name: 'Living room heater', kind: 'smart_plug', room: 'Living Room', powerKw: 1.1, status: 'operational' },
    { id: 'd2', name: 'Fridge', kind: 'power', room: null, powerKw: null, status: 'operational' },
  ],
};

const usage = (period: '24h' | '7d' | '30d'): DashboardUsage => ({
  period,
  timeZone: 'America/Toronto',
  bucket: period === '24h' ? 'hour' : 'day',
  points: Array.from({ length: period === '24h' ? 24 : period === '7d' ? 7 : 30 }, (_, i) => ({
    start: new Date(Date.UTC(2025, 10, 24, 5) - i * 3_600_000).toISOString(),
    kwh: i === 2 ? null : 1.1,
    coverage: { intervals: 12, expected: 12 },
  })).reverse(),
});

const recentAlert = (a: Pick<MaintenanceAlert, 'id' | 'cause' | 'type' | 'priority' | 'metric' | 'device' | 'detectedAt'> & Partial<MaintenanceAlert>): MaintenanceAlert => ({
  componentId: `c-${a.id}`,
  component: a.device,
  componentKind: 'solar_panel',
  params: {},
  updatedAt: a.detectedAt,
  scheduledFor: null,
  ...a,
});

let recent: RecentAlerts;
let dashboard: Dashboard;
let firstSteps: FirstSteps;
const noPlug: FirstSteps['freePlug'] = { status: 'available', carrier: null, tracking: null, orderedAt: null, shippedAt: null, deliveredAt: null };
const allDone: FirstSteps = {
  steps: (['confirmEmail', 'freePlug', 'connectData', 'eventNotifications', 'eventOptIn'] as const).map((id) => ({ id, done: true })),
  dismissed: false,
  freePlug: { ...noPlug, status: 'skipped' },
};
const points: PointsSummary = {
  balance: 1250,
  valueCents: 1250,
  lifetimeEarned: 1400,
  nextReward: { itemId: 'i1', name: { en: 'Smart thermostat', fr: 'Thermostat intelligent', es: 'Termostato inteligente' }, pointsCost: 2500, pointsNeeded: 1250 },
  activity: [],
  nextCursor: null,
};

function renderDashboard(home: () => Promise<{ postalCode: string | null }> | { postalCode: string | null } = () => ({ postalCode: 'M5V 3L9' })) {
  return renderWithApi(<DashboardPage />, async (url) => {
    if (url === '/api/dashboard') return Response.json(dashboard);
    if (url === '/api/dashboard/first-steps') return Response.json(firstSteps);
    if (url === '/api/dashboard/first-steps/dismiss') return Response.json((firstSteps = { ...firstSteps, dismissed: true }));
    if (url === '/api/dashboard/first-steps/verification-email') return new Response(null, { status: 204 });
    if (url === '/api/dashboard/alerts') return Response.json(recent);
    if (url === '/api/events/next') return Response.json({ event: null });
    if (url === '/api/points') return Response.json(points);
    if (url === '/api/household/home') return Response.json({ ...(await home()), city: 'Toronto', province: 'ON', timeZone: 'America/Toronto', tariffPlanId: 'on-tou' });
    const period = new URL(url, 'http://x').searchParams.get('period') as '24h' | '7d' | '30d';
    return Response.json(usage(period));
  }, '/app/dashboard');
}

// The card comes first; the device list below shares the spec's "Active Devices" title.
const card = (name: string) => screen.getAllByRole('heading', { name })[0]!.closest('section')!;

beforeEach(() => {
  recent = { timeZone: 'America/Toronto', alerts: [] };
  dashboard = baseDashboard;
  firstSteps = allDone;
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(async () => {
  await i18n.changeLanguage('en');
  resetSharedLiveConnection();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('greets the member and shows the API values first', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dashboard');
    expect(await screen.findByText('Welcome back, Alex')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Current Usage' });
    expect(plain(card('Current Usage').textContent)).toContain('1.20 kW');
    expect(plain(card('Current Usage').textContent)).toContain('as of 5:00 p.m.');
    expect(card('Today’s Cost')).toHaveTextContent('$3.50');
    // The cost prices grid import only: the card says how much of today's use that was.
    expect(card('Today’s Cost')).toHaveTextContent('21.4 kWh used so far today, 15.2 kWh of it from the grid');
    expect(card('Active Devices')).toHaveTextContent('2 devices');
    await vi.waitFor(() => expect(card('Reward Points')).toHaveTextContent('1,250 points'));
    expect(card('Reward Points')).toHaveTextContent('Worth $12.50');
    // The same figure the Rewards page shows, from the server's catalogue.
    expect(card('Reward Points')).toHaveTextContent('1,250 points to the next reward');
    // No event scheduled: no banner.
    expect(screen.queryByText(/Opt In/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Energy Saving Event')).not.toBeInTheDocument();
  });

  it('says "Welcome" on the first visit (the server says which), in English and French', async () => {
    dashboard = { ...baseDashboard, firstVisit: true };
    const { unmount } = renderDashboard();
    expect(await screen.findByText('Welcome, Alex')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('fr');
    renderDashboard();
    expect(await screen.findByText('Bienvenue, Alex')).toBeInTheDocument();
    expect(screen.queryByText(/Bon retour/)).not.toBeInTheDocument();
  });

  it('says "Welcome back" in French after the first visit', async () => {
    await i18n.changeLanguage('fr');
    renderDashboard();
    expect(await screen.findByText('Bon retour, Alex')).toBeInTheDocument();
  });

  it('no Live badge beside no reading, even with the stream open; what to do instead, with links', async () => {
    dashboard = { ...baseDashboard, currentPowerKw: null, currentPowerAt: null, activeDeviceCount: 0, activeDevices: [] };
    renderDashboard();
    await screen.findByRole('heading', { name: 'Current Usage' });
    FakeEventSource.instances[0]!.emit('ready', { householdId: 'h1' });
    const usageCard = card('Current Usage');
    expect(within(usageCard).queryByText('Live')).not.toBeInTheDocument();
    expect(usageCard).toHaveTextContent('No reading in the last 15 minutes');
    expect(within(usageCard).getByRole('link', { name: 'Add a device' })).toHaveAttribute('href', '/app/devices?add=1');
    expect(within(usageCard).getByRole('link', { name: 'Import your utility’s file' })).toHaveAttribute('href', '/app/settings/data#green-button');
    // A sample arriving on the stream is a live reading: now the badge shows.
    FakeEventSource.instances[0]!.emit('power', { householdId: 'h1', ts: new Date().toISOString(), powerW: 500 });
    expect(within(card('Current Usage')).getByText('Live')).toBeInTheDocument();

    const devices = screen.getByText('Nothing is switched on').closest('section')!;
    expect(within(devices).getByText('Nothing is switched on')).toBeInTheDocument();
    expect(within(devices).getByRole('link', { name: 'Add a device' })).toHaveAttribute('href', '/app/devices?add=1');
  });

  it('with plugs reporting and no meter, Current Usage says what whole-home usage needs instead of "no reading"', async () => {
    dashboard = { ...baseDashboard, currentPowerKw: null, currentPowerAt: null };
    expect(dashboard.activeDeviceCount).toBeGreaterThan(0);
    renderDashboard();
    await screen.findByRole('heading', { name: 'Current Usage' });
    const usageCard = card('Current Usage');
    expect(usageCard).toHaveTextContent('Your plugs report under Active Devices; whole-home usage needs a meter or your utility’s file');
    expect(usageCard).not.toHaveTextContent('No reading in the last 15 minutes');
    expect(within(usageCard).getByRole('link', { name: 'Import your utility’s file' })).toHaveAttribute('href', '/app/settings/data#green-button');
  });

  it('an empty usage chart links to adding a device and importing', async () => {
    renderWithApi(<DashboardPage />, (url) => {
      if (url === '/api/dashboard') return Response.json(dashboard);
      if (url === '/api/dashboard/first-steps') return Response.json(firstSteps);
      if (url === '/api/dashboard/alerts') return Response.json(recent);
      if (url === '/api/events/next') return Response.json({ event: null });
      if (url === '/api/points') return Response.json(points);
      if (url === '/api/household/home') return Response.json({ postalCode: 'M5V 3L9', city: 'Toronto', province: 'ON', timeZone: 'America/Toronto', tariffPlanId: 'on-tou' });
      const empty = usage('24h');
      return Response.json({ ...empty, points: empty.points.map((p) => ({ ...p, kwh: null })) });
    }, '/app/dashboard');
    const chart = (await screen.findByText('No usage recorded yet')).closest('section')!;
    expect(within(chart).getByRole('link', { name: 'Add a device' })).toHaveAttribute('href', '/app/devices?add=1');
    expect(within(chart).getByRole('link', { name: 'Import your utility’s file' })).toHaveAttribute('href', '/app/settings/data#green-button');
  });

  it('the first-steps checklist: each step ticked as the server says, linking where it is done; dismissed for good', async () => {
    firstSteps = {
      steps: [
        { id: 'confirmEmail', done: false },
        { id: 'connectData', done: false },
        { id: 'eventNotifications', done: true },
        { id: 'eventOptIn', done: false },
      ],
      dismissed: false,
      freePlug: noPlug,
    };
    const { fetchMock } = renderDashboard();
    const list = await screen.findByRole('region', { name: 'Get started' }, { timeout: 5000 });
    expect(list).toHaveTextContent('1 of 4 done');
    const step = (id: string) => within(list).getByTestId(`first-step-${id}`);
    expect(step('eventNotifications')).toHaveAttribute('data-done', 'true');
    expect(step('eventNotifications')).toHaveTextContent('(Done)');
    expect(within(step('eventNotifications')).queryByRole('link')).not.toBeInTheDocument();
    expect(step('connectData')).toHaveTextContent('(Not done yet)');
    expect(within(step('connectData')).getByRole('link', { name: 'Add a device' })).toHaveAttribute('href', '/app/devices?add=1');
    expect(within(step('connectData')).getByRole('link', { name: 'Import a Green Button file' })).toHaveAttribute('href', '/app/settings/data#green-button');
    expect(within(step('eventOptIn')).getByRole('link', { name: 'Opt in to events' })).toHaveAttribute('href', '/app/settings/notifications#every-event');

    await userEvent.click(within(step('confirmEmail')).getByRole('button', { name: 'Send the email again' }));
    expect(await within(step('confirmEmail')).findByText('Sent. Check your inbox.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/dashboard/first-steps/verification-email', expect.objectContaining({ method: 'POST' }));

    await userEvent.click(within(list).getByRole('button', { name: 'Hide these steps' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith('/api/dashboard/first-steps/dismiss', expect.objectContaining({ method: 'POST' }));
  });

  it('the checklist in French, and none once every step is done', async () => {
    firstSteps = { ...allDone, steps: allDone.steps.map((s) => (s.id === 'eventOptIn' ? { ...s, done: false } : s)) };
    await i18n.changeLanguage('fr');
    const { unmount } = renderDashboard();
    const list = await screen.findByRole('region', { name: 'Pour commencer' });
    expect(within(list).getByRole('link', { name: 'Participer aux événements' })).toHaveAttribute('href', '/app/settings/notifications#every-event');
    unmount();
    firstSteps = allDone;
    renderDashboard();
    await screen.findByText('Bon retour, Alex');
    expect(screen.queryByTestId('first-steps')).not.toBeInTheDocument();
  });

  it('shows nothing of its content until the last first answer is in, then all of it together (decision 068)', async () => {
    let answerHome: (home: { postalCode: string | null }) => void = () => undefined;
    renderDashboard(() => new Promise((resolve) => (answerHome = resolve)));
    // Everything else has answered: the member would see the cards, and then the home prompt
    // arriving above them would push them down. Until the home answers there is one placeholder.
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Current Usage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Where is your home?' })).not.toBeInTheDocument();
    answerHome({ postalCode: null });
    await screen.findByRole('heading', { name: 'Where is your home?' });
    expect(screen.getByRole('heading', { name: 'Current Usage' })).toBeInTheDocument();
    expect(card('Reward Points')).toHaveTextContent('1,250 points');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('updates Current Usage when a power event arrives, without refetching', async () => {
    const { fetchMock } = renderDashboard();
    await screen.findByRole('heading', { name: 'Current Usage' });
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('/api/live');
    source.emit('ready', { householdId: 'h1' });
    expect(within(card('Current Usage')).getByText('Live')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;

    source.emit('power', { householdId: 'h1', ts: '2025-11-24T22:01:10.000Z', powerW: 3450 });
    expect(plain(card('Current Usage').textContent)).toContain('3.45 kW');
    expect(plain(card('Current Usage').textContent)).toContain('as of 5:01 p.m.');
    source.emit('power', { householdId: 'h1', ts: '2025-11-24T22:01:20.000Z', powerW: 980 });
    expect(plain(card('Current Usage').textContent)).toContain('0.98 kW');
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('refetches when new readings are stored', async () => {
    const { fetchMock } = renderDashboard();
    await screen.findByRole('heading', { name: 'Current Usage' });
    const before = fetchMock.mock.calls.filter(([url]) => url === '/api/dashboard').length;
    FakeEventSource.instances[0]!.emit('readings', { householdId: 'h1', latestTs: '2025-11-24T22:00:00Z', kinds: ['meter'] });
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/dashboard').length).toBe(before + 1));
  });

  it('coming back refetches the cards and devices, though the cache holds them: readings came in while it was closed', async () => {
    const { fetchMock, client, rerender } = renderDashboard();
    await screen.findByText('Living room heater');
    const page = (ui: React.ReactElement) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/app/dashboard']}>{ui}</MemoryRouter>
      </QueryClientProvider>
    );
    // The member pairs a plug on Devices; its first reading arrives while the Dashboard is closed.
    rerender(page(<p>Devices</p>));
    dashboard = { ...baseDashboard, activeDeviceCount: 3, activeDevices: [...baseDashboard.activeDevices, { id: 'd3', name: 'Kitchen fridge', kind: 'smart_plug', room: null, powerKw: 0.0624, status: 'operational' }] };
    const before = fetchMock.mock.calls.filter(([url]) => url === '/api/dashboard').length;
    rerender(page(<DashboardPage />));
    expect(await screen.findByText('Kitchen fridge')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/dashboard').length).toBe(before + 1);
  });

  it('lists active devices with room and kW, and links to all devices, help and how events work', async () => {
    renderDashboard();
    const devices = (await screen.findByRole('link', { name: 'View All' })).closest('section')!;
    await within(devices).findByText('Living room heater');
    expect(plain(devices.textContent)).toContain('Living room heater');
    expect(plain(devices.textContent)).toContain('Living Room');
    expect(plain(devices.textContent)).toContain('1.10 kW');
    expect(plain(devices.textContent)).toContain('No room');
    expect(within(devices).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/app/devices');
    expect(screen.getByRole('link', { name: 'Learn More about saving energy' })).toHaveAttribute('href', '/app/help');
    expect(screen.getByRole('link', { name: 'View Schedule' })).toHaveAttribute('href', '/how-it-works#event-steps-title');
  });

  it('switches the usage chart period', async () => {
    const { fetchMock } = renderDashboard();
    expectChartUnit(await screen.findByRole('img', { name: /last 24 hours, by hour/ }), 'Values in kWh');
    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(await screen.findByRole('img', { name: /last 7 days, by day/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/dashboard/usage?period=7d', expect.anything());
  });

  describe('Recent Alerts', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2025-11-24T22:00:00.000Z'));
    });
    afterEach(() => vi.useRealTimers());

    it('shows each alert’s title, one-line description and how long ago, newest first, and links to Maintenance', async () => {
      recent = {
        timeZone: 'America/Toronto',
        alerts: [
          recentAlert({
            id: 'leak', device: 'Water meter', componentKind: 'water_supply', cause: 'night_flow', type: 'leak', priority: 'medium',
            metric: { kind: 'litres_per_hour', value: 2.4 }, params: { night: '2025-11-23' }, detectedAt: '2025-11-24T21:15:00.000Z',
          }),
          recentAlert({
            id: 'panel', device: 'Panel 13', cause: 'health_decline', type: 'predictive', priority: 'high',
            metric: { kind: 'degradation_pct', value: 9.5 }, params: { windowDays: 30 }, detectedAt: '2025-11-22T22:00:00.000Z',
          }),
        ],
      };
      const { fetchMock } = renderDashboard();
      const card = (await screen.findByRole('heading', { name: 'Recent Alerts' })).closest('section')!;
      const items = await within(card).findAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(within(items[0]!).getByText('Possible leak')).toBeInTheDocument();
      expect(plain(items[0]!.textContent)).toContain('Water flowed all night on November 23 (about 2.4 L/h).');
      expect(within(items[0]!).getByText('45 minutes ago')).toHaveAttribute('datetime', '2025-11-24T21:15:00.000Z');
      expect(within(items[1]!).getByText('Panel 13 degrading')).toBeInTheDocument();
      expect(plain(items[1]!.textContent)).toContain('Health fell 9.5% over the last 30 days.');
      expect(within(items[1]!).getByText('2 days ago')).toBeInTheDocument();
      expect(within(items[1]!).getByText('High priority')).toHaveAttribute('data-priority', 'high');
      expect(within(card).getByRole('link', { name: 'View All maintenance alerts' })).toHaveAttribute('href', '/app/maintenance');
      expect(fetchMock).toHaveBeenCalledWith('/api/dashboard/alerts', expect.anything());
    });

    it('says so when there are no recent alerts', async () => {
      renderDashboard();
      const card = (await screen.findByRole('heading', { name: 'Recent Alerts' })).closest('section')!;
      expect(await within(card).findByText('No recent alerts')).toBeInTheDocument();
      expect(within(card).queryByRole('listitem')).not.toBeInTheDocument();
    });
  });
});
