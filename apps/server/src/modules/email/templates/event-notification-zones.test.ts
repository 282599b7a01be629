import { useZoneOffsets } from '@peakwise/domain/local-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { eventWindow } from './event-notification.template';

// 02:00–03:00 UTC on 2 December 2026: 7–8 p.m. on Tuesday 1 December in Vancouver (−7 since
// British Columbia stopped changing clocks), 8–9 p.m. in Edmonton (−6), 9–10 p.m. in Toronto (EST).
const START = new Date('2026-12-02T02:00:00Z');
const END = new Date('2026-12-02T03:00:00Z');

describe('the event e-mail’s window on a home’s clock, in the app (decision 145)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    useZoneOffsets(null);
  });

  it('reads the zones’ current rules, whatever Node’s bundled ICU says, and names the zone by its offset where ICU disagrees', () => {
    expect(eventWindow('en', START, END, 'America/Vancouver')).toMatch(/^Tuesday, December 1, 7:00\sp\.m\.\s–\s8:00\sp\.m\.\s(UTC−7|MST|PT)$/u);
    expect(eventWindow('en', START, END, 'America/Edmonton')).toMatch(/^Tuesday, December 1, 8:00\sp\.m\.\s–\s9:00\sp\.m\.\s(UTC−6|CST)$/u);
    expect(eventWindow('en', START, END, 'America/Toronto')).toMatch(/^Tuesday, December 1, 9:00\sp\.m\.\s–\s10:00\sp\.m\.\sEST$/u);
  });
});
