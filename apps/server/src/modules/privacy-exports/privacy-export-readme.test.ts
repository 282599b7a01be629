import { describe, expect, it } from 'vitest';
import { EXPORT_FILES, exportReadme } from './privacy-export-readme';

describe('exportReadme', () => {
  const at = new Date('2026-11-24T18:05:00Z');

  it('describes every file in each language, with the date it was made', () => {
    const titles = { en: 'Your Peakwise data', fr: 'Vos données Peakwise', es: 'Tus datos de Peakwise' } as const;
    for (const language of ['en', 'fr', 'es'] as const) {
      const text = exportReadme(language, at, 25);
      expect(text.startsWith(`${titles[language]}\r\n`)).toBe(true);
      expect(text).toContain('2026-11-24 18:05');
      for (const name of EXPORT_FILES) expect(text, `${language} ${name}`).toMatch(new RegExp(`\\r\\n${name.replace('.', '\\.')}\\r\\n  \\S`));
      expect(text).not.toMatch(/[^\r]\n/);
    }
  });

  it('says where the 5-minute files start: the raw horizon, 25 months before November 2026 is 1 October 2024', () => {
    const starts = { en: 'Kept from 2024-10-01 (UTC) on', fr: 'Conservées à partir du 2024-10-01 (UTC)', es: 'Se conservan desde el 2024-10-01 (UTC)' } as const;
    for (const language of ['en', 'fr', 'es'] as const) {
      const text = exportReadme(language, at, 25);
      for (const name of ['readings.csv', 'device-readings.csv']) {
        const paragraph = text.split(`\r\n${name}\r\n  `)[1]!.split('\r\n')[0]!;
        expect(paragraph, `${language} ${name}`).toContain(starts[language]);
      }
      expect(text.split('\r\nrollups-hourly.csv\r\n  ')[1]!.split('\r\n')[0]).not.toContain('2024-10-01');
    }
    expect(exportReadme('en', at, 13)).toContain('Kept from 2025-10-01 (UTC) on');
  });
});
