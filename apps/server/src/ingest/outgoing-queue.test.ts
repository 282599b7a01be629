import { describe, expect, it } from 'vitest';
import { OutgoingQueue } from './outgoing-queue';

const publish = (counter: number) => ({ cmd: 'publish', brokerId: 'b1', brokerCounter: counter, topic: 't', qos: 1, messageId: 99 });

describe('OutgoingQueue', () => {
  it('keeps messages in order, gives each its packet id at delivery and drops it on PUBACK', () => {
    const queue = new OutgoingQueue();
    for (const counter of [1, 2, 3]) queue.enqueue(publish(counter));
    // Enqueued copies carry no packet id yet, whatever the original had.
    expect(queue.snapshot().map((p) => [p.brokerCounter, p.messageId])).toEqual([
      [1, undefined],
      [2, undefined],
      [3, undefined],
    ]);
    queue.update({ ...publish(2), messageId: 11 });
    queue.update({ ...publish(1), messageId: 10 });
    expect(queue.clear({ messageId: 10 })).toMatchObject({ brokerCounter: 1, messageId: 10 });
    expect(queue.clear({ messageId: 10 })).toBeUndefined();
    expect(queue.snapshot().map((p) => [p.brokerCounter, p.messageId])).toEqual([
      [2, 11],
      [3, undefined],
    ]);
  });

  it('re-delivery after a reconnect gives a packet a new id; the old id no longer clears it', () => {
    const queue = new OutgoingQueue();
    queue.enqueue(publish(1));
    queue.update({ ...publish(1), messageId: 5 });
    queue.update({ ...publish(1), messageId: 6 });
    expect(queue.clear({ messageId: 5 })).toBeUndefined();
    expect(queue.clear({ messageId: 6 })).toMatchObject({ brokerCounter: 1 });
    expect(queue.snapshot()).toEqual([]);
  });

  it('replaces a QoS 2 message by its PUBREL (same packet id, no broker counter) and clears it on PUBCOMP', () => {
    const queue = new OutgoingQueue();
    queue.enqueue(publish(1));
    queue.update({ ...publish(1), messageId: 7 });
    queue.update({ cmd: 'pubrel', messageId: 7 });
    expect(queue.snapshot()).toEqual([{ cmd: 'pubrel', messageId: 7 }]);
    expect(queue.clear({ cmd: 'pubcomp', messageId: 7 })).toEqual({ cmd: 'pubrel', messageId: 7 });
  });

  it('clears a never-delivered message by itself (a clean session emptying its queue) and refuses unknown updates', () => {
    const queue = new OutgoingQueue();
    queue.enqueue(publish(1));
    const [queued] = queue.snapshot();
    expect(queue.clear(queued!)).toBe(queued);
    expect(() => queue.update({ ...publish(9), messageId: 1 })).toThrow('no such packet');
  });
});
