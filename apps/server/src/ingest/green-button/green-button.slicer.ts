/**
 * Long work done in slices, so the requests waiting behind it are answered in between: a
 * Green Button import lets the event loop run at least every SLICE_MS (decision 081).
 */

export type Pause = () => Promise<void>;

/** Lets every I/O callback and timer that is due run first. */
export const yieldToEventLoop: Pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A slice's length: a fifth of the 100 ms a request may wait behind an import. */
const SLICE_MS = 20;
/** The clock is read once per this many steps: cheap steps, and a fraction of a slice between readings. */
const STEPS_PER_CHECK = 1024;

export type Slicer = {
  /** Pauses now and starts a new slice. */
  pause(): Promise<void>;
  /** Counts one step of work; true when the slice has had its time (then pause). */
  due(): boolean;
};

export function createSlicer(pause: Pause = yieldToEventLoop): Slicer {
  let since = performance.now();
  let steps = 0;
  return {
    async pause() {
      await pause();
      since = performance.now();
    },
    due() {
      steps += 1;
      if (steps % STEPS_PER_CHECK !== 0) return false;
      return performance.now() - since >= SLICE_MS;
    },
  };
}
