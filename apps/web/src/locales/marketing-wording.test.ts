import { describe, expect, it } from 'vitest';
import { marketingEn } from './marketing.en';
import { marketingEs } from './marketing.es';
import { marketingFr } from './marketing.fr';

const pages = { en: marketingEn, fr: marketingFr, es: marketingEs };

describe('the public pages’ promises', () => {
  it.each(Object.entries(pages))('%s: rewards are counted in points, never "Watts" (one name for one thing)', (_, texts) => {
    expect(JSON.stringify(texts)).not.toMatch(/\bWatts\b/);
  });

  it.each(Object.entries(pages))('%s: promise the installable web app there is, not a mobile app from a store', (_, texts) => {
    const all = JSON.stringify(texts);
    expect(all).not.toMatch(/mobile app|application mobile|app móvil/i);
    expect(all).toMatch(/installable web app|application Web installable|app web instalable/);
  });
});
