import type { DeviceHistory, DevicesOverview } from '@peakwise/contracts/devices.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import DevicesPage from './devices-page';
import { expectChartUnit } from '@/test/chart-unit';

const rooms = [
  { id: 'r-living', name: 'Living Room', x: 0, y: 0, width: 450, height: 330 },
  { id: 'r-kitchen', name: 'Kitchen', x: 450, y: 0, width: 550, height: 330 },
];
const device = (over: Partial<DevicesOverview['devices'][number]>): DevicesOverview['devices'][number] => ({
  id: 'd',
  name: 'Device',
  kind: 'power',
  roomId: null,
  room: null,
  x: null,
  y: null,
  status: 'operational',
  powerW: null,
  efficiencyPct: null,
  active: false,
  relayOn: null,
  neverSwitch: false,
  lastSeenAt: '2026-01-15T19:25:00.000Z',
  needsNewPassword: false,
  ...over,
});

const overview: DevicesOverview = {
  timeZone: 'America/Toronto',
  cards: { activeCount: 2, deviceCount: 3, totalPowerW: 1595, averageEfficiencyPct: 85, uptimePct: 68.2 },
  rooms,
  devices: [
    device({ id: 'lamp', name: 'Floor lamp', kind: 'lighting', roomId: 'r-living', room: 'Living Room', x: 100, y: 100, powerW: 95, active: true }),
    device({ id: 'heater', name: 'Heater', kind: 'temperature', roomId: 'r-kitchen', room: 'Kitchen', x: 600, y: 100, powerW: 1500, efficiencyPct: 90, status: 'warning', active: true }),
    device({ id: 'cam', name: 'Camera', kind: 'camera', status: 'offline', lastSeenAt: null }),
  ],
};

const history = (range: DeviceHistory['range']): DeviceHistory => ({
  deviceId: 'lamp',
  kind: 'lighting',
  range,
  timeZone: 'America/Toronto',
  bucket: range === '24h' ? 'hour' : 'day',
  points: Array.from({ length: range === '24h' ? 24 : range === '7d' ? 7 : 30 }, (_, i) => ({
    start: new Date(Date.UTC(2026, 0, 14, 20 + i)).toISOString(),
    avgPowerW: i === 3 ? null : 50 + i,
    energyKwh: null,
    coverage: { intervals: i === 3 ? 0 : 12, expected: 12 },
  })),
  latest: { ts: '2026-01-15T19:25:00.000Z', powerW: 95, efficiencyPct: null, metrics: { brightnessPct: 80, undocumentedKey: 3 } },
});

const api = (url: string) => {
  if (url.endsWith('/api/devices')) return Response.json(overview);
  if (url.endsWith('/api/comfort')) return Response.json({ rooms: [], plugs: [] });
  const match = /history\?range=(24h|7d|30d)/.exec(url);
  if (match) return Response.json(history(match[1] as DeviceHistory['range']));
  return new Response('not found', { status: 404 });
};

afterEach(() => vi.unstubAllGlobals());

describe('DevicesPage', () => {
  it('shows the four cards from the API', async () => {
    renderWithApi(<DevicesPage />, api);
    const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('section')!;
    const active = await card('Active Devices');
    expect(within(active).getByText('2')).toBeInTheDocument();
    expect(within(active).getByText('2 of 3 drawing power or switched on')).toBeInTheDocument();
    expect(plain((await card('Total Power')).textContent)).toContain('1.6 kW');
    expect(await card('Avg. Efficiency')).toHaveTextContent('85%');
    expect(await card('Uptime')).toHaveTextContent('68%');
  });

  it('zooms between 50% and 200% in 10% steps with buttons and keys, disabling at the limits', async () => {
    const user = userEvent.setup();
    renderWithApi(<DevicesPage />, api);
    const zoomIn = await screen.findByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    const level = screen.getByTestId('zoom-level');
    expect(level).toHaveTextContent('100%');
    for (let i = 0; i < 5; i += 1) await user.click(zoomOut);
    expect(level).toHaveTextContent('50%');
    expect(zoomOut).toBeDisabled();
    const plan = screen.getByRole('group', { name: /Floor plan of your home/ });
    plan.focus();
    await user.keyboard('+');
    expect(level).toHaveTextContent('60%');
    for (let i = 0; i < 20; i += 1) await user.keyboard('+');
    expect(level).toHaveTextContent('200%');
    expect(zoomIn).toBeDisabled();
    expect(screen.getByTestId('devices-announcer')).toHaveTextContent('Zoom 200%');
    await user.keyboard('-');
    expect(level).toHaveTextContent('190%');
  });

  it('pinch with two pointers scales the zoom to the nearest step', async () => {
    renderWithApi(<DevicesPage />, api);
    const plan = await screen.findByRole('group', { name: /Floor plan of your home/ });
    fireEvent.pointerDown(plan, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerDown(plan, { pointerId: 2, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(plan, { pointerId: 2, clientX: 400, clientY: 100 }); // 200 px → 300 px apart
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('150%');
    fireEvent.pointerUp(plan, { pointerId: 2 });
  });

  it('a room click highlights it and dims devices elsewhere; a second click clears it', async () => {
    const user = userEvent.setup();
    renderWithApi(<DevicesPage />, api);
    const kitchen = await screen.findByRole('button', { name: 'Kitchen, 1 device' });
    const lamp = screen.getByRole('button', { name: 'Floor lamp, Operational' });
    const heater = screen.getByRole('button', { name: 'Heater, Warning' });
    await user.click(kitchen);
    expect(kitchen).toHaveAttribute('aria-pressed', 'true');
    expect(lamp).toHaveAttribute('data-dimmed', 'true');
    expect(heater).toHaveAttribute('data-dimmed', 'false');
    expect(screen.getByTestId('devices-announcer')).toHaveTextContent('Kitchen highlighted');
    await user.click(kitchen);
    expect(kitchen).toHaveAttribute('aria-pressed', 'false');
    expect(lamp).toHaveAttribute('data-dimmed', 'false');
    expect(screen.getByTestId('devices-announcer')).toHaveTextContent('Highlight cleared');
  });

  it('selecting a marker opens its details, metrics and chart; the range select refetches', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderWithApi(<DevicesPage />, api);
    expect(await screen.findByText('Select a device on the floor plan or in the table to see its details.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Floor lamp, Operational' }));
    const panel = screen.getByRole('region', { name: 'Floor lamp' });
    expect(screen.getByTestId('devices-announcer')).toHaveTextContent('Floor lamp selected');
    const metrics = await within(panel).findByTestId('device-metrics');
    expect(metrics).toHaveTextContent('Brightness');
    expect(metrics).toHaveTextContent('80%');
    expect(metrics).not.toHaveTextContent('undocumentedKey');
    expectChartUnit(await within(panel).findByRole('img', { name: /average power by hour over the last 24 hours/ }), 'Values in W');
    // The plug-switch slot stays empty: no fake toggle.
    expect(within(panel).queryByRole('switch')).toBeNull();
    await user.click(within(panel).getByRole('radio', { name: '7d' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/devices/lamp/history?range=7d'))).toBe(true));
    expect(await within(panel).findByRole('img', { name: /by day over the last 7 days/ })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('region', { name: 'Floor lamp' })).toBeNull();
  });

  it('sorts the All Devices table by column with aria-sort', async () => {
    const user = userEvent.setup();
    renderWithApi(<DevicesPage />, api);
    const table = await screen.findByRole('table');
    const names = () => within(table).getAllByRole('rowheader').map((c) => c.textContent);
    expect(names()).toEqual(['Camera', 'Floor lamp', 'Heater']);
    const powerHeader = within(table).getByRole('columnheader', { name: /Power/ });
    expect(powerHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(powerHeader).getByRole('button'));
    expect(powerHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Floor lamp', 'Heater', 'Camera']); // missing power last
    await user.click(within(powerHeader).getByRole('button'));
    expect(powerHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Heater', 'Floor lamp', 'Camera']);
    expect(within(table).getByText('Offline').closest('[data-tone]')).toHaveAttribute('data-tone', 'neutral');
    expect(within(table).getByText('Warning').closest('[data-tone]')).toHaveAttribute('data-tone', 'warning');
  });

  it('names the devices that need a new password and opens one on its button, whose settings say what to do', async () => {
    const stuck = { ...overview, devices: overview.devices.map((d) => (d.id === 'lamp' || d.id === 'cam' ? { ...d, needsNewPassword: true } : d)) };
    renderWithApi(<DevicesPage />, (url) => (url.endsWith('/api/devices') ? Response.json(stuck) : api(url)));
    const notice = await screen.findByRole('region', { name: 'A device needs a new password' });
    expect(notice).toHaveTextContent('Floor lamp and Camera cannot connect: their passwords have no login');
    expect(within(notice).queryByRole('button', { name: 'Open Heater' })).toBeNull();
    await userEvent.click(within(notice).getByRole('button', { name: 'Open Floor lamp' }));
    const panel = await screen.findByRole('region', { name: 'Floor lamp' });
    expect(within(panel).getByText(/This device’s password has no login on Peakwise’s MQTT server/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Show pairing settings again' })).toBeInTheDocument();
  });

  it('shows no such notice when every device has its login', async () => {
    renderWithApi(<DevicesPage />, api);
    await screen.findByRole('heading', { name: 'Active Devices' });
    expect(screen.queryByRole('region', { name: 'A device needs a new password' })).toBeNull();
  });

  it('shows an empty state when the household has no devices', async () => {
    renderWithApi(<DevicesPage />, (url) => (url.endsWith('/api/devices') ? Response.json({ ...overview, devices: [], cards: { ...overview.cards, activeCount: 0, deviceCount: 0 } }) : api(url)));
    expect(await screen.findByText('No devices yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    // A new member can set the rooms' comfort before the first device arrives.
    expect(await screen.findByRole('region', { name: 'Comfort during events' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the devices cannot be loaded', async () => {
    renderWithApi(<DevicesPage />, () => new Response('{}', { status: 500 }));
    expect(await screen.findByText('We couldn’t load your devices.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  describe('choosing a device in the table, below the details on a narrow screen', () => {
    const scrolls: ScrollIntoViewOptions[] = [];
    const offScreen = () => {
      scrolls.length = 0;
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        // The details panel is above the window (the table was scrolled to); everything else in it.
        const top = this.dataset.testid === 'device-detail-panel' ? -900 : 10;
        return { top, bottom: top + 300, left: 0, right: 300, width: 300, height: 300, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
      });
      Element.prototype.scrollIntoView = function (options?: boolean | ScrollIntoViewOptions) {
        scrolls.push(options as ScrollIntoViewOptions);
      };
    };
    afterEach(() => {
      vi.restoreAllMocks();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });

    it('brings the details into view, smoothly, and puts focus on their heading; closing goes back to the row', async () => {
      offScreen();
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
      const user = userEvent.setup();
      renderWithApi(<DevicesPage />, api);
      const table = (await screen.findByRole('heading', { name: 'All Devices' })).closest('section')!;
      const row = within(table).getByRole('button', { name: 'Heater' });
      await user.click(row);
      const heading = await screen.findByRole('heading', { level: 2, name: 'Heater' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(scrolls).toEqual([{ block: 'start', behavior: 'smooth' }]);
      await user.click(screen.getByRole('button', { name: 'Close details' }));
      expect(row).toHaveFocus();
    });

    it('jumps instead of gliding for a reader who asks for less motion', async () => {
      offScreen();
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
      const user = userEvent.setup();
      renderWithApi(<DevicesPage />, api);
      const table = (await screen.findByRole('heading', { name: 'All Devices' })).closest('section')!;
      await user.click(within(table).getByRole('button', { name: 'Floor lamp' }));
      await screen.findByRole('heading', { level: 2, name: 'Floor lamp' });
      await waitFor(() => expect(scrolls).toEqual([{ block: 'start', behavior: 'auto' }]));
    });

    it('leaves the page where it is when the details are already on screen, and focus on the marker chosen on the plan', async () => {
      scrolls.length = 0;
      Element.prototype.scrollIntoView = function (options?: boolean | ScrollIntoViewOptions) {
        scrolls.push(options as ScrollIntoViewOptions);
      };
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 10, bottom: 310, left: 0, right: 300, width: 300, height: 300, x: 0, y: 10, toJSON: () => ({}) } as DOMRect);
      const user = userEvent.setup();
      renderWithApi(<DevicesPage />, api);
      const marker = await screen.findByRole('button', { name: 'Floor lamp, Operational' });
      await user.click(marker);
      await screen.findByRole('heading', { level: 2, name: 'Floor lamp' });
      expect(scrolls).toEqual([]);
      expect(marker).toHaveFocus();
    });
  });
});
