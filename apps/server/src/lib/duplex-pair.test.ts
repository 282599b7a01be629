import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { duplexPair } from './duplex-pair';

describe('duplexPair', () => {
  it('carries bytes both ways, in order, and ends the other side', async () => {
    const [a, b] = duplexPair();
    const received: string[] = [];
    b.on('data', (chunk: Buffer) => received.push(chunk.toString()));
    a.write('one ');
    a.write('two');
    a.end();
    await once(b, 'end');
    expect(received.join('')).toBe('one two');

    const back = once(a, 'data');
    b.write('reply');
    expect(String((await back)[0])).toBe('reply');
  });

  it('holds the writer back while the reader does not read, and lets it go when it does', async () => {
    const [a, b] = duplexPair();
    const chunk = Buffer.alloc(4 * 1024);
    // A writer that ignores write()'s answer: what the reader has not read stays on the writer's
    // side (as with a full socket) instead of piling up in the reader's buffer.
    for (let i = 0; i < 100; i += 1) a.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
    expect(b.readableLength).toBeLessThanOrEqual(b.readableHighWaterMark + chunk.length);
    expect(a.writableLength).toBeGreaterThan(50 * chunk.length);
    let read = 0;
    b.on('data', (c: Buffer) => (read += c.length));
    await once(a, 'drain');
    await new Promise((resolve) => setImmediate(resolve));
    expect(read).toBe(100 * chunk.length);
  });

  it('destroying one side closes the other', async () => {
    const [a, b] = duplexPair();
    const closed = once(b, 'close');
    a.destroy();
    await closed;
    expect(b.destroyed).toBe(true);
  });
});
