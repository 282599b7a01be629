import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the member’s time zone', () => {
  it('reads the browser’s time zone when first asked, not when the module loads (decision 092), and once', async () => {
    vi.resetModules();
    const format = vi.spyOn(Intl, 'DateTimeFormat');
    const { getTimeZone } = await import('./time-zone');
    expect(format).not.toHaveBeenCalled();
    const first = getTimeZone();
    expect(format).toHaveBeenCalledTimes(1);
    expect(getTimeZone()).toBe(first);
    expect(format).toHaveBeenCalledTimes(1);
  });

  it('prefers a stored Canadian time zone, and applies a new one at once', async () => {
    vi.resetModules();
    localStorage.setItem('peakwise.timeZone', 'America/Halifax');
    const { getTimeZone, setTimeZone } = await import('./time-zone');
    expect(getTimeZone()).toBe('America/Halifax');
    setTimeZone('America/Vancouver');
    expect(getTimeZone()).toBe('America/Vancouver');
    expect(localStorage.getItem('peakwise.timeZone')).toBe('America/Vancouver');
  });
});
