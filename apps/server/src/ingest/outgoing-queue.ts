import { Readable } from 'node:stream';

/** The fields of an aedes packet that the outgoing queue reads. */
type QueuedPacket = { brokerId?: string; brokerCounter?: number; messageId?: number; [key: string]: unknown };

const brokerKey = (p: QueuedPacket) => `${p.brokerId}\u0000${p.brokerCounter}`;

/**
 * One client's unacknowledged QoS 1/2 messages, in order, indexed by broker counter and by
 * packet id. aedes-persistence's in-memory store keeps them in an array that it scans on every
 * delivery and every PUBACK, so a persistent-session subscriber with a backlog of n messages
 * pays O(n) per message: a fifth of the embedded broker's time under ingest load.
 */
export class OutgoingQueue {
  #next = 0;
  readonly #packets = new Map<number, QueuedPacket>();
  readonly #byBroker = new Map<string, number>();
  readonly #byMessageId = new Map<number, number>();

  /** A copy of the packet without a packet id (as aedes-persistence's `new Packet(packet)`). */
  enqueue(packet: QueuedPacket) {
    const seq = this.#next++;
    const copy = { ...packet, messageId: undefined };
    this.#packets.set(seq, copy);
    this.#byBroker.set(brokerKey(copy), seq);
  }

  /**
   * The packet id given at delivery; or, for a packet of another origin with the same packet id
   * (a PUBREL replacing its QoS 2 PUBLISH), the replacement. Throws like aedes-persistence
   * when there is no such packet.
   */
  update(packet: QueuedPacket) {
    const seq = packet.brokerId !== undefined ? this.#byBroker.get(brokerKey(packet)) : undefined;
    if (seq !== undefined) {
      const stored = this.#packets.get(seq)!;
      if (stored.messageId !== undefined) this.#byMessageId.delete(stored.messageId);
      stored.messageId = packet.messageId;
      if (packet.messageId !== undefined) this.#byMessageId.set(packet.messageId, seq);
      return;
    }
    const same = packet.messageId !== undefined ? this.#byMessageId.get(packet.messageId) : undefined;
    if (same !== undefined && this.#packets.get(same)!.brokerId !== packet.brokerId) {
      this.#byBroker.delete(brokerKey(this.#packets.get(same)!));
      this.#packets.set(same, packet);
      if (packet.brokerId !== undefined) this.#byBroker.set(brokerKey(packet), same);
      return;
    }
    throw new Error('no such packet');
  }

  /** Removes and returns the packet with this packet id (or, for one never delivered, this very packet). */
  clear(packet: QueuedPacket): QueuedPacket | undefined {
    const seq = packet.messageId !== undefined ? this.#byMessageId.get(packet.messageId) : this.#byBroker.get(brokerKey(packet));
    if (seq === undefined) return undefined;
    const stored = this.#packets.get(seq)!;
    this.#packets.delete(seq);
    this.#byBroker.delete(brokerKey(stored));
    if (stored.messageId !== undefined) this.#byMessageId.delete(stored.messageId);
    return stored;
  }

  snapshot(): QueuedPacket[] {
    return [...this.#packets.values()];
  }
}

type OutgoingPersistence = {
  outgoingEnqueue(sub: { clientId: string }, packet: QueuedPacket): Promise<void>;
  outgoingEnqueueCombi(subs: { clientId: string }[], packet: QueuedPacket): Promise<void>;
  outgoingUpdate(client: { id: string }, packet: QueuedPacket): Promise<void>;
  outgoingClearMessageId(client: { id: string }, packet: QueuedPacket): Promise<QueuedPacket | undefined>;
  outgoingStream(client: { id: string }): Readable;
};

/**
 * Replaces the outgoing-queue part of an aedes persistence (the documented aedes-persistence
 * interface, promise style as aedes 1.x calls it) with indexed per-client queues. Subscriptions,
 * retained messages, wills and incoming QoS 2 state stay with the original persistence.
 */
export function indexOutgoingQueues(persistence: OutgoingPersistence) {
  const queues = new Map<string, OutgoingQueue>();
  const queueOf = (clientId: string) => {
    let queue = queues.get(clientId);
    if (!queue) queues.set(clientId, (queue = new OutgoingQueue()));
    return queue;
  };
  persistence.outgoingEnqueue = async (sub, packet) => queueOf(sub.clientId).enqueue(packet);
  persistence.outgoingEnqueueCombi = async (subs, packet) => {
    for (const sub of subs) queueOf(sub.clientId).enqueue(packet);
  };
  persistence.outgoingUpdate = async (client, packet) => queueOf(client.id).update(packet);
  persistence.outgoingClearMessageId = async (client, packet) => queues.get(client.id)?.clear(packet);
  persistence.outgoingStream = (client) => Readable.from(queues.get(client.id)?.snapshot() ?? []);
}
