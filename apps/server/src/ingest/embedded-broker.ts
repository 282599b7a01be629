import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import type { Logger } from '../lib/logger';

export type EmbeddedBroker = {
  /** The TCP port actually bound (useful when started on port 0). */
  port: number;
  url: string;
  stop(): Promise<void>;
};

/**
 * An in-process MQTT broker so `npm start` needs no Mosquitto. It is replaced by MQTT_URL in
 * production; nothing but main.ts should know which one is running.
 */
export async function startEmbeddedBroker(options: { port: number; host: string; logger: Logger }): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();
  const server: Server = createServer(aedes.handle);
  aedes.on('clientError', (client, error) => options.logger.debug({ clientId: client.id, err: error }, 'MQTT client error'));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  // Clients on this machine reach the broker on loopback whatever interface it is bound to.
  const url = `mqtt://127.0.0.1:${port}`;
  options.logger.info({ port }, 'Embedded MQTT broker listening');

  return {
    port,
    url,
    stop: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
