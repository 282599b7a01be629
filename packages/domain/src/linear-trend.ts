export type TrendPoint = { x: number; y: number };
export type LinearFit = { slope: number; intercept: number; r2: number; n: number };

/** Ordinary least squares y = intercept + slope·x; null with fewer than two distinct x. */
export function linearFit(points: readonly TrendPoint[]): LinearFit | null {
  const n = points.length;
  if (n < 2) return null;
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sx += p.x;
    sy += p.y;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  // A perfectly flat series is explained perfectly by a flat line.
  const r2 = syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { slope, intercept: my - slope * mx, r2, n };
}
