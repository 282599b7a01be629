import { expect, it } from 'vitest';
import { linearFit } from './linear-trend';

it('fits y = 3 − 0.5x exactly, and says how well a line explains noisy data', () => {
  const exact = linearFit([0, 1, 2, 3].map((x) => ({ x, y: 3 - 0.5 * x })));
  expect(exact!.slope).toBeCloseTo(-0.5, 12);
  expect(exact!.intercept).toBeCloseTo(3, 12);
  expect(exact!.r2).toBeCloseTo(1, 12);
  // Hand-computed: x 0..3, y 1, 3, 2, 4 → slope 0.8, intercept 1.3, r² = 0.64.
  const noisy = linearFit([1, 3, 2, 4].map((y, x) => ({ x, y })));
  expect(noisy!.slope).toBeCloseTo(0.8, 12);
  expect(noisy!.intercept).toBeCloseTo(1.3, 12);
  expect(noisy!.r2).toBeCloseTo(0.64, 12);
  expect(linearFit([{ x: 1, y: 1 }])).toBeNull();
  expect(linearFit([{ x: 1, y: 1 }, { x: 1, y: 2 }])).toBeNull();
});
