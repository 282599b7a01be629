import type { PlumbingReady } from '@peakwise/contracts/plumbing.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plain, renderWithApi, type FetchRoute } from '@/test/energy-test-utils';
import PlumbingPage from './plumbing-page';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import { expectChartUnit } from '@/test/chart-unit';

function summary(range: PlumbingReady['range'] = 'daily'): PlumbingReady {
  const count = { daily: 24, weekly: 7, monthly: 30 }[range];
  const step = range === 'daily' ? HOUR_MS : 24 * HOUR_MS;
  const last = Date.UTC(2025, 10, 24, 19);
  return {
    state: 'ready',
    range,
    timeZone: 'America/Toronto',
    occupants: 3,
    usage: { todayLitres: 410, normLitres: 600, todayVsNormPct: -31.7, comparedUntil: '2025-11-24T19:00:00.000Z', benchmarkLitres: 669, normVsBenchmarkPct: -10.3 },
    current: { at: '2025-11-24T19:30:00.000Z', flowLpm: 0.4, pressurePsi: 62.3, pressureKpa: 429.5, hotWaterTempC: 55.2 },
    trend: {
      bucket: range === 'daily' ? 'hour' : 'day',
      // Point 3 is missing: drawn as "no data", not as a zero bar.
      points: Array.from({ length: count }, (_, i) => ({ start: new Date(last - (count - 1 - i) * step).toISOString(), litres: i === 3 ? null : 20 + i, hotLitres: i === 3 ? null : 5 })),
    },
    efficiency: {
      from: '2025-11-17T19:37:00.000Z',
      bars: [
        { kind: 'heating', percent: 80, target: 80, colour: 'green' },
        { kind: 'distribution', percent: 80, target: 90, colour: 'amber' },
        { kind: 'electrical', percent: 74.9, target: 85, colour: 'red' },
      ],
    },
    indicators: {
      leak: { status: 'leak', night: '2025-11-24', minLitres: 0.1 },
      pressure: { status: 'normal', psi: 62.3 },
      heater: { status: 'ready', tankTempC: 55.2 },
    },
  };
}

const rangeOf = (url: string) => (new URL(url, 'http://x').searchParams.get('range') ?? 'daily') as PlumbingReady['range'];
const renderPage = (route: FetchRoute) => renderWithApi(<PlumbingPage />, route, '/app/plumbing');
const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;

afterEach(() => vi.unstubAllGlobals());

describe('PlumbingPage', () => {
  it('shows the cards, the 24-hour chart with a missing hour as no data, coloured bars and the three tiles', async () => {
    renderPage((url) => Response.json(summary(rangeOf(url))));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Plumbing');
    await screen.findByRole('heading', { name: 'Water Used Today' });
    expect(plain(card('Water Used Today').textContent)).toContain('410 L');
    expect(card('Water Used Today').querySelector('[data-tone]')).toHaveAttribute('data-tone', 'good');
    expect(plain(card('Water Used Today').textContent)).toContain('vs your usual by 2:00 p.m.');
    expect(plain(card('vs Canadian Average').textContent)).toContain('600 L per day against 669 L (223 L × 3 people)');
    expect(plain(card('Current Flow').textContent)).toContain('0.40 L/min');
    expect(plain(card('Water Pressure').textContent)).toContain('62 psi');
    expect(plain(card('Hot Water Temperature').textContent)).toContain('55.2 °C');

    const chart = screen.getByRole('img', { name: /water use over the last 24 hours, by hour/ });
    expect(chart.querySelectorAll('[data-missing="true"]').length).toBeGreaterThan(0);
    expectChartUnit(chart, 'Values in L');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(25);

    // The colour rule (docs/product/domain-rules.md#plumbing) at the boundaries: 80 is green for heating, 80 amber for distribution, 74.9 red for electrical.
    const colour = (name: string) => screen.getByRole('progressbar', { name }).closest('[data-colour]')?.getAttribute('data-colour');
    expect(colour('Heating')).toBe('green');
    expect(colour('Distribution')).toBe('amber');
    expect(colour('Electrical')).toBe('red');
    expect(screen.getByRole('progressbar', { name: 'Electrical' })).toHaveAttribute('aria-valuetext', '75% · below target');

    expect(screen.getByText('Possible leak').closest('[data-tone]')).toHaveAttribute('data-tone', 'warn');
    expect(screen.getByText('Normal')).toBeInTheDocument();
    expect(screen.getByText('Hot water ready')).toBeInTheDocument();
  });

  it('switches range: 24 → 7 → 30 points', async () => {
    renderPage((url) => Response.json(summary(rangeOf(url))));
    await screen.findByRole('img', { name: /last 24 hours/ });
    const select = screen.getByRole('combobox', { name: 'Usage range' });
    await userEvent.selectOptions(select, 'weekly');
    await screen.findByRole('img', { name: /last 7 days, by day/ });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(8);
    await userEvent.selectOptions(select, 'monthly');
    await screen.findByRole('img', { name: /last 30 days, by day/ });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(31);
  });

  it('a household without a water meter gets the empty state, not an error', async () => {
    renderPage(() => Response.json({ state: 'no-meter', range: 'daily' }));
    expect(await screen.findByText('No water meter yet')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('a failed load shows an error with a Retry that works', async () => {
    let fail = true;
    renderPage((url) => (fail ? new Response('{}', { status: 500 }) : Response.json(summary(rangeOf(url)))));
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
    expect(screen.getByText('We couldn’t load your plumbing data.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Water Used Today' })).toBeInTheDocument());
  });
});
