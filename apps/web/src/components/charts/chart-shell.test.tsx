import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { expectChartUnit } from '@/test/chart-unit';
import { BarChart } from './bar-chart';
import { LineChart } from './line-chart';
import type { ChartProps } from './chart-types';

const props = (unit: ChartProps['unit']): ChartProps => ({
  data: [
    { label: 'Mon', title: 'Monday', values: [1.5] },
    { label: 'Tue', title: 'Tuesday', values: [null] },
  ],
  series: [{ name: 'Use', color: '#047857' }],
  summary: 'Use by day',
  xLabel: 'Day',
  unit,
  formatValue: (v) => String(v),
  formatTick: (v) => String(v),
});

describe('a chart’s value-axis unit', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('is written above the chart and read with it, in English', () => {
    render(<BarChart {...props('kWh')} />);
    expectChartUnit(screen.getByRole('img', { name: 'Use by day' }), 'Values in kWh');
  });

  it('in French and Spanish, with each language’s currency sign', async () => {
    await i18n.changeLanguage('fr');
    const { unmount } = render(<LineChart {...props('cad')} />);
    expectChartUnit(screen.getByRole('img', { name: 'Use by day' }), 'Valeurs en $ CA');
    unmount();
    await i18n.changeLanguage('es');
    render(<BarChart {...props('L')} />);
    expectChartUnit(screen.getByRole('img', { name: 'Use by day' }), 'Valores en L');
  });

  it('leaves the data table as it was: the first column, then one column per series', () => {
    render(<BarChart {...props('W')} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Day', 'Use']);
  });
});
