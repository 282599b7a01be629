import { describe, expect, it } from 'vitest';
import { receiptFor } from './mqtt-receipt';

const H = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const rejection = (index: number, reason: 'too_large' | 'misaligned_timestamp') => ({ index, series: 'meter' as const, reason, message: '' });

describe('receiptFor (decision 065)', () => {
  it('names each reading by the ts it was sent with: rejected by index, the rest stored (duplicates included)', () => {
    const receipt = receiptFor(`peakwise/${H}/meter`, {
      outcome: 'stored',
      result: { accepted: 1, corrected: 0, duplicates: 1, rejected: [rejection(1, 'too_large')] },
      readingTimes: ['2026-01-15T12:00:00-05:00', '2026-01-15T17:05:00Z', '2026-01-15T17:10:00.000Z'],
    });
    expect(receipt?.topic).toBe(`peakwise/${H}/meter/receipts`);
    expect(JSON.parse(receipt!.payload)).toEqual({
      stored: ['2026-01-15T12:00:00-05:00', '2026-01-15T17:10:00.000Z'],
      rejected: [{ ts: '2026-01-15T17:05:00Z', reason: 'too_large' }],
    });
  });

  it('answers a device reading on the device’s own receipt topic, and a refused message with every ts it names', () => {
    const receipt = receiptFor(`peakwise/${H}/devices/plug-1/reading`, { outcome: 'refused', detail: 'x', reason: 'invalid_payload', readingTimes: ['a', '', 'b'] });
    expect(receipt?.topic).toBe(`peakwise/${H}/devices/plug-1/receipts`);
    expect(JSON.parse(receipt!.payload)).toEqual({ stored: [], rejected: [{ ts: 'a', reason: 'invalid_payload' }, { ts: 'b', reason: 'invalid_payload' }] });
  });

  it('sends none for a failed write, a message naming no reading, or a topic gateways do not wait on', () => {
    expect(receiptFor(`peakwise/${H}/meter`, { outcome: 'failed', readingTimes: ['2026-01-15T17:05:00Z'] })).toBeNull();
    expect(receiptFor(`peakwise/${H}/meter`, { outcome: 'refused', detail: 'The message is not JSON.' })).toBeNull();
    expect(receiptFor(`peakwise/${H}/meter`, { outcome: 'refused', detail: 'x', readingTimes: [''] })).toBeNull();
    expect(receiptFor(`peakwise/${H}/shelly/plug-1/status/switch:0`, { outcome: 'stored', readingTimes: ['2026-01-15T17:05:00Z'] })).toBeNull();
    expect(receiptFor(`peakwise/${H}/meter/power`, { outcome: 'stored' })).toBeNull();
  });
});
