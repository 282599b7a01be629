import mqtt, { type MqttClient } from 'mqtt';
import { readingAt } from './http-gateway';

/**
 * A gateway that sends its readings over MQTT QoS 1 and, like a real one, keeps each message
 * until the broker's PUBACK: mqtt.js holds unacknowledged publishes in its outgoing store and sends
 * them again after it reconnects, and the gateway sends again any it gives up on. At most `window` messages are outstanding, as a device's memory would allow.
 */
export class MqttGateway {
  private client: MqttClient | undefined;
  private next = 0;
  private running = false;
  private outstanding = new Set<Promise<void>>();
  private loop: Promise<void> | undefined;
  acknowledged = 0;
  /** Publishes the gateway had to send again because the client gave them up. */
  republished = 0;

  constructor(
    private readonly url: string,
    private readonly login: { username: string; password: string } | undefined,
    private readonly householdId: string,
    readonly householdIndex: number,
    private readonly perMessage: number,
    private readonly window: number,
  ) {}

  get generated() {
    return this.next;
  }

  start() {
    this.client = mqtt.connect(this.url, {
      clientId: `faults-gateway-${this.householdIndex}-${process.pid}`,
      clean: false,
      reconnectPeriod: 300,
      connectTimeout: 5_000,
      protocolVersion: 4,
      ...(this.login ?? {}),
    });
    this.client.on('error', () => {});
    this.running = true;
    this.loop = this.run();
  }

  private async run() {
    while (this.running) {
      if (this.outstanding.size >= this.window) {
        await Promise.race(this.outstanding);
        continue;
      }
      const first = this.next;
      this.next += this.perMessage;
      const readings = Array.from({ length: this.perMessage }, (_, i) => readingAt(this.householdIndex, first + i));
      const sent: Promise<void> = this.publishUntilAcknowledged(JSON.stringify({ readings })).then(() => {
        this.acknowledged += readings.length;
        this.outstanding.delete(sent);
      });
      this.outstanding.add(sent);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** mqtt.js re-sends from its store after a reconnect, but fails a publish whose connection closed under it; the gateway then sends it again itself. */
  private async publishUntilAcknowledged(payload: string) {
    for (;;) {
      try {
        await this.client!.publishAsync(`peakwise/${this.householdId}/meter`, payload, { qos: 1 });
        return;
      } catch {
        this.republished++;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  }

  /** Stops making readings and waits for every outstanding publish's PUBACK. */
  async drain(timeoutMs: number) {
    this.running = false;
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.outstanding),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`gateway ${this.householdIndex}: ${this.outstanding.size} publishes never acknowledged`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    await this.client!.endAsync();
  }
}
