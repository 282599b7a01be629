import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import type { MqttTlsConfig } from '../lib/config';
import { ConfigError } from '../lib/config-error';

export type BrokerTls = { port: number; cert: Buffer; key: Buffer };

/**
 * Reads the embedded broker's certificate and key (MQTT_TLS_CERT, MQTT_TLS_KEY) and checks they
 * load together, so a wrong path, a file that is not PEM or a key from another certificate stops
 * start-up with the variable's name instead of an OpenSSL code or a broker no plug can reach.
 */
export async function readBrokerTls(config: MqttTlsConfig): Promise<BrokerTls> {
  const cert = await readPem('MQTT_TLS_CERT', config.certPath);
  const key = await readPem('MQTT_TLS_KEY', config.keyPath);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError('MQTT_TLS_CERT', `and MQTT_TLS_KEY must be a PEM certificate and its own private key (${reason})`);
  }
  return { port: config.port, cert, key };
}

async function readPem(variable: string, path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new ConfigError(variable, `names a file that cannot be read: ${path}${typeof code === 'string' ? ` (${code})` : ''}`);
  }
}
