import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flaglessPattern, leakedFlags, withFlaglessPatterns } from './openapi-patterns';

// What the OpenAPI generator writes for a zod .regex(): RegExp#toString() less its outer slashes.
const asGenerated = (regex: RegExp) => regex.toString().replace(/^\/|\/$/g, '');

const flagged: RegExp[] = [
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.pdf|\.csv)?$/i,
  /^Bearer[ \t]+(\S+)[ \t]*$/i,
  /^[^a-c]x\x41(?:ab|CD)\.$/i,
  /^a.b$/s,
  /^(?<word>pwk_)[\w-]{4}\k<word>?$/giu,
];

describe('patterns with leaked regex flags', () => {
  it('are found only where toString() wrote flags: an escaped slash is part of the pattern', () => {
    expect(leakedFlags(asGenerated(/^a\/i$/i))).toEqual({ source: '^a\\/i$', flags: 'i' });
    expect(leakedFlags(asGenerated(/^a\/i/))).toBeNull();
    expect(leakedFlags('^\\d{4}$')).toBeNull();
  });

  it('are rewritten without flags to match exactly what the flagged regex matches', () => {
    const alphabet = fc.constantFrom(...'0123456789abcdefABCDEF-.pdfPDFcsvCSVxXBearer \t\n_wWord'.split(''), 'pwk_', '.PDF', '.csv');
    for (const regex of flagged) {
      const leaked = leakedFlags(asGenerated(regex))!;
      const flagless = new RegExp(flaglessPattern(leaked.source, leaked.flags), 'u');
      const oracle = new RegExp(regex.source, regex.flags.replace(/[gy]/g, ''));
      fc.assert(fc.property(fc.array(alphabet, { maxLength: 50 }).map((parts) => parts.join('')), (text) => flagless.test(text) === oracle.test(text)));
    }
  });

  it('turn the statement ref pattern into one a real ref matches, in either case and with either suffix', () => {
    const doc = withFlaglessPatterns({ paths: { '/x': { get: { parameters: [{ schema: { type: 'string', pattern: asGenerated(flagged[0]!) } }] } } } });
    const pattern = new RegExp(doc.paths['/x'].get.parameters[0]!.schema.pattern, 'u');
    const id = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b';
    for (const ref of [id, id.toUpperCase(), `${id}.pdf`, `${id}.CSV`]) expect(pattern.test(ref)).toBe(true);
    for (const ref of [`${id}.txt`, 'statement', `${id}/i`]) expect(pattern.test(ref)).toBe(false);
  });

  it('refuse a flag a pattern cannot carry', () => {
    expect(() => flaglessPattern('^a$', 'm')).toThrow(/"m"/);
  });
});
