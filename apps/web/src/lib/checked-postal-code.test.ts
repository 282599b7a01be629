import { afterEach, describe, expect, it } from 'vitest';
import { checkedPostalCode, forgetCheckedPostalCode, rememberCheckedPostalCode } from './checked-postal-code';

afterEach(() => sessionStorage.clear());

describe('the postal code checked in this tab (decision 057)', () => {
  it('keeps a code until it is forgotten', () => {
    expect(checkedPostalCode()).toBeUndefined();
    rememberCheckedPostalCode('H2X 1Y4');
    expect(checkedPostalCode()).toBe('H2X 1Y4');
    forgetCheckedPostalCode();
    expect(checkedPostalCode()).toBeUndefined();
  });

  it('gives nothing for a stored value that is not a postal code', () => {
    sessionStorage.setItem('peakwise.checkedPostalCode', '<script>');
    expect(checkedPostalCode()).toBeUndefined();
    sessionStorage.setItem('peakwise.checkedPostalCode', 'h2x1y4');
    expect(checkedPostalCode()).toBe('H2X 1Y4');
  });
});
