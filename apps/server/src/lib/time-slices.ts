/**
 * A long loop of synchronous work that lets the event loop run every few milliseconds. Settlement
 * computes a batch of households while the database runs the previous batch's writes and the next
 * batch's reads, each a chain of statements on one connection in which every statement is sent only
 * once Node has seen the last one's answer: a batch's computing in one piece held each chain's next
 * statement until it was done, and the database and Node took turns instead of working together.
 */

/** The longest stretch of work between two yields. */
const SLICE_MS = 4;

/** Awaited once per step of the loop: yields (setImmediate) once the slice has had its time, else goes on at once. */
export type Slice = () => Promise<void> | undefined;

export function timeSlices(sliceMs = SLICE_MS): Slice {
  let since = performance.now();
  const resume = (resolve: () => void) => setImmediate(() => {
    since = performance.now();
    resolve();
  });
  return () => (performance.now() - since < sliceMs ? undefined : new Promise<void>(resume));
}
