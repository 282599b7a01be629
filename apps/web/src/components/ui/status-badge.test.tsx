import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeTone } from './stat-card';
import { StatusBadge, statusTone } from './status-badge';

describe('statusTone', () => {
  it('colours operational, warning and critical, and anything else neutral (docs/product/domain-rules.md#status-colours)', () => {
    expect(statusTone('operational')).toBe('good');
    expect(statusTone('Warning')).toBe('warning');
    expect(statusTone(' critical ')).toBe('critical');
    for (const other of ['offline', 'maintenance', '', 'unknown']) expect(statusTone(other)).toBe('neutral');
  });

  it('renders the word, not just the colour', () => {
    render(<StatusBadge status="critical" label="Critical" />);
    const badge = screen.getByText('Critical');
    expect(badge).toHaveAttribute('data-tone', 'critical');
    expect(badge.className).toContain('text-red-800');
  });
});

describe('changeTone', () => {
  it('calls a drop in consumption good and a drop in production bad; no change or no base is neutral', () => {
    expect(changeTone(-8, 'decrease')).toBe('good');
    expect(changeTone(8, 'decrease')).toBe('bad');
    expect(changeTone(-8, 'increase')).toBe('bad');
    expect(changeTone(8, 'increase')).toBe('good');
    expect(changeTone(0, 'increase')).toBe('neutral');
    expect(changeTone(null, 'decrease')).toBe('neutral');
  });
});
