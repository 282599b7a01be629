import { describe, expect, it } from 'vitest';
import { isRepeatedSlot, slotLabel } from './event-chart-data';

describe('slot labels', () => {
  it('shows an event’s slots after midnight and the repeated hour as their clock time', () => {
    expect(slotLabel('00:05+1', 'en-CA')).toBe(slotLabel('00:05', 'en-CA'));
    expect(slotLabel('01:05#2+1', 'fr-CA')).toBe(slotLabel('01:05', 'fr-CA'));
    expect(isRepeatedSlot('01:05#2+1')).toBe(true);
    expect(isRepeatedSlot('00:05+1')).toBe(false);
  });
});
