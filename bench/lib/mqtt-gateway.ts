import mqtt, { type MqttClient } from 'mqtt';
import { mqttReceiptSchema } from '../../packages/contracts/src/ingest.contract';
import { readingAt } from './http-gateway';

/** How long a message waits for its receipt before the gateway sends it again. */
const RESEND_AFTER_MS = 10_000;

type Outstanding = { payload: string; unreceipted: Set<string>; sentAt: number; done(): void };

/**
 * A gateway that sends its readings over MQTT QoS 1 and, like a real one, keeps each message
 * until the server's receipt names every reading in it (decision 065), on the embedded broker and
 * on Mosquitto alike: a broker's PUBACK is not counted, since Mosquitto's means only "received".
 * A message without its receipt after RESEND_AFTER_MS, or after a reconnect, is published again;
 * the server stores a copy as a duplicate and answers it with a receipt all the same. At most
 * `window` messages are outstanding, as a device's memory would allow.
 */
export class MqttGateway {
  private client: MqttClient | undefined;
  private next = 0;
  private running = false;
  /** Messages still waiting for a receipt, and the same by each reading's `ts` for matching one. */
  private outstanding = new Set<Outstanding>();
  private byReading = new Map<string, Outstanding>();
  private finished = new Set<Promise<void>>();
  private loop: Promise<void> | undefined;
  private resender: NodeJS.Timeout | undefined;
  acknowledged = 0;
  /** Messages the gateway published again because no receipt came in time or the connection dropped. */
  republished = 0;
  /** Receipt subscriptions the broker refused (SUBACK 0x80) or failed, each sent again a second later. */
  refusedSubscriptions = 0;

  constructor(
    private readonly url: string,
    private readonly login: { username: string; password: string } | undefined,
    private readonly householdId: string,
    readonly householdIndex: number,
    private readonly perMessage: number,
    private readonly window: number,
    /** 0 on NATS (decision 128; the server's receipts arrive at QoS 0 there anyway), 1 elsewhere. */
    private readonly receiptQos: 0 | 1 = 1,
  ) {}

  get generated() {
    return this.next;
  }

  private get topic() {
    return `peakwise/${this.householdId}/meter`;
  }

  start() {
    // Several brokers (a NATS cluster's MQTT listeners, comma-separated): mqtt.js tries the next after a failure.
    const urls = this.url.split(',');
    this.client = mqtt.connect(urls[0]!, {
      ...(urls.length > 1 ? { servers: urls.map((u) => ({ host: new URL(u).hostname, port: Number(new URL(u).port) })) } : {}),
      clientId: `faults-gateway-${this.householdIndex}-${process.pid}`,
      clean: false,
      reconnectPeriod: 300,
      // As a real gateway: a broker refusing a login for a while (a NATS node restarting) is retried.
      reconnectOnConnackError: true,
      connectTimeout: 5_000,
      protocolVersion: 4,
      ...(this.login ?? {}),
    });
    this.client.on('error', () => {});
    let connectedBefore = false;
    this.client.on('connect', () => {
      // Every time: a broker restarted from its persistence file may have lost the subscription.
      this.subscribeReceipts();
      // Receipts published while the broker was down are gone with it: ask again for everything.
      if (connectedBefore) for (const message of this.outstanding) this.send(message);
      connectedBefore = true;
    });
    this.client.on('message', (_topic, payload) => this.onReceipt(payload));
    this.resender = setInterval(() => {
      // Offline, mqtt.js would only queue another copy; the reconnect re-sends everything anyway.
      if (!this.client!.connected) return;
      const due = Date.now() - RESEND_AFTER_MS;
      for (const message of this.outstanding) if (message.sentAt < due) this.send(message);
    }, 1_000);
    this.running = true;
    this.loop = this.run();
  }

  /**
   * On NATS at QoS 0: a QoS 1 subscription there is a JetStream consumer in NATS's own MQTT stream,
   * whose making can time out on a busy cluster (decision 128), and a receipt is worth nothing once
   * the connection is gone (the gateway asks again by re-sending). A SUBSCRIBE refused or failed is
   * sent again: a gateway without its receipts subscription would re-send for ever.
   */
  private subscribeReceipts() {
    const client = this.client!;
    client.subscribe(`${this.topic}/receipts`, { qos: this.receiptQos }, (error, granted) => {
      if (!error && granted?.every((g) => g.qos !== 128)) return;
      this.refusedSubscriptions++;
      setTimeout(() => client.connected && this.subscribeReceipts(), 1_000);
    });
  }

  private async run() {
    while (this.running) {
      if (this.finished.size >= this.window) {
        await Promise.race(this.finished);
        continue;
      }
      const first = this.next;
      this.next += this.perMessage;
      const readings = Array.from({ length: this.perMessage }, (_, i) => readingAt(this.householdIndex, first + i));
      const done = new Promise<void>((resolve) => {
        const message: Outstanding = { payload: JSON.stringify({ readings }), unreceipted: new Set(readings.map((r) => r.ts)), sentAt: 0, done: resolve };
        this.outstanding.add(message);
        for (const reading of readings) this.byReading.set(reading.ts, message);
        this.send(message);
      }).then(() => {
        this.acknowledged += readings.length;
        this.finished.delete(done);
      });
      this.finished.add(done);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private send(message: Outstanding) {
    if (message.sentAt > 0) this.republished++;
    message.sentAt = Date.now();
    // A publish mqtt.js gives up is covered by the resend timer; its PUBACK is not the answer.
    this.client!.publish(this.topic, message.payload, { qos: 1 }, () => {});
  }

  private onReceipt(payload: Buffer) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const receipt = mqttReceiptSchema.safeParse(parsed);
    if (!receipt.success) return;
    // A rejected reading would never be stored either way; the check counts it as lost.
    for (const ts of [...receipt.data.stored, ...receipt.data.rejected.map((r) => r.ts)]) {
      const message = this.byReading.get(ts);
      if (!message) continue;
      this.byReading.delete(ts);
      message.unreceipted.delete(ts);
      if (message.unreceipted.size === 0) {
        this.outstanding.delete(message);
        message.done();
      }
    }
  }

  /** Stops making readings and waits for every outstanding message's receipt. */
  async drain(timeoutMs: number) {
    this.running = false;
    let timer: NodeJS.Timeout | undefined;
    try {
      // The loop itself waits for a receipt when its window is full: a broker that never sends one
      // again must end the run with this error, not hang it.
      await Promise.race([
        this.loop!.then(() => Promise.all(this.finished)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`gateway ${this.householdIndex}: ${this.finished.size} messages never receipted`)), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      clearInterval(this.resender);
    }
    await this.client!.endAsync();
  }
}
