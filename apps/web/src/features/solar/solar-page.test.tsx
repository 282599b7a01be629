import type { SolarSummary } from '@peakwise/contracts/energy.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi, type FetchRoute } from '@/test/energy-test-utils';
import SolarPage from './solar-page';
import { expectChartUnit } from '@/test/chart-unit';

const totals = (production: number | null, consumption: number | null) => ({
  productionKwh: production,
  consumptionKwh: consumption,
  gridImportKwh: consumption === null ? null : consumption - 1,
  gridExportKwh: production === null ? null : 0.4,
  netExportKwh: consumption === null ? null : 0.4 - (consumption - 1),
});

function solarSummary(overrides: Partial<SolarSummary> = {}): SolarSummary {
  // Hour 3 is missing; hours from 20 on are still to come (nothing expected yet).
  const hours = Array.from({ length: 24 }, (_, h) => ({
    start: new Date(Date.UTC(2025, 10, 24, 5 + h)).toISOString(),
    productionKwh: h === 3 || h >= 20 ? null : h > 12 && h < 16 ? 0.6 : 0,
    consumptionKwh: h === 3 || h >= 20 ? null : 1.2,
    coverage: { intervals: h === 3 || h >= 20 ? 0 : 12, expected: h >= 20 ? 0 : 12 },
  }));
  return {
    period: 'today',
    timeZone: 'America/Toronto',
    from: '2025-11-24T05:00:00.000Z',
    to: '2025-11-25T05:00:00.000Z',
    bucket: 'hour',
    hasSolar: true,
    productionMeasured: true,
    totals: totals(1.8, 27.6),
    previousTotals: totals(2.1, 30),
    productionChangePct: -14.3,
    consumptionChangePct: -8,
    systemHealthPct: 91.5,
    panelEfficiencyPct: 91.5,
    systemEfficiencyPct: 6.4,
    gridIndependencePct: 3.6,
    series: hours,
    panels: [
      { id: 'p1', name: 'Roof south A', status: 'operational', efficiencyPct: 93 },
      { id: 'p2', name: 'Roof south B', status: 'warning', efficiencyPct: 81 },
      { id: 'p3', name: 'Garage', status: 'critical', efficiencyPct: 40 },
      { id: 'p4', name: 'Shed', status: 'decommissioned', efficiencyPct: null },
    ],
    coverage: { intervals: 276, expected: 288 },
    ...overrides,
  };
}

const weekSummary = () =>
  solarSummary({
    period: 'week',
    bucket: 'day',
    totals: totals(14.2, 210.3),
    productionChangePct: null,
    consumptionChangePct: 5.2,
    series: Array.from({ length: 7 }, (_, d) => ({
      start: new Date(Date.UTC(2025, 10, 18 + d, 5)).toISOString(),
      productionKwh: 2,
      consumptionKwh: 30,
      coverage: { intervals: 288, expected: 288 },
    })),
  });

function renderPage(route: FetchRoute, path = '/app/solar-system') {
  return renderWithApi(<SolarPage />, route, path);
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;

afterEach(() => vi.unstubAllGlobals());

describe('SolarPage', () => {
  it('shows the four cards, with consumption going down shown as good and production going down as bad', async () => {
    renderPage(() => Response.json(solarSummary()));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Solar System Monitor');
    expect(await screen.findByRole('heading', { name: 'Energy Production' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    expect(plain(card('Energy Production').textContent)).toContain('1.8 kWh');
    const productionChange = card('Energy Production').querySelector('[data-tone]')!;
    expect(productionChange).toHaveAttribute('data-tone', 'bad');
    expect(productionChange.textContent).toContain('-14.3%');
    expect(productionChange.querySelector('.text-red-700')).not.toBeNull();

    const consumptionChange = card('Energy Consumption').querySelector('[data-tone]')!;
    expect(plain(card('Energy Consumption').textContent)).toContain('27.6 kWh');
    expect(consumptionChange).toHaveAttribute('data-tone', 'good');
    expect(consumptionChange.querySelector('.text-emerald-700')).not.toBeNull();
    expect(consumptionChange.querySelector('.lucide-arrow-down-right')).not.toBeNull();
    expect(consumptionChange).toHaveTextContent('(an improvement)');

    expect(plain(card('Grid Exchange').textContent)).toContain('-26.2 kWh');
    expect(card('Grid Exchange')).toHaveTextContent('net export');
    expect(card('System Health')).toHaveTextContent('91.5%');
  });

  it('shows "—" for a change with no base to compare, in the neutral style', async () => {
    renderPage(() =>
      Response.json(solarSummary({ productionChangePct: null, consumptionChangePct: null, systemHealthPct: null, panelEfficiencyPct: null })),
    );
    await screen.findByRole('heading', { name: 'Energy Production' });
    for (const name of ['Energy Production', 'Energy Consumption']) {
      const change = card(name).querySelector('[data-tone]')!;
      expect(change).toHaveAttribute('data-tone', 'neutral');
      expect(change.textContent).toContain('—');
      expect(change.textContent).not.toMatch(/NaN|Infinity|0%/);
    }
    expect(card('System Health')).toHaveTextContent('—');
    const panelBar = screen.getByRole('progressbar', { name: 'Panel efficiency' });
    expect(panelBar).not.toHaveAttribute('aria-valuenow');
    expect(panelBar).toHaveAttribute('aria-valuetext', '—');
  });

  it('draws hours in the household zone, a missing hour as "no data" (not a zero bar) and later hours empty', async () => {
    renderPage(() => Response.json(solarSummary()));
    const chart = await screen.findByRole('img', { name: /production and home consumption today/ });
    expect(chart.querySelectorAll('[data-missing="true"]')).toHaveLength(2);
    expectChartUnit(chart, 'Values in kWh');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(25);
    expect(plain(rows[4]!.textContent)).toMatch(/3:00 a\.m\..*No data.*No data/);
    expect(plain(rows[1]!.textContent)).toContain('12:00 a.m.');
    expect(plain(rows[22]!.textContent)).toMatch(/9:00 p\.m\..*Not yet.*Not yet/);
  });

  it('shows each panel with its status colour, and an unknown status as neutral', async () => {
    renderPage(() => Response.json(solarSummary()));
    const list = within(await screen.findByRole('heading', { name: 'System Status' }).then((h) => h.closest('section')!));
    const tone = (text: string) => list.getByText(text).closest('[data-tone]')?.getAttribute('data-tone');
    expect(tone('Operational')).toBe('good');
    expect(tone('Warning')).toBe('warning');
    expect(tone('Critical')).toBe('critical');
    expect(tone('decommissioned')).toBe('neutral');
    expect(list.getByText('Roof south A')).toBeInTheDocument();
  });

  it('switching period shows the spinner, then the week by day', async () => {
    let releaseWeek: (r: Response) => void = () => {};
    renderPage((url) => {
      if (url.includes('period=week')) return new Promise<Response>((resolve) => (releaseWeek = resolve));
      return Response.json(solarSummary());
    });
    await screen.findByRole('heading', { name: 'Energy Production' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'week');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading solar data…');
    releaseWeek(Response.json(weekSummary()));

    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(plain(card('Energy Production').textContent)).toContain('14.2 kWh');
    expect(card('Energy Production')).toHaveTextContent('vs previous 7 days');
    expect(screen.getByRole('img', { name: /last 7 days, by day/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(8);
  });

  it('a failed switch ends the spinner and shows an error with Retry that works', async () => {
    let weekFails = true;
    const fetchMock = vi.fn();
    renderPage((url) => {
      fetchMock(url);
      if (url.includes('period=week')) {
        return weekFails ? Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }) : Response.json(weekSummary());
      }
      return Response.json(solarSummary());
    });
    await screen.findByRole('heading', { name: 'Energy Production' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'week');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load your solar data.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Energy Production' })).not.toBeInTheDocument();

    weekFails = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(plain(card('Energy Production').textContent)).toContain('14.2 kWh'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a first load that fails shows the error, not an endless spinner', async () => {
    renderPage(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Retry');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a home without solar says no panels are reporting and what it would take, with no cards of zeros or a negative net export', async () => {
    // What the server sends a new member without panels: consumption only, nothing expected before the meter's first reading.
    const noSolar = solarSummary({
      hasSolar: false,
      productionMeasured: false,
      totals: { productionKwh: null, consumptionKwh: 1.4, gridImportKwh: 1.4, gridExportKwh: null, netExportKwh: null },
      previousTotals: { productionKwh: null, consumptionKwh: null, gridImportKwh: null, gridExportKwh: null, netExportKwh: null },
      productionChangePct: null,
      consumptionChangePct: null,
      systemHealthPct: null,
      panelEfficiencyPct: null,
      systemEfficiencyPct: null,
      gridIndependencePct: null,
      panels: [],
      coverage: { intervals: 12, expected: 12 },
    });
    renderPage(() => Response.json(noSolar));
    const section = (await screen.findByRole('heading', { level: 2, name: 'No solar panels reporting yet' })).closest('section')!;
    expect(within(section).getByRole('heading', { level: 3, name: 'What it would take' })).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    expect(section).toHaveTextContent('pair the inverter or panel monitor as a solar panel');

    // None of the solar cards, bars or chart: no "net export", no "0 %".
    expect(screen.queryByRole('heading', { name: 'Grid Exchange' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Efficiency' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('net export');
    expect(document.body).not.toHaveTextContent(/0\s?%/);

    // The way forward is a keyboard stop away: Devices first, then the help guides.
    const user = userEvent.setup();
    const devices = within(section).getByRole('link', { name: 'Go to Devices' });
    expect(devices).toHaveAttribute('href', '/app/devices');
    expect(within(section).getByRole('link', { name: 'Read the help guides' })).toHaveAttribute('href', '/app/help');
    for (let i = 0; i < 10 && document.activeElement !== devices; i += 1) await user.tab();
    expect(devices).toHaveFocus();
    await user.tab();
    expect(within(section).getByRole('link', { name: 'Read the help guides' })).toHaveFocus();
  });

  it('a home whose panels show only as export (a Green Button file) shows production as "—" and says it is not measured, not 0', async () => {
    // What the server sends such a home: export and import, no production and nothing built on it.
    const exportOnly = solarSummary({
      productionMeasured: false,
      totals: { productionKwh: null, consumptionKwh: 1.2, gridImportKwh: 1.2, gridExportKwh: 0.6, netExportKwh: -0.6 },
      previousTotals: { productionKwh: null, consumptionKwh: 1, gridImportKwh: 1, gridExportKwh: 0.5, netExportKwh: -0.5 },
      productionChangePct: null,
      systemHealthPct: null,
      panelEfficiencyPct: null,
      systemEfficiencyPct: null,
      gridIndependencePct: null,
      panels: [],
    });
    renderPage(() => Response.json(exportOnly));
    const production = (await screen.findByRole('heading', { name: 'Energy Production' })).closest('section')!;
    expect(production).toHaveTextContent('—');
    expect(production).toHaveTextContent('Not measured: your meter reports only what your panels send to the grid');
    expect(production.textContent).not.toMatch(/\b0(\.0+)?\s?kWh/);
    expect(production.querySelector('[data-tone]')).toBeNull();
    for (const name of ['System efficiency', 'Grid independence']) {
      expect(screen.getByRole('progressbar', { name })).toHaveAttribute('aria-valuetext', '—');
    }
    // The grid figures it does have are still shown.
    expect(card('Grid Exchange')).toHaveTextContent('0.6 kWh exported · 1.2 kWh imported');
  });
});
