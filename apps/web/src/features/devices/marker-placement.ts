import type { DeviceRoom } from '@peakwise/contracts/devices.contract';
import { roomAt } from './use-marker-drag';

/** Half a marker's button where a finger is the pointer (44 px, styles.css): the most it covers. */
export const MARKER_RADIUS_PX = 22;
/** The room's name along its top: the button's 8 px padding and one line of 12 px text, and a gap. */
export const ROOM_LABEL_BAND_PX = 30;
/**
 * The smallest scale at which the plan is drawn to fit a viewport's width: below it the Bathroom
 * (250 units wide) is narrower than its name and three markers side by side, so on a phone the
 * plan fills the viewport's height instead and scrolls sideways (issue 29).
 */
export const MIN_WIDTH_FIT = 0.6;

/** Pixels per plan unit at 100 %: the whole plan in the viewport, unless that is too small to read. */
export function fitScale(viewportWidthPx: number, viewportHeightPx: number, planWidth: number, planHeight: number): number {
  const widthFit = viewportWidthPx / planWidth;
  const heightFit = viewportHeightPx / planHeight;
  return widthFit < MIN_WIDTH_FIT ? heightFit : Math.min(widthFit, heightFit);
}

const between = (value: number, low: number, high: number) => (low > high ? (low + high) / 2 : Math.min(high, Math.max(low, value)));

/**
 * Where a marker is drawn, in pixels: its spot, kept inside the room it is in and below the room's
 * name, so a marker neither covers the name nor spills into the next room. Only the drawing moves;
 * the saved spot stays as it is. A point in no room is drawn where it is.
 */
export function markerPixel(spot: { x: number; y: number }, rooms: DeviceRoom[], scale: number): { left: number; top: number } {
  const left = spot.x * scale;
  const top = spot.y * scale;
  const room = roomAt(rooms, spot.x, spot.y);
  if (!room) return { left, top };
  return {
    left: between(left, room.x * scale + MARKER_RADIUS_PX, (room.x + room.width) * scale - MARKER_RADIUS_PX),
    top: between(top, room.y * scale + ROOM_LABEL_BAND_PX + MARKER_RADIUS_PX, (room.y + room.height) * scale - MARKER_RADIUS_PX),
  };
}
