import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GreenButtonExportCard } from './green-button-export-card';

const card = () => within(screen.getByRole('region', { name: 'Download my data (Green Button)' }));

describe('GreenButtonExportCard', () => {
  it('downloads through a GET of the export with the two dates', () => {
    render(<GreenButtonExportCard />);
    const form = card().getByRole('button', { name: 'Download' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/api/green-button/export');
    expect(card().getByLabelText('From')).toHaveAttribute('name', 'from');
    expect(card().getByLabelText('To')).toHaveAttribute('name', 'to');
    expect(card().getByText(/for up to 400 days/)).toBeInTheDocument();
  });

  it('keeps a reversed or too long range on the page with a message', async () => {
    render(<GreenButtonExportCard />);
    fireEvent.change(card().getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(card().getByLabelText('To'), { target: { value: '2026-03-01' } });
    const form = card().getByRole('button', { name: 'Download' }).closest('form')!;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(await card().findByText('Choose a start date on or before the end date, at most 400 days apart.')).toBeInTheDocument();
    expect(card().getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(card().getByLabelText('From'), { target: { value: '2025-01-01' } });
    fireEvent.change(card().getByLabelText('To'), { target: { value: '2026-03-01' } });
    const again = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);

    fireEvent.change(card().getByLabelText('From'), { target: { value: '2026-02-01' } });
    const valid = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(valid);
    expect(valid.defaultPrevented).toBe(false);
    await waitFor(() => expect(card().queryByText(/Choose a start date/)).not.toBeInTheDocument());
  });
});
