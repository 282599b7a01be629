import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canZoomIn, canZoomOut, clampZoom, pinchZoom, ZOOM_MAX_PCT, ZOOM_MIN_PCT, zoomIn, zoomOut } from './floor-plan-zoom';

describe('floor-plan zoom', () => {
  it('steps by 10% and stops at 50% and 200%', () => {
    expect(zoomIn(100)).toBe(110);
    expect(zoomOut(100)).toBe(90);
    expect(zoomIn(190)).toBe(200);
    expect(zoomIn(200)).toBe(200);
    expect(zoomOut(60)).toBe(50);
    expect(zoomOut(50)).toBe(50);
  });

  it('reaches each limit from 100% in the expected number of steps', () => {
    let pct = 100;
    for (let i = 0; i < 5; i += 1) pct = zoomOut(pct);
    expect(pct).toBe(50);
    for (let i = 0; i < 15; i += 1) pct = zoomIn(pct);
    expect(pct).toBe(200);
  });

  it('says when a direction is exhausted', () => {
    expect(canZoomIn(200)).toBe(false);
    expect(canZoomIn(190)).toBe(true);
    expect(canZoomOut(50)).toBe(false);
    expect(canZoomOut(60)).toBe(true);
  });

  it('clamps and snaps to the nearest step', () => {
    expect(clampZoom(10)).toBe(50);
    expect(clampZoom(500)).toBe(200);
    expect(clampZoom(114)).toBe(110);
    expect(clampZoom(116)).toBe(120);
    expect(clampZoom(Number.NaN)).toBe(100);
  });

  it('pinch scales the starting zoom by the finger-distance ratio, snapped and clamped', () => {
    expect(pinchZoom(100, 200, 300)).toBe(150); // 100 × 1.5
    expect(pinchZoom(100, 200, 130)).toBe(70); // 100 × 0.65 = 65 → 70 (nearest step, .5 rounds up)
    expect(pinchZoom(150, 100, 1000)).toBe(200);
    expect(pinchZoom(80, 100, 10)).toBe(50);
    expect(pinchZoom(120, 0, 50)).toBe(120);
  });

  it('always lands on an allowed step within the limits', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (pct) => {
        const z = clampZoom(pct);
        return z >= ZOOM_MIN_PCT && z <= ZOOM_MAX_PCT && z % 10 === 0;
      }),
    );
  });
});
