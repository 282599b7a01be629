import { describe, expect, it } from 'vitest';
import { formatMetric, isKnownMetric } from './device-metrics';

describe('device metrics', () => {
  it('formats a camera’s resolution the way cameras say it, and pressure with a spaced unit', () => {
    expect(isKnownMetric('resolutionP')).toBe(true);
    expect(formatMetric('resolutionP', 720, 'en-CA')).toBe('720p');
    expect(formatMetric('resolutionP', 1080, 'fr-CA')).toBe('1080p');
    expect(formatMetric('pressureKpa', 427.5, 'en-CA')).toBe('428\u00a0kPa');
  });

  it('leaves unknown keys out', () => {
    expect(isKnownMetric('voltageV')).toBe(false);
  });
});
