import { GEN1_ROOT, shellyGen1Id } from './shelly-gen1-em';
import { TOPIC_ROOT, isValidTopicId } from './topics';

/**
 * One ACL of a Mosquitto dynamic security role (https://mosquitto.org/documentation/dynamic-security/):
 * publishClientSend and subscribePattern match topics with `+` and `#`; subscribeLiteral matches
 * the filter exactly as written.
 */
export type BrokerAcl = { acltype: 'publishClientSend' | 'subscribeLiteral' | 'subscribePattern'; topic: string; allow: true };

/**
 * The role an ingest login gets on Mosquitto: what canPublish / canSubscribe let the same login do
 * on the embedded broker — a household login (no externalId) its household's tree, a device login
 * its device's subtree — written as Mosquitto patterns. Patterns cannot say "a Shelly component"
 * or "a Tasmota leaf", so those levels are `+`, and a wildcard filter made only of topics the login
 * may subscribe to one by one is let through (decision 097): the topics reachable are the same.
 */
export function brokerAcls(householdId: string, externalId?: string): BrokerAcl[] {
  if (!isValidTopicId(householdId) || (externalId !== undefined && !isValidTopicId(externalId))) {
    throw new Error('A broker login needs a household id and device id from the topic alphabet');
  }
  const home = `${TOPIC_ROOT}/${householdId}`;
  const device = externalId ?? '+';
  const publish = [
    ...(externalId === undefined ? [`${home}/meter`, `${home}/meter/power`] : []),
    `${home}/devices/${device}/reading`,
    `${home}/devices/${device}/state`,
    `${home}/shelly/${device}/status/+`,
    `${home}/shelly/${device}/events/rpc`,
    `${home}/shelly/${device}/online`,
    `${home}/shelly/${device}/reply/rpc`,
    `${home}/tasmota/${device}/tele/+`,
    `${home}/tasmota/${device}/stat/+`,
  ];
  const subscribe = [
    ...(externalId === undefined ? [`${home}/meter/receipts`] : []),
    `${home}/devices/${device}/command`,
    `${home}/devices/${device}/receipts`,
    `${home}/shelly/${device}/rpc`,
    `${home}/shelly/${device}/command`,
    `${home}/shelly/${device}/command/+`,
    `${home}/tasmota/${device}/cmnd/+`,
  ];
  // Tasmota's one '#': its own command subtree. A household login names the device in the filter.
  const tasmotaCommands: BrokerAcl =
    externalId === undefined
      ? { acltype: 'subscribePattern', topic: `${home}/tasmota/+/cmnd/#`, allow: true }
      : { acltype: 'subscribeLiteral', topic: `${home}/tasmota/${externalId}/cmnd/#`, allow: true };
  // A first-generation Shelly EM cannot be placed in the household's tree: a device login gets
  // its own `shellies/<id>/#` (decision 107), its connect announcement and the broadcast it listens to.
  const gen1: BrokerAcl[] =
    externalId === undefined
      ? []
      : [
          { acltype: 'publishClientSend', topic: `${GEN1_ROOT}/${shellyGen1Id(householdId, externalId)}/#`, allow: true },
          { acltype: 'publishClientSend', topic: `${GEN1_ROOT}/announce`, allow: true },
          { acltype: 'subscribePattern', topic: `${GEN1_ROOT}/${shellyGen1Id(householdId, externalId)}/#`, allow: true },
          { acltype: 'subscribeLiteral', topic: `${GEN1_ROOT}/command`, allow: true },
        ];
  return [
    ...publish.map((topic): BrokerAcl => ({ acltype: 'publishClientSend', topic, allow: true })),
    ...subscribe.map((topic): BrokerAcl => ({ acltype: 'subscribePattern', topic, allow: true })),
    tasmotaCommands,
    ...gen1,
  ];
}
