/**
 * Deterministic randomness for the simulator. Nothing here calls Math.random: every draw is a
 * pure function of (seed, channel, integer keys), so a back-filled interval and the same
 * interval streamed live are bit-for-bit equal, and any single interval can be computed without
 * replaying the ones before it.
 */

const TWO_32 = 4_294_967_296;

// MurmurHash3 x86_32 block mix and finaliser (Austin Appleby, public domain): good avalanche
// for integer keys using only 32-bit multiplies, which V8 runs without allocation.
function mixBlock(h: number, key: number): number {
  let k = Math.imul(key, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const x = h ^ k;
  return (Math.imul((x << 13) | (x >>> 19), 5) + 0xe6546b64) | 0;
}

function finalise(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

function mixKey(h: number, key: number): number {
  // Keys may exceed 32 bits (millisecond timestamps); fold the high word in as well.
  const high = Math.floor(key / TWO_32);
  const h1 = mixBlock(h, key | 0);
  return high === 0 ? h1 : mixBlock(h1, high | 0);
}

/** Unsigned 32-bit hash of integer keys (non-integers are truncated). */
export function hash32(seed: number, a: number, b = 0, c = 0): number {
  let h = mixKey(0x2545f491, seed);
  h = mixKey(h, a);
  h = mixKey(h, b);
  h = mixKey(h, c);
  return finalise(h);
}

/** Uniform draw in [0, 1) addressed by its keys. */
export function unitHash(seed: number, a: number, b = 0, c = 0): number {
  return hash32(seed, a, b, c) / TWO_32;
}

/** Stable numeric id for a named random stream (FNV-1a), so modules never share draws. */
export function channelId(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

/**
 * mulberry32 (Tommy Ettinger, public domain): a tiny sequential PRNG for drawing a day's plan
 * from one hashed seed. Returns uniforms in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / TWO_32;
  };
}

function smoothstep01(f: number): number {
  return f * f * (3 - 2 * f);
}

/**
 * 1-D value noise in [0, 1]: random values on integer lattice points of `t`, blended with a
 * smoothstep so the field is continuous in time. Used for clouds and temperature anomalies, which
 * must evolve smoothly yet be evaluable at any instant on its own.
 */
export function valueNoise(seed: number, channel: number, t: number): number {
  const i = Math.floor(t);
  const a = unitHash(seed, channel, i);
  const b = unitHash(seed, channel, i + 1);
  return a + (b - a) * smoothstep01(t - i);
}

/** Two octaves of value noise (fractal), still in [0, 1]; adds small wiggles to a slow field. */
export function fractalNoise(seed: number, channel: number, t: number): number {
  return (2 * valueNoise(seed, channel, t) + valueNoise(seed, channel + 1, t * 2.7 + 17.3)) / 3;
}

/** Cubic Hermite step between edges e0 < e1. */
export function smoothstep(e0: number, e1: number, x: number): number {
  if (x <= e0) return 0;
  if (x >= e1) return 1;
  return smoothstep01((x - e0) / (e1 - e0));
}
