import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('makes box and text one touch target at least 44 px tall, with a 20 px box', () => {
    render(<Checkbox label="Remind me before a bill is due" />);
    const box = screen.getByRole('checkbox', { name: 'Remind me before a bill is due' });
    const target = box.closest('label')!;
    // jsdom lays nothing out: the classes are the rule (min-h-11 = 2.75rem = 44 px; size-5 = 20 px).
    expect(target.className).toMatch(/\bmin-h-11\b/);
    expect(box.className).toMatch(/\bsize-5\b/);
    expect(box.className).not.toMatch(/\bsize-4\b/);
  });
});
