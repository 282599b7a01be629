import { Duplex } from 'node:stream';

/**
 * Two connected in-memory streams: what one writes, the other reads, with backpressure both ways
 * (a write completes only once the other side is reading, so a reader that stops holds the
 * writer back as a full socket would). Node 22 has stream.duplexPair; Node 20 does not.
 */
export function duplexPair(): [Duplex, Duplex] {
  const ends: [End, End] = [new End(), new End()];
  ends[0].peer = ends[1];
  ends[1].peer = ends[0];
  return ends;
}

class End extends Duplex {
  peer!: End;
  private waiting: (() => void) | null = null;

  override _read() {
    const resume = this.waiting;
    this.waiting = null;
    resume?.();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (this.peer.push(chunk)) callback();
    // The peer's buffer is full: finish this write when the peer asks for more.
    else this.peer.waiting = () => callback();
  }

  override _final(callback: (error?: Error | null) => void) {
    this.peer.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (!this.peer.destroyed) this.peer.destroy();
    callback(error);
  }
}
