import { expect } from 'vitest';

/**
 * A chart states its value axis's unit on screen (not only to screen readers) and as the first
 * part of its accessible description, so both readers learn what the numbers count.
 */
export function expectChartUnit(chart: HTMLElement, text: string) {
  const [unitId] = (chart.getAttribute('aria-describedby') ?? '').split(' ');
  const label = unitId ? document.getElementById(unitId) : null;
  expect(label).not.toBeNull();
  expect(label!.textContent).toBe(text);
  expect(label).not.toHaveClass('sr-only');
  expect(chart).toHaveAccessibleDescription(expect.stringContaining(text));
}
