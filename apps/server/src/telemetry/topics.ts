/**
 * The MQTT topic scheme and its access rule. A client logs in as a household (username =
 * household id) or as one device (username = device external id, scoped to its household); the
 * broker's authorizePublish / authorizeSubscribe hooks call canPublish / canSubscribe.
 *
 *   peakwise/{householdId}/meter                                 device → server  meter JSON
 *   peakwise/{householdId}/meter/power                           device → server  { ts, powerW } instantaneous
 *   peakwise/{householdId}/meter/receipts                        server → device  readings now stored (decision 065)
 *   peakwise/{householdId}/devices/{externalId}/reading          device → server  device JSON
 *   peakwise/{householdId}/devices/{externalId}/state            device → server  relay state
 *   peakwise/{householdId}/devices/{externalId}/command          server → device  { on, requestId }
 *   peakwise/{householdId}/devices/{externalId}/receipts         server → device  readings now stored (decision 065)
 *   peakwise/{householdId}/shelly/{externalId}/…                 a Shelly Gen2+ with this MQTT prefix:
 *     …/status/switch:0, …/events/rpc, …/online                  device → server
 *     …/reply/rpc                                                device → server  RPC responses (src = …/reply)
 *     …/rpc, …/command, …/command/switch:0                       server → device
 *   peakwise/{householdId}/tasmota/{externalId}/…                a Tasmota device whose FullTopic is
 *                                                                tasmotaFullTopic and Topic its external id:
 *     …/tele/SENSOR, …/tele/STATE, …/stat/POWER, …/stat/RESULT   device → server (also any other tele/stat leaf)
 *     …/cmnd/POWER (subscribed as …/cmnd/#)                      server → device
 *   shellies/{externalId}-{8}/…                                  a first-generation Shelly EM, which has no prefix
 *                                                                setting: a device login's own id only (shelly-gen1-em.ts)
 */

import { canPublishGen1, canSubscribeGen1, inGen1Tree, shellyGen1Id } from './shelly-gen1-em';

export const TOPIC_ROOT = 'peakwise';

/** Household ids and device external ids share one safe alphabet: no '/', '+', '#' or '$'. */
const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const COMPONENT = /^[a-z0-9_]{1,32}(:[0-9]{1,3})?$/;
/** A Tasmota topic's last level: SENSOR, STATE, POWER, RESULT, LWT, STATUS8, … */
const TASMOTA_LEAF = /^[A-Za-z0-9_]{1,32}$/;

export type TopicRoute =
  | { kind: 'meter' | 'meter-power' | 'meter-receipts'; householdId: string }
  | { kind: 'device-reading' | 'device-state' | 'device-command' | 'device-receipts'; householdId: string; externalId: string }
  | { kind: 'shelly-status'; householdId: string; externalId: string; component: string }
  | { kind: 'shelly-events' | 'shelly-online' | 'shelly-reply' | 'shelly-rpc'; householdId: string; externalId: string }
  | { kind: 'shelly-command'; householdId: string; externalId: string; component: string | null }
  | { kind: 'tasmota-tele' | 'tasmota-stat' | 'tasmota-command'; householdId: string; externalId: string; leaf: string };

/** Routes a device may publish to (within its own household). */
const DEVICE_TO_SERVER = new Set<TopicRoute['kind']>([
  'meter',
  'meter-power',
  'device-reading',
  'device-state',
  'shelly-status',
  'shelly-events',
  'shelly-online',
  'shelly-reply',
  'tasmota-tele',
  'tasmota-stat',
]);
/** Routes a device may subscribe to: commands addressed to it, and receipts for its own readings. */
const SERVER_TO_DEVICE = new Set<TopicRoute['kind']>(['device-command', 'shelly-rpc', 'shelly-command', 'tasmota-command', 'meter-receipts', 'device-receipts']);

export const isValidTopicId = (id: string): boolean => ID.test(id);

export function meterTopic(householdId: string): string {
  return `${TOPIC_ROOT}/${householdId}/meter`;
}
/** Instantaneous household power samples, for the dashboard's live Current Usage. */
export function meterPowerTopic(householdId: string): string {
  return `${TOPIC_ROOT}/${householdId}/meter/power`;
}
/** Where the server confirms which of the household meter's readings are stored (decision 065). */
export function meterReceiptTopic(householdId: string): string {
  return `${TOPIC_ROOT}/${householdId}/meter/receipts`;
}
export function deviceTopic(householdId: string, externalId: string, leaf: 'reading' | 'state' | 'command' | 'receipts'): string {
  return `${TOPIC_ROOT}/${householdId}/devices/${externalId}/${leaf}`;
}
/** The "MQTT prefix" to enter in the Shelly's web UI. */
export function shellyTopicPrefix(householdId: string, externalId: string): string {
  return `${TOPIC_ROOT}/${householdId}/shelly/${externalId}`;
}

/**
 * The "Full Topic" to enter in Tasmota's Configuration → Configure MQTT, with its Topic set to the
 * device's external id. Tasmota puts the id where %topic% is and cmnd/stat/tele where %prefix% is
 * (https://tasmota.github.io/docs/MQTT), so every topic it uses stays inside the household's tree
 * and the ACL can keep it to its own.
 */
export function tasmotaFullTopic(householdId: string): string {
  return `${TOPIC_ROOT}/${householdId}/tasmota/%topic%/%prefix%/`;
}
export function tasmotaTopic(householdId: string, externalId: string, prefix: 'cmnd' | 'stat' | 'tele', leaf: string): string {
  return `${TOPIC_ROOT}/${householdId}/tasmota/${externalId}/${prefix}/${leaf}`;
}

/** The route a concrete topic (no wildcards) names, or null if it is not part of the scheme. */
export function parseTopic(topic: string): TopicRoute | null {
  const parts = topic.split('/');
  const [root, householdId, area, externalId, ...rest] = parts;
  if (root !== TOPIC_ROOT || householdId === undefined || !ID.test(householdId)) return null;
  if (area === 'meter' && parts.length === 3) return { kind: 'meter', householdId };
  if (area === 'meter' && parts.length === 4 && parts[3] === 'power') return { kind: 'meter-power', householdId };
  if (area === 'meter' && parts.length === 4 && parts[3] === 'receipts') return { kind: 'meter-receipts', householdId };
  if (externalId === undefined || !ID.test(externalId)) return null;
  const ids = { householdId, externalId };

  if (area === 'devices' && rest.length === 1) {
    if (rest[0] === 'reading') return { kind: 'device-reading', ...ids };
    if (rest[0] === 'state') return { kind: 'device-state', ...ids };
    if (rest[0] === 'command') return { kind: 'device-command', ...ids };
    if (rest[0] === 'receipts') return { kind: 'device-receipts', ...ids };
    return null;
  }
  if (area === 'tasmota') {
    const [prefix, leaf, ...extra] = rest;
    if (leaf === undefined || extra.length > 0 || !TASMOTA_LEAF.test(leaf)) return null;
    if (prefix === 'tele') return { kind: 'tasmota-tele', ...ids, leaf };
    if (prefix === 'stat') return { kind: 'tasmota-stat', ...ids, leaf };
    if (prefix === 'cmnd') return { kind: 'tasmota-command', ...ids, leaf };
    return null;
  }
  if (area !== 'shelly') return null;
  const leaf = rest.join('/');
  if (leaf === 'events/rpc') return { kind: 'shelly-events', ...ids };
  if (leaf === 'online') return { kind: 'shelly-online', ...ids };
  if (leaf === 'reply/rpc') return { kind: 'shelly-reply', ...ids };
  if (leaf === 'rpc') return { kind: 'shelly-rpc', ...ids };
  if (leaf === 'command') return { kind: 'shelly-command', ...ids, component: null };
  const [first, component, ...extra] = rest;
  if (component === undefined || extra.length > 0 || !COMPONENT.test(component)) return null;
  if (first === 'status') return { kind: 'shelly-status', ...ids, component };
  if (first === 'command') return { kind: 'shelly-command', ...ids, component };
  return null;
}

/**
 * May a client publish to `topic`? Only concrete topics in the scheme, under the client's own
 * household, flowing device → server; a device-scoped client (externalId given) only its own
 * device topics and never the household meter.
 */
export function canPublish(clientHouseholdId: string, topic: string, clientExternalId?: string): boolean {
  if (inGen1Tree(topic)) return canPublishGen1(topic, ownGen1Id(clientHouseholdId, clientExternalId));
  if (topic.includes('+') || topic.includes('#')) return false;
  const route = parseTopic(topic);
  if (route === null || !DEVICE_TO_SERVER.has(route.kind)) return false;
  return inScope(route, clientHouseholdId, clientExternalId);
}

/**
 * May a client subscribe to `filter`? Only to commands addressed to its own devices and receipts
 * for its own readings (a device-scoped client: its device's, never the household meter's). `#` is
 * never allowed and `+` only in the device position of a household-scoped client (a gateway
 * listening for all its devices' commands), so no filter can match another household's topics
 * or a sibling device's readings.
 */
export function canSubscribe(clientHouseholdId: string, filter: string, clientExternalId?: string): boolean {
  if (inGen1Tree(filter)) return canSubscribeGen1(filter, ownGen1Id(clientHouseholdId, clientExternalId));
  // Tasmota subscribes to its whole command subtree, `…/tasmota/{id}/cmnd/#`: the one '#' allowed,
  // judged as one of its command topics.
  const tasmotaCommands = /^(.+)\/cmnd\/#$/.exec(filter);
  if (tasmotaCommands && !tasmotaCommands[1]!.includes('+') && !tasmotaCommands[1]!.includes('#')) {
    const route = parseTopic(`${tasmotaCommands[1]}/cmnd/POWER`);
    return route?.kind === 'tasmota-command' && inScope(route, clientHouseholdId, clientExternalId);
  }
  if (filter.includes('#') || filter.startsWith('$')) return false;
  const parts = filter.split('/');
  if (parts.some((p) => p.includes('+') && p !== '+')) return false; // "a+b" is not a valid filter
  const wildcardAt = parts.flatMap((p, i) => (p === '+' ? [i] : []));
  if (wildcardAt.length > 1 || (wildcardAt.length === 1 && (wildcardAt[0] !== 3 || clientExternalId !== undefined))) {
    return false;
  }
  // Judge the filter by a concrete topic it matches: the only wildcard is the device id.
  const probe = parts.map((p) => (p === '+' ? 'x' : p)).join('/');
  const route = parseTopic(probe);
  if (route === null || !SERVER_TO_DEVICE.has(route.kind)) return false;
  return inScope(route, clientHouseholdId, wildcardAt.length === 1 ? undefined : clientExternalId);
}

/** A device login's first-generation Shelly id; a household login has none. */
function ownGen1Id(householdId: string, externalId: string | undefined): string | undefined {
  return externalId !== undefined && ID.test(householdId) && ID.test(externalId) ? shellyGen1Id(householdId, externalId) : undefined;
}

function inScope(route: TopicRoute, householdId: string, externalId: string | undefined): boolean {
  if (!ID.test(householdId) || route.householdId !== householdId) return false;
  if (externalId === undefined) return true;
  return 'externalId' in route && route.externalId === externalId;
}

/**
 * Why `canPublish` refused `topic`, in the words the pairing screen turns into what to check. A
 * firmware's own default topics (Shelly Gen2 `<device id>/…` and Gen1 `shellies/…`, Tasmota
 * `tele|stat|cmnd/<topic>/…`) mean the MQTT prefix or Full Topic was left as shipped.
 */
export function publishRefusal(clientHouseholdId: string, topic: string): 'vendor_default_topic' | 'outside_household' | 'topic_not_allowed' {
  const [root, householdId] = topic.split('/');
  if (root === TOPIC_ROOT) return householdId === clientHouseholdId ? 'topic_not_allowed' : 'outside_household';
  if (root === 'shellies' || root === 'tele' || root === 'stat' || root === 'cmnd' || /^[^/]+\/(status\/|events\/rpc$|online$)/.test(topic)) return 'vendor_default_topic';
  return 'outside_household';
}
