import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TcpFaultProxy = {
  port: number;
  /** Holds every byte in both directions for `ms`, like a switch that drops packets until TCP gives up or the link returns. */
  stall(ms: number): Promise<void>;
  /** Resets every open connection at once, like a failover or a NAT table flush. */
  drop(): void;
  close(): Promise<void>;
};

/** A TCP proxy between the server and PostgreSQL whose faults the suite chooses. */
export async function startTcpFaultProxy(target: { host: string; port: number }): Promise<TcpFaultProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let stalled: Promise<void> | null = null;
  const flow = ([a, b]: [Socket, Socket]) => {
    a.pipe(b);
    b.pipe(a);
  };
  const hold = ([a, b]: [Socket, Socket]) => {
    a.unpipe(b);
    b.unpipe(a);
    a.pause();
    b.pause();
  };
  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // A connection opened during a stall waits for the link too.
    if (stalled) {
      hold(pair);
      void stalled.then(() => pairs.has(pair) && flow(pair));
    } else flow(pair);
  });
  const drop = () => {
    for (const [a, b] of [...pairs]) {
      a.resetAndDestroy();
      b.resetAndDestroy();
    }
    pairs.clear();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('proxy has no port');
  return {
    port: address.port,
    async stall(ms) {
      const held = [...pairs];
      held.forEach(hold);
      stalled = new Promise((r) => setTimeout(r, ms));
      await stalled;
      stalled = null;
      for (const pair of held) if (pairs.has(pair)) flow(pair);
    },
    drop,
    async close() {
      drop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
