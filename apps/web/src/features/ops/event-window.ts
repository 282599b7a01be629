import { EVENT_MAX_HOURS } from '@peakwise/contracts/events.contract';
import { localParts, zonedTimeToUtc } from '@peakwise/domain/local-time';

/** What the schedule and edit forms hold: a window on a wall clock, and the terms as typed. */
export type EventFormValues = {
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  rewardPoints: string;
  targetPercent: string;
};

export type EventField = keyof EventFormValues | 'programId';

/**
 * Keys of the ops namespace's `errors` group. The window and terms checks are the server's own
 * (EVENT_MESSAGES), so the operator hears the same sentence before and after sending.
 */
export type EventErrorKey =
  | 'programRequired'
  | 'dateRequired'
  | 'startRequired'
  | 'endRequired'
  | 'startInPast'
  | 'endBeforeStart'
  | 'tooLong'
  | 'rewardTooSmall'
  | 'rewardTooLarge'
  | 'targetOutOfRange';

export type EventTerms = { startsAt: string; endsAt: string; rewardPoints: number; targetPercent: number };

export type EventCheck = { ok: true; terms: EventTerms } | { ok: false; errors: Partial<Record<EventField, EventErrorKey>> };

const HOUR_MS = 3_600_000;
/** The contract's ceiling on a reward. */
export const MAX_REWARD_POINTS = 10_000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(\d{2}):(\d{2})(?::\d{2})?$/;

/** "18:30" → [18, 30]; anything else (an empty or half-typed field) → null. */
function parseTime(value: string): [number, number] | null {
  const match = TIME.exec(value);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? [hour, minute] : null;
}

/** A wall-clock date and time in a zone, as the instant the server stores; null when incomplete. */
export function localToInstant(date: string, time: string, timeZone: string): Date | null {
  const parsed = parseTime(time);
  if (!DATE.test(date) || !parsed) return null;
  return zonedTimeToUtc(date, parsed[0], parsed[1], timeZone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the date and time fields of the form, on a zone's clock (to edit an event). */
export function instantToLocal(iso: string, timeZone: string): { date: string; time: string } {
  const p = localParts(new Date(iso), timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

function wholeNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The server's checks, run before sending: a window that starts in the future, ends after it
 * starts and lasts at most EVENT_MAX_HOURS; a whole reward of at least 1 point; a whole target of
 * 1–90 %. The end time is on the same date as the start: an event past midnight is two fields
 * the operator must see, not a guess.
 */
export function checkEventForm(values: EventFormValues, now: Date): EventCheck {
  const errors: Partial<Record<EventField, EventErrorKey>> = {};
  if (!DATE.test(values.date)) errors.date = 'dateRequired';
  if (!parseTime(values.startTime)) errors.startTime = 'startRequired';
  if (!parseTime(values.endTime)) errors.endTime = 'endRequired';

  const startsAt = localToInstant(values.date, values.startTime, values.timeZone);
  const endsAt = localToInstant(values.date, values.endTime, values.timeZone);
  if (startsAt && startsAt.getTime() <= now.getTime()) errors.startTime = 'startInPast';
  if (startsAt && endsAt) {
    if (endsAt.getTime() <= startsAt.getTime()) errors.endTime = 'endBeforeStart';
    else if (endsAt.getTime() - startsAt.getTime() > EVENT_MAX_HOURS * HOUR_MS) errors.endTime = 'tooLong';
  }

  const reward = wholeNumber(values.rewardPoints);
  if (reward === null || reward < 1) errors.rewardPoints = 'rewardTooSmall';
  else if (reward > MAX_REWARD_POINTS) errors.rewardPoints = 'rewardTooLarge';

  const target = wholeNumber(values.targetPercent);
  if (target === null || target < 1 || target > 90) errors.targetPercent = 'targetOutOfRange';

  if (Object.keys(errors).length > 0 || !startsAt || !endsAt || reward === null || target === null) return { ok: false, errors };
  return { ok: true, terms: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), rewardPoints: reward, targetPercent: target } };
}
