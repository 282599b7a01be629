import { describe, expect, it } from 'vitest';
import { currentPower } from './current-power';

describe('currentPower', () => {
  const api = { kw: 1.2, at: '2025-11-24T17:00:00Z' };
  it('uses the API value until a live sample arrives', () => {
    expect(currentPower(null, api)).toEqual({ kw: 1.2, at: api.at, live: false });
    expect(currentPower(null, { kw: null, at: null })).toBeNull();
  });
  it('prefers the newer sample', () => {
    expect(currentPower({ kw: 2.5, at: '2025-11-24T17:00:10Z' }, api)).toEqual({ kw: 2.5, at: '2025-11-24T17:00:10Z', live: true });
    expect(currentPower({ kw: 2.5, at: '2025-11-24T16:59:00Z' }, api)).toEqual({ kw: 1.2, at: api.at, live: false });
    expect(currentPower({ kw: 0.3, at: '2025-11-24T16:59:00Z' }, { kw: null, at: null })?.kw).toBe(0.3);
  });
});
