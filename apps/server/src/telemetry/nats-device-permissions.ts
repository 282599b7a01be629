import { brokerAcls } from './broker-acl';
import { natsSubjectOf } from './nats-subjects';

const MQTT_QOS1_DELIVERY = '$MQTT.sub.>';

export type NatsPermissions = { publish: string[]; subscribe: string[] };

/**
 * What an ingest login may do on NATS Server's MQTT listener, as subjects: the same topics as its
 * Mosquitto role (brokerAcls, decision 097), each turned into the subject NATS carries it on.
 * NATS checks a permission on the subject, so a device limited so cannot publish on a sibling's or
 * another household's topics (measured on 2.9.10: the publish is PUBACKed and dropped, decision 125).
 */
export function natsDevicePermissions(householdId: string, externalId?: string): NatsPermissions {
  const acls = brokerAcls(householdId, externalId);
  const subjects = (types: string[]) => [...new Set(acls.filter((a) => types.includes(a.acltype)).map((a) => natsSubjectOf(a.topic)))];
  // A QoS 1 subscription is a JetStream consumer delivering to `$MQTT.sub.<random>`, which the login
  // itself subscribes to: without it NATS refuses the SUBSCRIBE (2.9.10 logs "Subscription
  // Violation … $MQTT.sub.…"). An MQTT client cannot name that subject: NATS refuses a `$MQTT/…` filter.
  return { publish: subjects(['publishClientSend']), subscribe: [...subjects(['subscribeLiteral', 'subscribePattern']), MQTT_QOS1_DELIVERY] };
}

/**
 * One `authorization { users: [...] }` entry in NATS's configuration syntax (JSON is a subset of
 * it). `password` is best a bcrypt hash: NATS compares a `$2a$…` password with bcrypt.
 */
export function natsUserEntry(user: string, password: string, permissions?: NatsPermissions): string {
  return JSON.stringify({ user, password, ...(permissions ? { permissions } : {}) });
}
