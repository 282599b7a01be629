import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, singleLine, SINGLE_LINE_TEXT_MESSAGE } from './single-line-text';

describe('singleLine', () => {
  const name = singleLine(z.string().trim().min(1).max(100));

  it.each([
    ['CR/LF', 'Ann\r\nX-Injected: 1'],
    ['LF', 'Ann\nBob'],
    ['tab', 'Ann\tBob'],
    ['BEL', 'Ann\u0007'],
    ['ESC (a terminal colour)', '\u001b[31mAnn'],
    ['DEL', 'Ann\u007f'],
    ['C1 (NEL)', 'Ann\u0085Bob'],
    ['right-to-left override', 'Ann\u202Egpj.exe'],
    ['left-to-right embedding', '\u202AAnn'],
    ['pop directional formatting', 'Ann\u202C'],
    ['first-strong isolate', '\u2068Ann'],
    ['pop directional isolate', 'Ann\u2069'],
  ])('refuses %s inside the text', (_what, text) => {
    const result = name.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([SINGLE_LINE_TEXT_MESSAGE]);
  });

  it.each(['Ann Lee', 'Zoë Ñúñez-Côté', 'محمد', 'שרה', '李小龍', 'Ann 👩‍🔧', 'O’Brien'])('takes %s', (text) => {
    expect(name.parse(text)).toBe(text);
  });

  it('trims first, so surrounding whitespace is still forgiven', () => {
    expect(name.parse('  Ann\n')).toBe('Ann');
  });

  it('knows the right-to-left mark (U+200F), which is no override, is fine', () => {
    expect(hasControlCharacters('Ann\u200F')).toBe(false);
  });
});
