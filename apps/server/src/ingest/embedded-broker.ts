import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type Client } from 'aedes';
import type { MqttRefusalReason } from '@peakwise/contracts/device-connection.contract';
import { MAX_BATCH_BYTES } from '@peakwise/contracts/ingest.contract';
import type { Logger } from '../lib/logger';
import type { IngestPrincipal } from '../modules/devices/ingest-credential.service';
import type { StoredOutcome } from './mqtt-message-store';
import { receiptFor } from './mqtt-receipt';
import { indexOutgoingQueues } from './outgoing-queue';
import { canPublish, canSubscribe, publishRefusal } from '../telemetry/topics';

export type EmbeddedBroker = {
  /** The TCP port actually bound (useful when started on port 0). */
  port: number;
  url: string;
  /** The TLS port actually bound; undefined when started without a certificate. */
  tlsPort: number | undefined;
  /**
   * The server's own login: random per start and held only in memory. It may subscribe to every
   * household's device → server topics and publish commands.
   */
  serviceCredentials: { username: string; password: string };
  stop(): Promise<void>;
};

export type BrokerAuthenticator = (username: string | undefined, password: Buffer | undefined, clientId: string) => Promise<IngestPrincipal | null>;

/** Told of each publish or subscription the access rule refused a logged-in device (decision 094). */
/** The topic refused, or null for a refused connection (a login already connected elsewhere). */
export type BrokerRefusalListener = (principal: IngestPrincipal, reason: MqttRefusalReason, topic: string | null) => void;

type Session = { kind: 'service' } | { kind: 'device'; principal: IngestPrincipal };

/** Where a refused publish goes: acknowledged, then forwarded nowhere (see authorizePublish). */
const DROPPED_TOPIC = '$peakwise/dropped';

/**
 * An in-process MQTT broker so `npm start` needs no Mosquitto. It is replaced by MQTT_URL in
 * production; nothing but main.ts should know which one is running. Logins are ingest tokens
 * (see mqtt-auth.ts) and the topic ACL is canPublish / canSubscribe.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host: string;
  /**
   * A second listener with TLS (MQTT_TLS_CERT, MQTT_TLS_KEY) feeding the same broker: same logins,
   * ACL and store. The plain port stays for the server's own session and local development.
   */
  tls?: { port: number; cert: Buffer | string; key: Buffer | string };
  logger: Logger;
  authenticate: BrokerAuthenticator;
  onRefused?: BrokerRefusalListener;
  /**
   * Stores a device's message before its PUBACK (decision 062); null for topics it does not
   * store. A rejection withholds the PUBACK and drops the connection, so the device sends again.
   */
  storeBeforeAck?: (topic: string, payload: Buffer) => Promise<StoredOutcome> | null;
}): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();
  // Before any client connects: the ingest worker's persistent session would otherwise cost O(backlog) per message.
  indexOutgoingQueues((aedes as unknown as { persistence: Parameters<typeof indexOutgoingQueues>[0] }).persistence);
  const sessions = new WeakMap<Client, Session>();
  // The connection each credential holds now (decision 095): one place at a time per login.
  const holders = new Map<string, Client>();
  const service = { username: `peakwise-service-${randomBytes(4).toString('hex')}`, password: randomBytes(32).toString('base64url') };

  aedes.authenticate = (client, username, password, callback) => {
    if (username === service.username && password && safeEqual(password.toString('utf8'), service.password)) {
      sessions.set(client, { kind: 'service' });
      return callback(null, true);
    }
    options.authenticate(username, password, client.id).then(
      (principal) => {
        if (!principal) {
          options.logger.info({ clientId: client.id, username }, 'MQTT login refused');
          return callback(Object.assign(new Error('Bad username or password'), { returnCode: 4 }), false);
        }
        // The same client id again is the device reconnecting (its old socket may not be known
        // dead yet): MQTT lets it take over, and aedes closes the old one. Another client id with
        // the same login while that one is connected is a second place, refused: "not authorized".
        const holder = holders.get(principal.credentialId);
        if (holder && holder !== client && !holder.closed && holder.id !== client.id) {
          options.logger.warn({ clientId: client.id, heldBy: holder.id, credentialId: principal.credentialId, householdId: principal.householdId }, 'MQTT login already connected elsewhere refused');
          options.onRefused?.(principal, 'in_use_elsewhere', null);
          return callback(Object.assign(new Error('Login already connected from another client'), { returnCode: 5 }), false);
        }
        holders.set(principal.credentialId, client);
        sessions.set(client, { kind: 'device', principal });
        callback(null, true);
      },
      (error: unknown) => {
        options.logger.warn({ err: error, clientId: client.id }, 'MQTT login check failed');
        callback(Object.assign(new Error('Server unavailable'), { returnCode: 3 }), false);
      },
    );
  };

  aedes.authorizePublish = (client, packet, callback) => {
    const session = client ? sessions.get(client) : undefined;
    if (session?.kind === 'service' && !packet.topic.startsWith('$')) return callback(null);
    const principal = session?.kind === 'device' ? session.principal : null;
    if (principal && canPublish(principal.householdId, packet.topic, principal.device?.externalId)) {
      const stored = options.storeBeforeAck?.(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
      if (!stored) return callback(null);
      const topic = packet.topic;
      stored.then(
        (outcome) => {
          // The same receipt as over an external broker (decision 065), so one gateway speaks to
          // both; here the PUBACK that follows means stored as well.
          const receipt = receiptFor(topic, outcome);
          if (receipt) aedes.publish({ cmd: 'publish', topic: receipt.topic, payload: Buffer.from(receipt.payload), qos: 1, retain: false, dup: false }, () => {});
          callback(null);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      return;
    }
    // Dropped, not disconnected: like Mosquitto, the sender gets its PUBACK and nobody gets the
    // message. Refusing with an error would make aedes close the connection, and a misconfigured
    // plug would reconnect in a loop.
    options.logger.info({ clientId: client?.id, topic: packet.topic }, 'MQTT publish outside the client’s topics dropped');
    if (principal) options.onRefused?.(principal, publishRefusal(principal.householdId, packet.topic), packet.topic);
    packet.topic = DROPPED_TOPIC;
    packet.retain = false;
    callback(null);
  };

  aedes.authorizeSubscribe = (client, subscription, callback) => {
    const session = sessions.get(client);
    const allowed =
      session?.kind === 'service' ||
      (session?.kind === 'device' && canSubscribe(session.principal.householdId, subscription.topic, session.principal.device?.externalId));
    if (!allowed && session?.kind === 'device') options.onRefused?.(session.principal, 'subscription_refused', subscription.topic);
    // null = refused: the SUBACK carries 128 (failure) for this filter; the connection stays up.
    callback(null, allowed ? subscription : null);
  };

  const accept = (conn: Socket) => refuseOversizedPackets(aedes.handle(conn), MAX_BATCH_BYTES);
  aedes.on('clientError', (client, error) => options.logger.debug({ clientId: client.id, err: error }, 'MQTT client error'));
  aedes.on('clientDisconnect', (client) => {
    const session = sessions.get(client);
    if (session?.kind === 'device' && holders.get(session.principal.credentialId) === client) holders.delete(session.principal.credentialId);
  });

  const servers: Server[] = [];
  // Every socket either server accepted, so stop() can end the ones aedes never saw: a TLS
  // handshake still under way would otherwise hold server.close() for its whole timeout.
  const sockets = new Set<Socket>();
  const track = (server: Server) => {
    servers.push(server);
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    return server;
  };
  const closeAll = async () => {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  };

  try {
    const server = track(createServer(accept));
    await listen(server, options.port, options.host);
    let tlsPort: number | undefined;
    if (options.tls) {
      // Throws here, before listening, on an unreadable PEM or a key that is not the certificate's.
      const tlsServer = createTlsServer({ cert: options.tls.cert, key: options.tls.key }, accept);
      // A client that is not speaking TLS (a plug set to plain MQTT on this port) fails its
      // handshake; Node drops the socket and the broker never sees it.
      tlsServer.on('tlsClientError', (error) => options.logger.debug({ err: error }, 'MQTT TLS handshake failed'));
      track(tlsServer);
      await listen(tlsServer, options.tls.port, options.host);
      tlsPort = (tlsServer.address() as AddressInfo).port;
    }
    const port = (server.address() as AddressInfo).port;
    // Clients on this machine reach the broker on loopback whatever interface it is bound to.
    const url = `mqtt://127.0.0.1:${port}`;
    options.logger.info({ port, tlsPort }, 'Embedded MQTT broker listening');
    return { port, url, tlsPort, serviceCredentials: service, stop: closeAll };
  } catch (error) {
    // The plain port may already be bound when the TLS one fails: release it before failing start-up.
    await closeAll();
    throw error;
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

type PacketParser = { packet: { length: number }; _parseLength(): boolean; _emitError(error: Error): void };

/**
 * aedes reads a whole packet into memory whatever length its header announces (up to MQTT's
 * 256 MB), so a client could make the server hold 20 MB per message. The length is known from
 * the fixed header, before the body arrives: past the limit the parser fails, aedes drops the
 * connection, and nothing is buffered. Mosquitto does the same with `max_packet_size`.
 */
export function refuseOversizedPackets(client: Client, maxBytes: number): Client {
  const parser = (client as unknown as { _parser: PacketParser })._parser;
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    const done = parseLength();
    if (done && parser.packet.length > maxBytes) {
      parser._emitError(new Error(`MQTT packet of ${parser.packet.length} bytes is over the ${maxBytes}-byte limit`));
      return false;
    }
    return done;
  };
  return client;
}
