import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PeriodSelect } from '@/components/ui/period-select';
import { useUrlChoice } from './use-url-choice';

const PERIODS = ['today', 'week', 'month'] as const;
const DAYS = [7, 30, 365] as const;

function Probe() {
  const [period, setPeriod] = useUrlChoice('period', PERIODS, 'today');
  const [days, setDays] = useUrlChoice('days', DAYS, 30);
  return (
    <>
      <PeriodSelect label="Period" value={period} onChange={setPeriod} options={PERIODS.map((p) => ({ value: p, label: p }))} switching={false} switchingLabel="Loading" />
      <PeriodSelect label="Days" value={days} onChange={setDays} options={DAYS.map((d) => ({ value: d, label: `${d} days` }))} switching={false} switchingLabel="Loading" />
      <output data-testid="days-type">{typeof days}</output>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/start', element: <p>Start</p> },
      { path: '/page', element: <Probe /> },
    ],
    // An entry before the page, so the test can tell a replaced entry from a pushed one.
    { initialEntries: ['/start', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const period = () => screen.getByRole('combobox', { name: 'Period' });
const days = () => screen.getByRole('combobox', { name: 'Days' });

describe('useUrlChoice', () => {
  it('reads the fallback when the parameter is missing', () => {
    renderAt('/page');
    expect(period()).toHaveValue('today');
    expect(days()).toHaveValue('30');
  });

  it('reads an allowed value from the URL, numbers as numbers', () => {
    renderAt('/page?period=week&days=365');
    expect(period()).toHaveValue('week');
    expect(days()).toHaveValue('365');
    expect(screen.getByTestId('days-type')).toHaveTextContent('number');
  });

  it('falls back to the default for a value that is not allowed', () => {
    renderAt('/page?period=yesterday&days=31');
    expect(period()).toHaveValue('today');
    expect(days()).toHaveValue('30');
  });

  it('writes a new choice to the URL, keeping the other parameters and replacing the history entry', async () => {
    const router = renderAt('/page?tab=a');
    await userEvent.selectOptions(period(), 'week');
    expect(router.state.location.search).toBe('?tab=a&period=week');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(period()).toHaveValue('week');

    await userEvent.selectOptions(days(), '7');
    expect(new URLSearchParams(router.state.location.search).get('days')).toBe('7');
    expect(days()).toHaveValue('7');

    // Back leaves the page: the choices did not push entries of their own.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/start');
  });

  it('drops the parameter when the default is chosen, so the plain address is the default view', async () => {
    const router = renderAt('/page?period=month&days=7');
    await userEvent.selectOptions(period(), 'today');
    await userEvent.selectOptions(days(), '30');
    expect(router.state.location.search).toBe('');
  });
});
