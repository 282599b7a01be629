/**
 * Floor-plan zoom (docs/product/domain-rules.md#floor-plan): 0.5 to 2 in steps of 0.1. Zoom is kept as a whole number of percent
 * so repeated steps never drift (0.1 + 0.2 !== 0.3 in floating point).
 */
export const ZOOM_MIN_PCT = 50;
export const ZOOM_MAX_PCT = 200;
export const ZOOM_STEP_PCT = 10;
export const ZOOM_DEFAULT_PCT = 100;

/** The nearest allowed step within the limits; anything not finite falls back to 100%. */
export function clampZoom(pct: number): number {
  if (!Number.isFinite(pct)) return ZOOM_DEFAULT_PCT;
  const stepped = Math.round(pct / ZOOM_STEP_PCT) * ZOOM_STEP_PCT;
  return Math.min(ZOOM_MAX_PCT, Math.max(ZOOM_MIN_PCT, stepped));
}

export const zoomIn = (pct: number) => clampZoom(clampZoom(pct) + ZOOM_STEP_PCT);
export const zoomOut = (pct: number) => clampZoom(clampZoom(pct) - ZOOM_STEP_PCT);
export const canZoomIn = (pct: number) => clampZoom(pct) < ZOOM_MAX_PCT;
export const canZoomOut = (pct: number) => clampZoom(pct) > ZOOM_MIN_PCT;

/**
 * Pinch: the zoom at the start of the gesture times the ratio of finger distances now to then,
 * snapped to the nearest step. Degenerate distances (0, negative) leave the zoom unchanged.
 */
export function pinchZoom(startPct: number, startDistance: number, currentDistance: number): number {
  if (!(startDistance > 0) || !(currentDistance > 0)) return clampZoom(startPct);
  return clampZoom(clampZoom(startPct) * (currentDistance / startDistance));
}
