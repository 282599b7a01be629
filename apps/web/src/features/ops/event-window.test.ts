import { PROGRAM_MESSAGES } from '@peakwise/contracts/event-programs.contract';
import { EVENT_MESSAGES } from '@peakwise/contracts/events.contract';
import { describe, expect, it } from 'vitest';
import { opsEn } from '@/locales/ops.en';
import { checkEventForm, instantToLocal, localToInstant, type EventFormValues } from './event-window';
import { programTimeZone } from './ops-time-zones';

const NOW = new Date('2027-01-10T12:00:00Z');
const form = (overrides: Partial<EventFormValues> = {}): EventFormValues => ({
  date: '2027-01-20',
  startTime: '18:00',
  endTime: '20:00',
  timeZone: 'America/Toronto',
  rewardPoints: '100',
  targetPercent: '10',
  ...overrides,
});

describe('localToInstant', () => {
  // Expected instants worked out by hand from each zone's offset on that date, not with the code under test.
  it.each([
    ['2027-01-20', '18:00', 'America/Toronto', '2027-01-20T23:00:00.000Z'], // EST, UTC−5
    ['2027-07-20', '18:00', 'America/Toronto', '2027-07-20T22:00:00.000Z'], // EDT, UTC−4
    ['2027-01-20', '18:00', 'America/St_Johns', '2027-01-20T21:30:00.000Z'], // NST, UTC−3:30
    ['2027-07-20', '18:00', 'America/Regina', '2027-07-21T00:00:00.000Z'], // CST all year, UTC−6
    ['2027-07-20', '17:30', 'America/Vancouver', '2027-07-21T00:30:00.000Z'], // PDT, UTC−7
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(localToInstant(date, time, zone)?.toISOString()).toBe(expected);
  });

  it('is null while the date or time is incomplete', () => {
    expect(localToInstant('', '18:00', 'America/Toronto')).toBeNull();
    expect(localToInstant('2027-01-20', '', 'America/Toronto')).toBeNull();
    expect(localToInstant('2027-01-20', '25:00', 'America/Toronto')).toBeNull();
  });

  it('reads an instant back on the same clock (for the edit form)', () => {
    expect(instantToLocal('2027-01-20T23:00:00.000Z', 'America/Toronto')).toEqual({ date: '2027-01-20', time: '18:00' });
    expect(instantToLocal('2027-07-21T00:00:00.000Z', 'America/Regina')).toEqual({ date: '2027-07-20', time: '18:00' });
  });
});

describe('checkEventForm', () => {
  it('turns a valid form into the instants and terms the server takes', () => {
    expect(checkEventForm(form(), NOW)).toEqual({
      ok: true,
      terms: { startsAt: '2027-01-20T23:00:00.000Z', endsAt: '2027-01-21T01:00:00.000Z', rewardPoints: 100, targetPercent: 10 },
    });
  });

  it('asks for every missing part of the window', () => {
    expect(checkEventForm(form({ date: '', startTime: '', endTime: '' }), NOW)).toEqual({
      ok: false,
      errors: { date: 'dateRequired', startTime: 'startRequired', endTime: 'endRequired' },
    });
  });

  it('refuses a start that is not in the future', () => {
    expect(checkEventForm(form({ date: '2027-01-10', startTime: '07:00', endTime: '08:00' }), NOW)).toEqual({ ok: false, errors: { startTime: 'startInPast' } });
    // 07:00 Toronto on Jan 10 is exactly NOW (12:00Z): "in the future" means after it.
    expect(checkEventForm(form({ date: '2027-01-10', startTime: '07:00', endTime: '09:00' }), new Date('2027-01-10T12:00:00Z')).ok).toBe(false);
  });

  it('refuses an end at or before the start, and a window over 4 hours', () => {
    expect(checkEventForm(form({ endTime: '18:00' }), NOW)).toEqual({ ok: false, errors: { endTime: 'endBeforeStart' } });
    expect(checkEventForm(form({ endTime: '17:00' }), NOW)).toEqual({ ok: false, errors: { endTime: 'endBeforeStart' } });
    expect(checkEventForm(form({ endTime: '22:01' }), NOW)).toEqual({ ok: false, errors: { endTime: 'tooLong' } });
    expect(checkEventForm(form({ endTime: '22:00' }), NOW).ok).toBe(true);
  });

  it('wants a whole reward of at least 1 point and a whole target of 1–90 %', () => {
    for (const rewardPoints of ['0', '-5', '1.5', '', 'abc']) {
      expect(checkEventForm(form({ rewardPoints }), NOW)).toEqual({ ok: false, errors: { rewardPoints: 'rewardTooSmall' } });
    }
    expect(checkEventForm(form({ rewardPoints: '1' }), NOW).ok).toBe(true);
    expect(checkEventForm(form({ rewardPoints: '10001' }), NOW)).toEqual({ ok: false, errors: { rewardPoints: 'rewardTooLarge' } });
    for (const targetPercent of ['0', '91', '', '12.5']) {
      expect(checkEventForm(form({ targetPercent }), NOW)).toEqual({ ok: false, errors: { targetPercent: 'targetOutOfRange' } });
    }
  });

  it('says in English exactly what the server says', () => {
    for (const key of ['startInPast', 'endBeforeStart', 'tooLong', 'rewardTooSmall', 'targetOutOfRange'] as const) {
      expect(opsEn.errors[key]).toBe(EVENT_MESSAGES[key]);
    }
    expect(opsEn.serverErrors).toEqual({ ...EVENT_MESSAGES, outsideSeason: PROGRAM_MESSAGES.outsideSeason, outsideWindows: PROGRAM_MESSAGES.outsideWindows, notActive: PROGRAM_MESSAGES.notActive });
  });
});

describe('programTimeZone', () => {
  it('is the first province’s zone, Eastern when unknown', () => {
    expect(programTimeZone({ provinces: ['ON'] })).toBe('America/Toronto');
    expect(programTimeZone({ provinces: ['SK', 'MB'] })).toBe('America/Regina');
    expect(programTimeZone({ provinces: ['NL'] })).toBe('America/St_Johns');
    expect(programTimeZone({ provinces: [] })).toBe('America/Toronto');
    expect(programTimeZone(undefined)).toBe('America/Toronto');
  });
});
