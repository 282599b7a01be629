import { describe, expect, it } from 'vitest';
import { fitScale, markerPixel } from './marker-placement';

// The five default rooms (apps/server/src/modules/households/household.service.ts).
const bathroom = { id: 'bath', name: 'Bathroom', x: 400, y: 330, width: 250, height: 270 };
const bedroom = { id: 'bed', name: 'Bedroom', x: 0, y: 330, width: 400, height: 270 };
const rooms = [bedroom, bathroom];

describe('markers on the floor plan', () => {
  it('draws a marker near a room’s top edge below the room’s name (30 px band, 22 px radius)', () => {
    // Demo spot: first row of a 3 × 2 grid in the Bathroom, 45 units below its top; at 0.3 px a unit
    // that is 13.5 px down, on the name. Drawn at 330 × 0.3 + 30 + 22 = 151 px instead.
    expect(markerPixel({ x: 442, y: 375 }, rooms, 0.3)).toEqual({ left: 400 * 0.3 + 22, top: 151 });
  });

  it('keeps a marker inside its room: one on the Bathroom’s right edge does not spill into the Office', () => {
    expect(markerPixel({ x: 650, y: 500 }, rooms, 0.5)).toEqual({ left: 650 * 0.5 - 22, top: 250 });
  });

  it('leaves a marker well inside its room where it is', () => {
    expect(markerPixel({ x: 200, y: 480 }, rooms, 0.8)).toEqual({ left: 160, top: 384 });
  });

  it('draws a marker in no room at its spot', () => {
    expect(markerPixel({ x: 900, y: 100 }, rooms, 0.5)).toEqual({ left: 450, top: 50 });
  });

  it('centres a marker in a room too small for the band and a marker', () => {
    // 0.1 px a unit: the Bathroom is 25 × 27 px; the middle of what is left.
    const { left, top } = markerPixel({ x: 500, y: 400 }, rooms, 0.1);
    expect(left).toBeCloseTo((40 + 22 + 65 - 22) / 2);
    expect(top).toBeCloseTo((33 + 30 + 22 + 60 - 22) / 2);
  });
});

describe('the plan’s scale at 100 %', () => {
  it('fits the whole plan when it is wide enough to read, the narrower of width and height', () => {
    expect(fitScale(800, 498, 1000, 600)).toBe(0.8);
    expect(fitScale(1000, 498, 1000, 600)).toBe(0.83);
  });

  it('on a phone fills the 500 px viewport’s height and scrolls sideways, with no empty band under the rooms', () => {
    // 390 px wide: about 310 px for the plan, 0.31 px a unit, the plan 186 px high in a 500 px viewport.
    expect(fitScale(310, 498, 1000, 600)).toBe(0.83);
  });
});
