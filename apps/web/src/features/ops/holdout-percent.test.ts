import { expect, it } from 'vitest';
import { checkHoldoutPercent } from './holdout-percent';

it('takes a whole percentage from 0 to 50 and nothing else', () => {
  expect(checkHoldoutPercent('5')).toBe(5);
  expect(checkHoldoutPercent(' 0 ')).toBe(0);
  expect(checkHoldoutPercent('50')).toBe(50);
  expect(checkHoldoutPercent('51')).toBeNull();
  expect(checkHoldoutPercent('-1')).toBeNull();
  expect(checkHoldoutPercent('2.5')).toBeNull();
  expect(checkHoldoutPercent('')).toBeNull();
});
