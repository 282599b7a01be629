import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('./demo-rewards/', import.meta.url);

describe('the demo catalogue’s artwork', () => {
  // The catalogue shows the same picture to members reading English, French and Spanish, with the
  // item's translated name beside it: a word drawn in the picture ("GIFT CARD") stays English.
  it.each(readdirSync(folder).filter((file) => file.endsWith('.svg')))('%s draws no words, only figures', (file) => {
    const svg = readFileSync(new URL(file, folder), 'utf8');
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    for (const text of texts) expect(text).not.toMatch(/\p{L}/u);
  });
});
