import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PeriodSelect } from './period-select';

const options = [
  { value: 7, label: 'Last 7 days' },
  { value: 30, label: 'Last 30 days' },
] as const;

describe('PeriodSelect', () => {
  it('hands back the chosen option as its own value, a number staying a number', async () => {
    const onChange = vi.fn();
    render(<PeriodSelect label="Range" value={30} options={options} onChange={onChange} switching={false} switchingLabel="Loading usage" />);
    const select = screen.getByRole('combobox', { name: 'Range' });
    expect(select).toHaveValue('30');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Last 7 days', 'Last 30 days']);

    await userEvent.selectOptions(select, 'Last 7 days');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(7);
  });

  it('says the chosen period is loading only while it switches', () => {
    const { rerender } = render(<PeriodSelect label="Range" value={7} options={options} onChange={() => {}} switching={false} switchingLabel="Loading usage" />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<PeriodSelect label="Range" value={7} options={options} onChange={() => {}} switching switchingLabel="Loading usage" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading usage');
  });
});
