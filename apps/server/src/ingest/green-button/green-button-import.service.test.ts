import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberWithHousehold } from '../../modules/energy/energy.test-helper';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importGreenButton } from './green-button-import.service';
import { parseGreenButton } from './green-button.parser';
import { greenButtonFixture, series } from './green-button.test-helper';
import type * as ValidateReadings from '../../telemetry/validate-readings';

// Every 5-minute interval the import hands to the shared ingest validation, counted.
const validated = vi.hoisted(() => ({ rows: 0 }));
vi.mock('../../telemetry/validate-readings', async (importOriginal) => {
  const actual = await importOriginal<typeof ValidateReadings>();
  return {
    ...actual,
    validateBatch: (input: { meter?: unknown[] }, ...rest: [Date]) => {
      validated.rows += input.meter?.length ?? 0;
      return actual.validateBatch(input, ...rest);
    },
  };
});

const now = new Date('2026-04-15T12:00:00Z');
const DAY = 86_400;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

describe('importGreenButton: what a file costs', () => {
  it('refuses 2,000 daily readings from 1970 reading by reading, without splitting one into 5-minute intervals', async () => {
    const { household } = await memberWithHousehold(t);
    // 1970-01-01 to 1975-06-23: every day ends more than ten years before now.
    const xml = greenButtonFixture([{ readings: series(0, DAY, 2000, (i) => 10_000 + i) }]);
    validated.rows = 0;
    const outcome = await importGreenButton(t.database.db, household.id, xml, now);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result).toMatchObject({ readings: 2000, refused: 2000, intervals: { accepted: 0, corrected: 0, duplicates: 0 }, period: null, intervalSeconds: [DAY] });
    expect(outcome.result.refusedReadings).toHaveLength(100);
    expect(outcome.result.refusedReadings[0]).toMatchObject({ index: 0, start: '1970-01-01T00:00:00.000Z', reason: 'too_old' });
    expect(outcome.result.refusedReadings.every((r) => r.reason === 'too_old')).toBe(true);
    // Split, they would have been 2,000 × 288 = 576,000 intervals.
    expect(validated.rows).toBe(0);
  });

  it('splits a reading that straddles the horizon, and stores only its intervals inside it', async () => {
    const { household } = await memberWithHousehold(t);
    // The horizon is 3,660 days before now: 2016-04-07T12:00Z. A day from 2016-04-07T00:00Z has
    // its first 144 intervals before it and its last 144 at or after it.
    const start = Date.UTC(2016, 3, 7) / 1000;
    expect(now.getTime() - 3660 * DAY * 1000).toBe((start + 12 * 3600) * 1000);
    validated.rows = 0;
    const outcome = await importGreenButton(t.database.db, household.id, greenButtonFixture([{ readings: [[start, DAY, 2880]] }]), now);
    expect(outcome.ok && outcome.result).toMatchObject({ readings: 1, refused: 1, intervals: { accepted: 144 }, period: { from: '2016-04-07T12:00:00.000Z', to: '2016-04-08T00:00:00.000Z' } });
    expect(outcome.ok && outcome.result.refusedReadings[0]?.reason).toBe('too_old');
    expect(validated.rows).toBe(288);
  });
});

describe('parseGreenButton: the event loop', () => {
  it('lets timers run while it reads a 2 MB file, instead of holding the process until it is done', async () => {
    // 16,000 quarter hours: about 2.1 MB of XML.
    const xml = greenButtonFixture([{ readings: series(Date.UTC(2026, 0, 1) / 1000, 900, 16_000, (i) => 100 + (i % 50)) }]);
    expect(xml.length).toBeGreaterThan(2_000_000);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    try {
      const parsed = await parseGreenButton(xml);
      expect(parsed.ok && parsed.readings.length).toBe(16_000);
    } finally {
      clearInterval(timer);
    }
    // Read in one go, the timer would not fire once before the file is done.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });
});
