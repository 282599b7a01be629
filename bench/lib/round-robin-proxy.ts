import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type RoundRobinProxy = {
  port: number;
  url: string;
  /** Which upstream (index) carries the connection whose client end has this local port; undefined once it closed. */
  upstreamOf(clientPort: number): number | undefined;
  /** Connections handed to each upstream so far. */
  readonly opened: number[];
  close(): Promise<void>;
};

/** After an upstream refuses a connection, new ones skip it this long before it is tried again. */
const SKIP_MS = 1_000;

/**
 * A TCP load balancer in front of several server processes, as small as a bench needs: each
 * client connection goes to the next upstream in turn, bytes flow both ways untouched (so
 * Server-Sent Events stream through as they are written), and an upstream that refuses a
 * connection is skipped for a moment while the connection is offered to the next one. When an
 * upstream dies, the connections it carried are closed on the client side too, as a real
 * balancer does: the client sees the drop and reconnects.
 */
export async function startRoundRobinProxy(upstreams: { host: string; port: number }[], port = 0): Promise<RoundRobinProxy> {
  const opened = upstreams.map(() => 0);
  const skipUntil = upstreams.map(() => 0);
  const byClientPort = new Map<number, number>();
  const live = new Set<Socket>();
  let turn = 0;

  const connect = (client: Socket, tried: number) => {
    if (tried >= upstreams.length) {
      client.destroy();
      return;
    }
    let index = turn++ % upstreams.length;
    // Prefer an upstream not known to be down; if all are, try the next one anyway.
    for (let k = 0; k < upstreams.length && skipUntil[index]! > Date.now(); k++) index = turn++ % upstreams.length;
    const upstream = createConnection(upstreams[index]!);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      opened[index]!++;
      if (client.remotePort !== undefined) byClientPort.set(client.remotePort, index);
      live.add(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (!connected) {
        skipUntil[index] = Date.now() + SKIP_MS;
        upstream.destroy();
        if (!client.destroyed) connect(client, tried + 1);
        return;
      }
      client.destroy();
    });
    upstream.on('close', () => {
      live.delete(upstream);
      if (connected) client.destroy();
    });
    client.on('close', () => {
      if (client.remotePort !== undefined && byClientPort.get(client.remotePort) === index) byClientPort.delete(client.remotePort);
      upstream.destroy();
    });
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    live.add(client);
    client.on('error', () => client.destroy());
    client.on('close', () => live.delete(client));
    connect(client, 0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the proxy has no port');
  return {
    port: address.port,
    url: `http://127.0.0.1:${address.port}`,
    upstreamOf: (clientPort) => byClientPort.get(clientPort),
    opened,
    async close() {
      for (const socket of live) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
