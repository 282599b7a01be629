import { OpenAdrFault, type OpenAdrClient } from './openadr-client';

/*
 * The 3.1.1 MQTT notifier (decision 114). The Definition (3.1.1, "Notifications via Additional
 * Protocols") has the VEN ask `GET /notifiers` for the bindings the VTN offers, then the topic
 * names for the objects it follows (`GET /notifiers/mqtt/topics/...`), then connect to the broker
 * and subscribe. The VEN follows programs (`/notifiers/mqtt/topics/programs`) and each program's
 * events (`/notifiers/mqtt/topics/programs/{programID}/events`): both are `read_all` in the
 * document, where the topics of all events are `read_bl`, the business logic's.
 */

export type MqttAuthentication =
  | { method: 'ANONYMOUS' }
  /** The Definition's Table 12: the access token as the password, `username` as the user name ("{clientID}" standing for ours). */
  | { method: 'OAUTH2_BEARER_TOKEN'; username: string }
  | { method: 'CERTIFICATE'; caCert: string; clientCert: string; clientKey: string };

export type MqttNotifier = { uris: string[]; authentication: MqttAuthentication; topics: string[] };

/**
 * off: the VTN offers no MQTT (or speaks 3.0.1): webhooks and polling as before.
 * mqtt: listen there. unknown: the VTN could not be asked this time; what the listener does stays as it is.
 */
export type NotifierCheck = { kind: 'off' } | { kind: 'mqtt'; notifier: MqttNotifier } | { kind: 'unknown'; error: string };

type Topics = { topics: { CREATE?: string; UPDATE: string; DELETE: string; ALL?: string } };
type Notifiers = { WEBHOOK: boolean; MQTT?: { URIS: string[]; serialization: 'JSON'; authentication: MqttAuthentication } };

/** ALL when the VTN has it (one subscription for every operation), else each operation's own topic. */
const topicsOf = ({ topics }: Topics) => (topics.ALL ? [topics.ALL] : [topics.CREATE, topics.UPDATE, topics.DELETE].filter((t): t is string => typeof t === 'string' && t !== ''));

export async function checkNotifier(client: OpenAdrClient, vtnProgramIds: string[]): Promise<NotifierCheck> {
  if (client.version !== '3.1.1') return { kind: 'off' };
  try {
    const notifiers = await client.call<Notifiers>('get', '/notifiers');
    if (!notifiers.MQTT) return { kind: 'off' };
    const topics = new Set(topicsOf(await client.call<Topics>('get', '/notifiers/mqtt/topics/programs')));
    for (const programID of vtnProgramIds) {
      for (const topic of topicsOf(await client.call<Topics>('get', '/notifiers/mqtt/topics/programs/{programID}/events', { path: { programID } }))) topics.add(topic);
    }
    return { kind: 'mqtt', notifier: { uris: notifiers.MQTT.URIS, authentication: notifiers.MQTT.authentication, topics: [...topics].sort() } };
  } catch (error) {
    if (!(error instanceof OpenAdrFault)) throw error;
    // A VTN without the (optional) notifier endpoints answers 404 or 501: it offers none.
    if (/answered (404|501)$/.test(error.message)) return { kind: 'off' };
    return { kind: 'unknown', error: error.message };
  }
}
