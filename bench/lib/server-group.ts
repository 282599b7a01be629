import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { freePort, serverProcess, type ServerProcess, type ServerProcessOptions } from './server-process';

export type ServerGroup = {
  /** The proxy's address: where requests go, and the site's origin (every process's PUBLIC_URL). */
  url: string;
  servers: ServerProcess[];
  proxy: RoundRobinProxy;
  /** SIGTERM to every process (the graceful path), then the proxy closed. */
  stop(): Promise<void>;
  /** SIGKILL to every process still running, then the proxy closed: for a bench's finally. */
  kill9(): Promise<void>;
};

export type ServerGroupOptions = {
  count: number;
  /** Every process's variables (DATABASE_URL, …); PUBLIC_URL is the proxy's and is set here. */
  env: Record<string, string>;
  /** What differs between processes: more variables (a stable MQTT client id) and options (a log file, a CPU profile). */
  each?: (index: number) => { env?: Record<string, string>; options?: ServerProcessOptions };
};

/**
 * `count` real server processes behind the bench's round-robin TCP proxy, as one site: the
 * proxy's address is every process's public URL, so a session cookie and an origin check hold
 * whichever process answers. The processes start together (the database is migrated already, so
 * none waits for another); if one fails to start, the others are killed before the error is thrown.
 */
export async function startServerGroup(options: ServerGroupOptions): Promise<ServerGroup> {
  if (!Number.isInteger(options.count) || options.count < 1) throw new Error(`a server group needs at least one process, not ${options.count}`);
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const ports: number[] = [];
  for (let i = 0; i < options.count; i++) ports.push(await freePort());
  const servers = ports.map((port, i) => {
    const own = options.each?.(i) ?? {};
    return serverProcess({ ...options.env, PUBLIC_URL: url, ...own.env }, port, own.options);
  });
  const killAll = async () => {
    for (const server of servers) await server.kill9().catch(() => {});
  };
  try {
    await Promise.all(servers.map((server) => server.start()));
  } catch (error) {
    await killAll();
    throw error;
  }
  let proxy: RoundRobinProxy;
  try {
    proxy = await startRoundRobinProxy(
      ports.map((port) => ({ host: '127.0.0.1', port })),
      proxyPort,
    );
  } catch (error) {
    await killAll();
    throw error;
  }
  return {
    url,
    servers,
    proxy,
    async stop() {
      for (const server of servers) await server.stop();
      await proxy.close();
    },
    async kill9() {
      await killAll();
      await proxy.close();
    },
  };
}
