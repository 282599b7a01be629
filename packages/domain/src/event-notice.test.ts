import { describe, expect, it } from 'vitest';
import { moveAsksMore, noticeShortfall } from './event-notice';

const NOW = Date.parse('2026-01-12T12:00:00Z');
const H = 3_600_000;

describe('a program’s notice', () => {
  it('refuses a start closer than the notice, and names the earliest start', () => {
    // 12 hours' notice from noon: midnight at the earliest.
    expect(noticeShortfall(NOW + 11 * H, NOW, 12)).toEqual({ earliestStartMs: Date.parse('2026-01-13T00:00:00Z') });
    expect(noticeShortfall(NOW + 12 * H - 1, NOW, 12)).not.toBeNull();
  });

  it('takes a start exactly the notice ahead, or later', () => {
    expect(noticeShortfall(NOW + 12 * H, NOW, 12)).toBeNull();
    expect(noticeShortfall(NOW + 30 * H, NOW, 12)).toBeNull();
  });

  it('a program with no notice takes any start ahead', () => {
    expect(noticeShortfall(NOW + 60_000, NOW, 0)).toBeNull();
  });

  it('a move asks more when it starts earlier or ends later, not when it keeps or shortens the window', () => {
    const told = { startMs: NOW + 5 * H, endMs: NOW + 7 * H };
    expect(moveAsksMore(told, { startMs: NOW + 4 * H, endMs: NOW + 7 * H })).toBe(true);
    expect(moveAsksMore(told, { startMs: NOW + 5 * H, endMs: NOW + 8 * H })).toBe(true);
    expect(moveAsksMore(told, { startMs: NOW + 6 * H, endMs: NOW + 8 * H })).toBe(true);
    expect(moveAsksMore(told, told)).toBe(false);
    expect(moveAsksMore(told, { startMs: NOW + 5 * H, endMs: NOW + 6 * H })).toBe(false);
    expect(moveAsksMore(told, { startMs: NOW + 6 * H, endMs: NOW + 7 * H })).toBe(false);
  });
});
