import { randomBytes } from 'node:crypto';
import type { Logger } from '../lib/logger';
import { connectMqtt } from './mqtt-connection';

/**
 * Mosquitto's log on its `$SYS/broker/log/N` topic (`log_dest topic`, docs/ingestion.md): the one
 * thing it says there that names a login is a successful connection. It names no refused one (2.0
 * logs "Client <unknown> disconnected, not authorised.") and logs denied publishes at debug level,
 * which never reaches the topic (decision 105).
 */
const NOTICE_TOPIC = '$SYS/broker/log/N';
// "1795938252: New client connected from 127.0.0.1:58230 as kettle-abc (p2, c1, k60, u'kettle')."
const CONNECTED = /^(\d+): New client connected from \S+ as (\S+) \(p\d+, c\d+, k\d+, u'([^']*)'\)\.$/;

export type MosquittoLogin = { clientId: string; username: string; at: Date };

/** The login a notice line reports, or null for any other line (or one without a username). */
export function parseMosquittoLogin(line: string): MosquittoLogin | null {
  const match = CONNECTED.exec(line.trim());
  if (!match) return null;
  return { at: new Date(Number(match[1]) * 1000), clientId: match[2]!, username: match[3]! };
}

/**
 * Hears Mosquitto's connection notices with the dynamic security admin's login (its role may read
 * `$SYS/#`) and hands each login to `onLogin`, which never holds up the next.
 */
export function watchMosquittoLogins(options: { url: string; username: string; password: string; logger: Logger; onLogin: (login: MosquittoLogin) => Promise<void> }) {
  const url = new URL(options.url);
  url.username = '';
  url.password = '';
  const connection = connectMqtt({ url: url.toString(), logger: options.logger, username: options.username, password: options.password, clientId: `peakwise-log-${randomBytes(4).toString('hex')}` });
  const subscribed = new Promise<void>((resolve) => {
    connection.client.on('connect', () => {
      connection.client
        .subscribeAsync(NOTICE_TOPIC, { qos: 0 })
        .then(() => resolve())
        .catch((error: unknown) => options.logger.warn({ err: error }, 'Could not subscribe to Mosquitto’s log'));
    });
  });
  connection.client.on('message', (topic, payload) => {
    if (topic !== NOTICE_TOPIC) return;
    const login = parseMosquittoLogin(payload.toString('utf8'));
    if (login) options.onLogin(login).catch((error: unknown) => options.logger.warn({ err: error }, 'Recording a Mosquitto login failed'));
  });
  return { subscribed, close: () => connection.close() };
}
