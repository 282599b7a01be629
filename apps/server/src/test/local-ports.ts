import { createConnection, createServer } from 'node:net';

/*
 * Ports are drawn below Linux's ephemeral range (32768–60999 by default), not from port 0. A port
 * the kernel hands out for `listen(0)` comes from that range, and so does the source port of every
 * outgoing connection: under the PostgreSQL suite's load, one of the hundreds of connections it
 * opens took a NATS node's route port between this function closing it and the node binding it
 * ("address already in use"), and a killed node restarting on its old ports can lose them the same
 * way. Below the range, only another listener can take the port.
 */
const LOWEST = 20_000;
const SPAN = 12_000;
const handedOut = new Set<number>();

const bindable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** Test support: a TCP port on 127.0.0.1 that nothing listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = LOWEST + Math.floor(Math.random() * SPAN);
    // Never twice to one process: a cluster asks for several ports before it binds any.
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${LOWEST + SPAN}`);
}

/** Whether something accepts TCP connections on 127.0.0.1:port now. */
export const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
