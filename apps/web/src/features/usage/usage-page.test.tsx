import type { UsageHistory, UsageSummary } from '@peakwise/contracts/energy.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi } from '@/test/energy-test-utils';
import UsagePage from './usage-page';
import { expectChartUnit } from '@/test/chart-unit';

const summary: UsageSummary = {
  timeZone: 'America/Toronto',
  month: { start: '2025-11-01T04:00:00.000Z', kwh: 712.4, costCents: 9876, days: 24 },
  dailyAverageKwh: 29.7,
  changeVsLastMonthPct: -6.2,
  sameDaysLastMonthKwh: 759.5,
  tariffPlanId: 'on-tou',
};

function history(range: 7 | 30 | 365): UsageHistory {
  const days = Array.from({ length: range }, (_, i) => {
    const date = new Date(Date.UTC(2025, 10, 24) - (range - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const missing = i === range - 3;
    return { date, kwh: missing ? null : 30, costCents: missing ? null : 400, coverage: { intervals: missing ? 0 : 288, expected: 288 } };
  });
  return {
    range,
    timeZone: 'America/Toronto',
    days,
    totalKwh: 30 * (range - 1),
    totalCostCents: 400 * (range - 1),
    breakdown: [
      { category: 'temperature', kwh: 10 * (range - 1) },
      { category: 'smart_plug', kwh: 10 * (range - 1) },
      { category: 'camera', kwh: 0 },
      { category: 'untracked', kwh: 10 * (range - 1) },
    ],
  };
}

function renderUsage() {
  return renderWithApi(<UsagePage />, (url) => {
    if (url === '/api/usage/summary') return Response.json(summary);
    const range = Number(new URL(url, 'http://x').searchParams.get('range')) as 7 | 30 | 365;
    return Response.json(history(range));
  }, '/app/usage');
}

afterEach(() => vi.unstubAllGlobals());

describe('UsagePage', () => {
  it('shows the month cards with Intl numbers and money', async () => {
    renderUsage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Usage History');
    const month = (await screen.findByRole('heading', { name: 'This Month' })).closest('section')!;
    expect(plain(month.textContent)).toContain('712.4 kWh');
    expect(month).toHaveTextContent('November 2025, 24 days so far');
    expect(screen.getByRole('heading', { name: 'This Month’s Cost' }).closest('section')).toHaveTextContent('$98.76');
    const change = screen.getByRole('heading', { name: 'Change vs Last Month' }).closest('section')!;
    expect(change).toHaveTextContent('-6.2%');
    expect(change.querySelector('[data-tone="good"]')).toHaveTextContent('using less');
  });

  it('breaks the usage down by category with shares that add up to 100%', async () => {
    renderUsage();
    const section = (await screen.findByRole('heading', { name: 'Usage by category' })).closest('section')!;
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => plain(r.textContent))).toEqual([
      'Heating and cooling290.0 kWh · 33.4%',
      'Smart plugs290.0 kWh · 33.3%',
      'Untracked290.0 kWh · 33.3%',
    ]);
    expect(plain(section.textContent)).toContain('Total870.0 kWh');
  });

  it('draws a missing day as a gap, with a table, and switches range and the export link together', async () => {
    const { fetchMock } = renderUsage();
    const chart = await screen.findByRole('img', { name: /daily electricity use over the last 30 days/ });
    expect(chart.querySelectorAll('[data-missing="true"]')).toHaveLength(1);
    expect(chart.querySelectorAll('[data-segment="true"]')).toHaveLength(2);
    expectChartUnit(chart, 'Values in kWh');
    expect(screen.getByText('1 day without data is shown hatched.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/usage/export.csv?range=30');
    expect(link).toHaveAttribute('download');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Range' }), '365');
    expect(await screen.findByRole('img', { name: /over the last 365 days/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/usage/export.csv?range=365');
    expect(fetchMock).toHaveBeenCalledWith('/api/usage/history?range=365', expect.anything());

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Metric' }), 'cost');
    expectChartUnit(screen.getByRole('img', { name: /daily electricity cost/ }), 'Values in $ (CAD)');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('$4.00'));
  });

  it('with no readings at all, invites a home without a gateway to import its utility’s Green Button file', async () => {
    const full = history(30);
    const empty = { ...full, days: full.days.map((d) => ({ ...d, kwh: null, costCents: null, coverage: { intervals: 0, expected: 288 } })), totalKwh: 0, totalCostCents: 0 };
    renderWithApi(<UsagePage />, (url) => (url === '/api/usage/summary' ? Response.json(summary) : Response.json(empty)), '/app/usage');
    expect(await screen.findByText('No usage recorded yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import your utility’s Green Button data' })).toHaveAttribute('href', '/app/settings/data#green-button');
  });

  it('does not show the Green Button invitation once there is usage', async () => {
    renderUsage();
    await screen.findByRole('img', { name: /daily electricity use over the last 30 days/ });
    expect(screen.queryByRole('link', { name: 'Import your utility’s Green Button data' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the history fails', async () => {
    renderWithApi(<UsagePage />, (url) =>
      url === '/api/usage/summary' ? Response.json(summary) : Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load your usage history.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
