import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting, doubles quotes, ends lines in CRLF', () => {
    expect(toCsv(['a', 'b'], [['plain', 'with, comma'], ['say "hi"', 'two\nlines'], [-150, null]])).toBe(
      'a,b\r\nplain,"with, comma"\r\n"say ""hi""","two\nlines"\r\n-150,\r\n',
    );
  });
  it('defuses text a spreadsheet would run as a formula, not negative numbers', () => {
    expect(toCsv(['x'], [['=HYPERLINK("x")'], ['@SUM(A1)'], [-5]])).toBe('x\r\n"\'=HYPERLINK(""x"")"\r\n\'@SUM(A1)\r\n-5\r\n');
  });
});
