import { describe, expect, it } from 'vitest';
import { buttonClasses } from './button-styles';

describe('buttonClasses', () => {
  it('keeps every size’s fixed height unless the label may wrap', () => {
    expect(buttonClasses('secondary', 'sm').split(' ')).toContain('h-9');
    expect(buttonClasses('primary', 'md').split(' ')).toContain('h-11');
  });

  it('makes the same height a minimum for a label that may wrap, with room above and below a second line', () => {
    const classes = buttonClasses('secondary', 'sm', '', true).split(' ');
    expect(classes).toEqual(expect.arrayContaining(['min-h-9', 'py-1.5', 'text-center']));
    expect(classes).not.toContain('h-9');
  });
});
