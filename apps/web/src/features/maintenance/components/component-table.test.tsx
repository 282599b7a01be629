import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { plain } from '@/test/energy-test-utils';
import { camera, furnace, panel13, panel3, waterHeater } from '../maintenance-fixture';
import { ComponentTable } from './component-table';

const oddStatus = { ...camera, id: 'c-odd', name: 'Sump pump', kind: 'sump_pump' as const, room: null, status: 'maintenance', healthPct: 95 };
const renderTable = () => render(<ComponentTable components={[panel3, waterHeater, furnace, panel13, camera, oddStatus]} />);
const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;
const cells = (name: string) => within(row(name)).getAllByRole('cell').map((c) => plain(c.textContent));

describe('ComponentTable', () => {
  it('shows each component’s health bar and number, status, MTBF in days (hours ÷ 24), MTTR in hours and dates', () => {
    renderTable();
    expect(screen.getByRole('heading', { name: 'Component Status' })).toBeInTheDocument();
    // 4176 h ÷ 24 = 174 days; 12 h = 0.5 days.
    expect(cells('Panel 3')).toEqual(['98.4%', 'Operational', '174 days', '2.5 h', 'Sep 1, 2025', 'Dec 1, 2025']);
    expect(cells('Panel 13')).toEqual(['72%', 'Critical', '0.5 days', '4 h', '—', 'Jan 15, 2026date you chose']);
    expect(cells('Furnace')).toEqual(['84.5%', 'Warning', '50 days', '6 h', 'Aug 20, 2025', 'Nov 20, 2025']);
    expect(cells('Front door camera')).toEqual(['—', 'Not scored yet', '—', '—', '—', '—']);
    expect(plain(row('Panel 3').querySelector('th')!.textContent)).toBe('Panel 3Roof');
    expect(plain(row('Sump pump').querySelector('th')!.textContent)).toBe('Sump pumpNo room');

    const bar = screen.getByRole('progressbar', { name: 'Health score of Panel 13' });
    expect(bar).toHaveAttribute('aria-valuenow', '72');
    expect(bar.firstElementChild).toHaveClass('bg-red-600');
    expect(screen.getByRole('progressbar', { name: 'Health score of Front door camera' })).not.toHaveAttribute('aria-valuenow');
  });

  it('marks an MTBF with no failure seen yet as a lower bound, in words too', () => {
    renderTable();
    // 2880 h watched without a failure = more than 120 days.
    expect(cells('Water heater')[2]).toBe('> 120 days (no failure seen yet)');
    expect(within(row('Water heater')).getByTitle('no failure seen yet')).toHaveTextContent('> 120 days');
    expect(screen.getByText(/> N days: no failure seen yet/)).toBeInTheDocument();
  });

  it('styles operational, warning and critical, and anything else (unknown, an unexpected value) neutral', () => {
    renderTable();
    const tone = (name: string) => within(row(name)).getAllByRole('cell')[1]!.querySelector('[data-tone]')!.getAttribute('data-tone');
    expect(tone('Panel 3')).toBe('good');
    expect(tone('Furnace')).toBe('warning');
    expect(tone('Panel 13')).toBe('critical');
    expect(tone('Front door camera')).toBe('neutral');
    expect(tone('Sump pump')).toBe('neutral');
    expect(cells('Sump pump')[1]).toBe('maintenance');
  });

  it('arrives healthiest first and sorts by any column, missing values last', async () => {
    renderTable();
    const order = () => screen.getAllByRole('rowheader').map((h) => h.querySelector('span')!.textContent);
    expect(order()).toEqual(['Panel 3', 'Sump pump', 'Water heater', 'Furnace', 'Panel 13', 'Front door camera']);
    expect(screen.getByRole('columnheader', { name: /Health Score/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: /^Component/ }));
    expect(order()).toEqual(['Front door camera', 'Furnace', 'Panel 3', 'Panel 13', 'Sump pump', 'Water heater']);
    await userEvent.click(screen.getByRole('button', { name: /^MTBF/ }));
    expect(order().slice(0, 4)).toEqual(['Panel 13', 'Furnace', 'Water heater', 'Panel 3']);
    expect(order().slice(4)).toEqual(['Front door camera', 'Sump pump']);
    await userEvent.click(screen.getByRole('button', { name: /^Next Maintenance/ }));
    expect(order()).toEqual(['Furnace', 'Water heater', 'Panel 3', 'Panel 13', 'Front door camera', 'Sump pump']);
    await userEvent.click(screen.getByRole('button', { name: /^Next Maintenance/ }));
    expect(order()).toEqual(['Panel 13', 'Panel 3', 'Water heater', 'Furnace', 'Front door camera', 'Sump pump']);
  });
});
