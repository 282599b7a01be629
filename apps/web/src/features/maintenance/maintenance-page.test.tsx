import type { MaintenanceRange } from '@peakwise/contracts/maintenance.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSharedLiveConnection } from '@/lib/live';
import { FakeEventSource } from '@/test/fake-event-source';
import { plain, renderWithApi, type FetchRoute } from '@/test/energy-test-utils';
import { i18n } from '@/lib/i18n';
import { NOW, alerts, overview, panel3, waterHeater } from './maintenance-fixture';
import MaintenancePage from './maintenance-page';
import { expectChartUnit } from '@/test/chart-unit';

const rangeOf = (url: string) => (new URL(url, 'http://x').searchParams.get('range') ?? '30d') as MaintenanceRange;
const serve: FetchRoute = (url) => Response.json(overview(rangeOf(url)));
const renderPage = (route: FetchRoute = serve, path = '/app/maintenance') => renderWithApi(<MaintenancePage />, route, path);
const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
const alertButton = (name: RegExp) => screen.getByRole('button', { name });
const overviewCalls = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/maintenance?')).length;

beforeEach(() => {
  // Only the clock: relative times ("2 hours ago") are then fixed, while timers run for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  resetSharedLiveConnection();
  vi.unstubAllGlobals();
});

describe('MaintenancePage: cards', () => {
  it('shows average health, the count, a past next maintenance as overdue with its component, and MTTR in hours', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Maintenance');
    await screen.findByRole('heading', { name: 'Average Health' });
    expect(plain(card('Average Health').textContent)).toContain('86.5%');
    expect(card('Components Monitored')).toHaveTextContent('5');
    expect(plain(card('Next Maintenance').textContent)).toContain('Overdue by 4 days');
    expect(plain(card('Next Maintenance').textContent)).not.toContain('ago');
    expect(plain(card('Next Maintenance').textContent)).toContain('Furnace · Nov 20, 2025');
    expect(plain(card('Avg. MTTR').textContent)).toContain('4.2 h');
  });

  it('words a future date as "in N days", and says N/A when nothing is due', async () => {
    const cards = overview().cards;
    const { unmount } = renderPage(() => Response.json(overview('30d', { cards: { ...cards, nextMaintenance: { componentId: 'c-heater', component: 'Water heater', date: '2025-11-29' } } })));
    await screen.findByRole('heading', { name: 'Next Maintenance' });
    expect(plain(card('Next Maintenance').textContent)).toContain('In 5 days');
    unmount();

    renderPage(() => Response.json(overview('30d', { cards: { ...cards, nextMaintenance: null, averageMttrHours: null } })));
    await screen.findByRole('heading', { name: 'Next Maintenance' });
    expect(plain(card('Next Maintenance').textContent)).toContain('N/A');
    expect(plain(card('Avg. MTTR').textContent)).toContain('—');
  });
});

describe('MaintenancePage: alerts', () => {
  it('lists each alert with device, type and priority badges and a worded message', async () => {
    renderPage();
    const list = (await screen.findByRole('heading', { name: 'Maintenance Alerts' })).closest('section')!;
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(plain(items[0]!.textContent)).toContain('Panel 13');
    expect(plain(items[0]!.textContent)).toContain('Health fell 12.5% over the last 14 days.');
    expect(within(items[0]!).getByText('High priority')).toHaveAttribute('data-priority', 'high');
    expect(within(items[0]!).getByText('Predictive')).toBeInTheDocument();
    expect(plain(items[0]!.textContent)).toContain('Detected 2 hours ago');
    expect(plain(items[1]!.textContent)).toContain('Water flowed all night on November 23 (about 1.8 L/h).');
    expect(plain(items[2]!.textContent)).toContain('Replace the furnace or air-conditioner filter: overdue, it was due 4 days ago.');
    expect(within(items[2]!).getByText('Medium priority')).toHaveAttribute('data-priority', 'medium');
    expect(within(items[3]!).getByText('Low priority')).toHaveAttribute('data-priority', 'low');
    expect(plain(items[3]!.textContent)).toContain('Scheduled for Dec 1');
  });

  it('selecting an alert shows its details instead of the chart; selecting it again deselects it', async () => {
    renderPage();
    await screen.findByRole('img', { name: /component health by day, last 30 days/ });
    const button = alertButton(/Panel 13.*Health fell/);
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const details = screen.getByRole('region', { name: 'Alert Details' });
    expect(button).toHaveAttribute('aria-controls', details.id);
    const text = plain(details.textContent);
    expect(text).toContain('Panel 13 degrading');
    expect(text).toContain('TypePredictive');
    expect(text).toContain('PriorityHigh priority');
    expect(text).toContain('Degradation12.5%');
    expect(text).toContain('DevicePanel 13');
    expect(text).toContain('Detected2 hours ago');
    expect(text).toContain('Scheduled forNot scheduled');
    expect(screen.queryByRole('img', { name: /component health/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Range' })).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Alert Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /component health by day/ })).toBeInTheDocument();
  });

  it('shows each kind of metric with its unit', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Water meter/ }));
    expect(plain(screen.getByRole('region', { name: 'Alert Details' }).textContent)).toContain('Night-time flow1.8 L/h');
    await userEvent.click(alertButton(/Furnace/));
    expect(plain(screen.getByRole('region', { name: 'Alert Details' }).textContent)).toContain('Overdue by4 days');
    await userEvent.click(alertButton(/Panel 3/));
    const details = plain(screen.getByRole('region', { name: 'Alert Details' }).textContent);
    expect(details).toContain('Hours to clean0.5 h');
    expect(details).toContain('Scheduled forDecember 1, 2025');
  });

  it('says so when there are no open alerts', async () => {
    renderPage(() => Response.json(overview('30d', { alerts: [] })));
    expect(await screen.findByText('No open alerts')).toBeInTheDocument();
    expect(screen.getByText(/Everything looks healthy/)).toBeInTheDocument();
  });
});

describe('MaintenancePage: performance chart', () => {
  it('charts the range on a fixed 80–100 axis, states real values below it, and leaves the missing day as a gap', async () => {
    renderPage();
    const chart = await screen.findByRole('img', { name: /last 30 days/ });
    expect(plain(chart.getAttribute('aria-label'))).toContain('Latest average 92% on November 24; lowest reading 72% on November 21.');
    expect(chart.querySelectorAll('[data-missing="true"]')).toHaveLength(1);
    expectChartUnit(chart, 'Values in %');
    const ticks = [...chart.querySelectorAll('text')].map((n) => n.textContent).filter((s) => /^\d+%$/.test(s ?? ''));
    expect(ticks).toEqual(['80%', '85%', '90%', '95%', '100%']);
    expect(screen.getByText(/days below 80% sit on its bottom edge/)).toBeInTheDocument();
    const table = within(chart.closest('section')!).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(plain(within(table).getByRole('rowheader', { name: 'Friday, November 21, 2025' }).closest('tr')!.textContent)).toContain('72%');
  });

  it('the range select refetches with range=90d, keeps it in the URL and redraws 90 days', async () => {
    const { fetchMock } = renderPage();
    await screen.findByRole('img', { name: /last 30 days/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Range' }), '90d');
    expect(await screen.findByRole('img', { name: /last 90 days/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/maintenance?range=90d', expect.anything());
    expect(within(screen.getByRole('img', { name: /last 90 days/ }).closest('section')!.querySelector('table')!).getAllByRole('row')).toHaveLength(91);
  });

  it('reads the range from the URL', async () => {
    const { fetchMock } = renderPage(serve, '/app/maintenance?range=365d');
    expect(await screen.findByRole('img', { name: /last year/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/maintenance?range=365d', expect.anything());
    expect(screen.getByRole('combobox', { name: 'Range' })).toHaveValue('365d');
  });
});

describe('MaintenancePage: states', () => {
  it('a household with no components gets an explanation, not zeros', async () => {
    renderPage(() => Response.json(overview('30d', { components: [], upcoming: [], alerts: [], performance: [] })));
    expect(await screen.findByText('No components to monitor yet')).toBeInTheDocument();
    expect(screen.getByText(/solar panels, a thermostat, a water heater, a water meter or a camera/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failed load shows an error with a Retry that works', async () => {
    let fail = true;
    renderPage((url) => (fail ? new Response('{}', { status: 500 }) : serve(url)));
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    expect(screen.getByText('We couldn’t load your maintenance data.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Average Health' })).toBeInTheDocument();
  });

  it('refetches when new readings arrive, but not while a dialog is open', async () => {
    const { fetchMock } = renderPage();
    await screen.findByRole('heading', { name: 'Average Health' });
    const source = FakeEventSource.instances[0]!;
    const before = overviewCalls(fetchMock);
    source.emit('readings', { householdId: 'h1', latestTs: '2025-11-24T16:55:00Z', kinds: ['meter'] });
    await waitFor(() => expect(overviewCalls(fetchMock)).toBe(before + 1));

    const upcoming = screen.getByRole('heading', { name: 'Upcoming Maintenance' }).closest('section')!;
    await userEvent.click(within(upcoming).getAllByRole('button', { name: 'Schedule' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Schedule maintenance' });
    source.emit('readings', { householdId: 'h1', latestTs: '2025-11-24T17:00:00Z', kinds: ['meter'] });
    await new Promise((r) => setTimeout(r, 50));
    expect(overviewCalls(fetchMock)).toBe(before + 1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(overviewCalls(fetchMock)).toBe(before + 2));
  });
});

describe('MaintenancePage: in French', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('names the solar array and the default rooms in French in the cards, alerts, upcoming list and table', async () => {
    await i18n.changeLanguage('fr');
    const array = { ...panel3, id: 'c-array', name: 'Solar array', kind: 'solar_array' as const, task: 'inspect_array' as const, room: null, deviceId: null, nextMaintenance: '2025-11-20' };
    const heater = { ...waterHeater, room: 'Kitchen' };
    const arrayAlert = { ...alerts[3]!, id: 'a-array', componentId: 'c-array', component: 'Solar array', device: 'Solar array', componentKind: 'solar_array' as const, cause: 'array_soiling' as const };
    const data = overview('30d', { alerts: [arrayAlert], components: [array, heater], upcoming: [array, heater] });
    renderPage(() => Response.json({ ...data, cards: { ...data.cards, nextMaintenance: { componentId: 'c-array', component: 'Solar array', date: '2025-11-20' } } }));

    const alert = await screen.findByRole('button', { name: /^Panneaux solaires/ });
    const row = (id: string) => within(document.querySelector<HTMLElement>(`tr[data-component-id="${id}"]`)!).getByRole('rowheader');
    expect(row('c-array')).toHaveTextContent('Panneaux solaires');
    expect(row('c-heater')).toHaveTextContent('Water heaterCuisine');
    expect(screen.getByRole('progressbar', { name: /Panneaux solaires/ })).toBeInTheDocument();
    expect(document.getElementById('upcoming-c-array')).toHaveTextContent('Panneaux solaires');
    expect(plain(document.body.textContent)).toContain('Panneaux solaires · 20 nov. 2025');
    await userEvent.click(alert);
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Panneaux solaires à nettoyer');
    expect(document.body.textContent).not.toMatch(/Solar array|Kitchen/);
  });
});
