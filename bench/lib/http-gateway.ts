/** One 5-minute meter reading as a gateway sends it. */
export type MeterReading = { ts: string; productionKwh: number; consumptionKwh: number; gridImportKwh: number; gridExportKwh: number };

const INTERVAL_MS = 5 * 60_000;
const EPOCH = Date.UTC(2025, 0, 6); // a Monday; any past instant the ingest path accepts

/** The reading interval `n` of a household: deterministic, so the check can recompute every value. */
export function readingAt(householdIndex: number, n: number): MeterReading {
  const ms = EPOCH + n * INTERVAL_MS;
  const hour = (ms / 3_600_000) % 24;
  const sun = Math.max(0, Math.sin(((hour - 6) / 12) * Math.PI));
  const production = Math.round(sun * 0.4 * 1000) / 1000;
  const consumption = Math.round((0.05 + ((n * 7919 + householdIndex * 104_729) % 97) / 1000) * 1000) / 1000;
  const net = Math.round((production - consumption) * 1000) / 1000;
  return {
    ts: new Date(ms).toISOString(),
    productionKwh: production,
    consumptionKwh: consumption,
    gridImportKwh: net < 0 ? -net : 0,
    gridExportKwh: net > 0 ? net : 0,
  };
}

export type GatewayCounts = { generated: number; acknowledged: number; requests: number; failedRequests: number; resentReadings: number };

/**
 * A device that behaves like a real gateway: it keeps every reading the server has not
 * acknowledged (a 200 whose counts cover the whole batch) and sends it again after a failure,
 * oldest first, until it is acknowledged.
 */
export class HttpGateway {
  private next = 0;
  private pending: number[] = [];
  private attempted = new Set<number>();
  private running = false;
  private loop: Promise<void> | undefined;
  readonly counts: GatewayCounts = { generated: 0, acknowledged: 0, requests: 0, failedRequests: 0, resentReadings: 0 };

  constructor(
    private readonly url: () => string,
    private readonly token: string,
    readonly householdIndex: number,
    private readonly batch: number,
    /** Pause after each acknowledged batch: 0 sends back to back (the fault suite), more paces a gateway at a real rate. */
    private readonly intervalMs = 0,
  ) {}

  get generated() {
    return this.next;
  }

  get unacknowledged() {
    return this.pending.length;
  }

  start() {
    this.running = true;
    this.loop = this.run();
  }

  /** Stops making new readings; resolves once every reading made so far is acknowledged. */
  async drain(timeoutMs: number) {
    this.running = false;
    await this.loop;
    const deadline = Date.now() + timeoutMs;
    while (this.pending.length > 0) {
      if (Date.now() > deadline) throw new Error(`gateway ${this.householdIndex}: ${this.pending.length} readings still unacknowledged`);
      if (!(await this.sendOnce())) await new Promise((r) => setTimeout(r, 200));
    }
  }

  private async run() {
    while (this.running) {
      while (this.pending.length < this.batch) this.pending.push(this.next++);
      this.counts.generated = this.next;
      if (!(await this.sendOnce())) await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      else if (this.intervalMs > 0) await new Promise((r) => setTimeout(r, this.intervalMs));
    }
  }

  private async sendOnce(): Promise<boolean> {
    const numbers = this.pending.slice(0, this.batch);
    for (const n of numbers) {
      if (this.attempted.has(n)) this.counts.resentReadings++;
      else this.attempted.add(n);
    }
    this.counts.requests++;
    try {
      const response = await fetch(`${this.url()}/api/ingest/readings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ meter: numbers.map((n) => readingAt(this.householdIndex, n)) }),
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        this.counts.failedRequests++;
        return false;
      }
      const body = (await response.json()) as { accepted: number; corrected: number; duplicates: number; rejected: unknown[] };
      if (body.rejected.length > 0 || body.accepted + body.corrected + body.duplicates !== numbers.length) {
        throw new Error(`gateway ${this.householdIndex}: the server refused readings it should take: ${JSON.stringify(body)}`);
      }
      this.pending.splice(0, numbers.length);
      this.counts.acknowledged += numbers.length;
      return true;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('gateway ')) throw error;
      this.counts.failedRequests++;
      return false;
    }
  }
}
