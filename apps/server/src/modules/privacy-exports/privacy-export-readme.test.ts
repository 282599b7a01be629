import { describe, expect, it } from 'vitest';
import { EXPORT_FILES, exportReadme } from './privacy-export-readme';

describe('exportReadme', () => {
  const at = new Date('2026-11-24T18:05:00Z');

  it('describes every file in each language, with the date it was made', () => {
    const titles = { en: 'Your Peakwise data', fr: 'Vos données Peakwise', es: 'Tus datos de Peakwise' } as const;
    for (const language of ['en', 'fr', 'es'] as const) {
      const text = exportReadme(language, at);
      expect(text.startsWith(`${titles[language]}\r\n`)).toBe(true);
      expect(text).toContain('2026-11-24 18:05');
      for (const name of EXPORT_FILES) expect(text, `${language} ${name}`).toMatch(new RegExp(`\\r\\n${name.replace('.', '\\.')}\\r\\n  \\S`));
      expect(text).not.toMatch(/[^\r]\n/);
    }
  });
});
