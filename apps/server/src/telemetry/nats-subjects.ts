/*
 * NATS Server's MQTT listener carries an MQTT topic as a NATS subject: each `/` becomes `.`, and
 * the wildcards `+` and `#` are NATS's `*` and `>`. A topic holding `.` or a space has no subject,
 * and the server disconnects the client that publishes one (measured on NATS 2.9.10, decision 117).
 */

/** The NATS subject filter an MQTT topic filter reads on NATS. */
export function natsSubjectOf(mqttFilter: string): string {
  if (/[. ]/.test(mqttFilter)) throw new Error(`An MQTT topic with "." or a space has no NATS subject: ${mqttFilter}`);
  return mqttFilter
    .split('/')
    .map((level) => (level === '+' ? '*' : level === '#' ? '>' : level))
    .join('.');
}

/** The MQTT topic a device published, from the NATS subject its message arrived on. */
export const mqttTopicOf = (subject: string): string => subject.split('.').join('/');

/** Whether a topic can cross NATS's MQTT listener at all. */
export const travelsOverNats = (topic: string): boolean => !/[. ]/.test(topic);
