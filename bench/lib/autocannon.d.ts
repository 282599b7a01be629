// The subset of autocannon's API the read benchmark uses (autocannon ships no types; only
// autocannon itself was added as a dependency).
declare module 'autocannon' {
  type Options = {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    /** Requests per second across all connections. */
    overallRate?: number;
    /** Seconds. */
    duration?: number;
    /** Worker threads firing the requests (connections and amount are split among them). */
    workers?: number;
    /** A run before the measured one, with these options over the others; its results are not counted. */
    warmup?: { duration?: number; connections?: number };
  };
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  type Result = { latency: Histogram; requests: Histogram; non2xx: number; errors: number; timeouts: number };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
