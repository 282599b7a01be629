import { describe, expect, it } from 'vitest';
import { combinedBaseline } from './event-baseline-combined';

const none = (days: string[]) => ({ ok: false as const, reason: 'insufficient_history' as const, days });

describe('combinedBaseline', () => {
  it('is the mean of the two when both have a baseline, with every day either used, most recent first', () => {
    const r = combinedBaseline({ ok: true, kwh: 3, days: ['2025-07-16', '2025-07-14'] }, { ok: true, kwh: 2, days: ['2025-07-16', '2025-07-15'] });
    expect(r).toEqual({ ok: true, kwh: 2.5, days: ['2025-07-16', '2025-07-15', '2025-07-14'] });
  });

  it('is the one that has a baseline when the other has none', () => {
    expect(combinedBaseline(none(['2025-07-16']), { ok: true, kwh: 1.2, days: ['2025-07-16'] })).toEqual({ ok: true, kwh: 1.2, days: ['2025-07-16'] });
    expect(combinedBaseline({ ok: true, kwh: 0.7, days: ['2025-07-15'] }, none([]))).toEqual({ ok: true, kwh: 0.7, days: ['2025-07-15'] });
  });

  it('has none when neither has, and says which days were found', () => {
    expect(combinedBaseline(none(['2025-07-16']), none([]))).toEqual(none(['2025-07-16']));
    expect(combinedBaseline(none([]), none(['2025-07-15']))).toEqual(none(['2025-07-15']));
  });
});
