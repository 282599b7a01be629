import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

type Fetcher = { fetch: (request: Request) => Response | Promise<Response> };

export type PortBeforeApp = {
  /** `http://127.0.0.1:<port>`, to put in the app's configuration. */
  base: string;
  /** From now on the port's requests go to this app. */
  serveApp: (app: Fetcher) => void;
  close: () => Promise<void>;
};

/**
 * A real port listening before the app that will answer on it exists: the app's configuration
 * needs its own address (the VTN calls back there), so the port answers 503 until `serveApp`. As
 * the test VTN's, no keep-alive socket closes under the VTN between two notifications.
 */
export async function portBeforeApp(): Promise<PortBeforeApp> {
  let handle: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request) => handle(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  (server as Server).keepAliveTimeout = 120_000;
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serveApp: (app) => {
      handle = (request) => app.fetch(request);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
