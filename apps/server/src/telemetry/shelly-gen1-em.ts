/**
 * A first-generation Shelly EM at the panel. Its firmware cannot be given a topic prefix: it
 * publishes under `shellies/<MQTT id>/emeter/<channel>/<value>`, one plain number per topic
 * (https://shelly-api-docs.shelly.cloud/gen1/#shelly-em-mqtt), and the MQTT id is the one field
 * of its own it lets us set ("Use custom MQTT prefix", which is its client id too). So the id
 * names the device and, since a live device id belongs to one home, the home (decision 107).
 *
 *   shellies/{id}/emeter/{0|1}/power            W right now (negative while the channel returns)
 *   shellies/{id}/emeter/{0|1}/total            Wh imported since installed (kept across reboots)
 *   shellies/{id}/emeter/{0|1}/total_returned   Wh returned since installed
 *
 * Its `energy` and `returned_energy` topics are watt-minutes since the last reboot, so they are
 * not read: a reboot would look like a counter reset.
 */

export const GEN1_ROOT = 'shellies';

/** The leaves the ingest reads; the meter's other values (voltage, pf, reactive power, relay) are not stored. */
export const GEN1_LEAVES = ['power', 'total', 'total_returned'] as const;
export type Gen1Leaf = (typeof GEN1_LEAVES)[number];

/** The Shelly EM has two channels, one clamp each. */
export const GEN1_CHANNELS = 2;

const ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * The MQTT id a Gen1 meter is given: the client id the pairing screen shows for the device, which
 * carries the household, so the same device id in two homes over time never names the same topics.
 */
export function shellyGen1Id(householdId: string, externalId: string): string {
  return `${externalId}-${householdId.slice(0, 8)}`;
}

export type Gen1Route = { gen1Id: string; channel: number; leaf: Gen1Leaf };

/** The meter value a concrete topic names, or null if it is not one the ingest reads. */
export function parseGen1Topic(topic: string): Gen1Route | null {
  const [root, gen1Id, area, channel, leaf, ...extra] = topic.split('/');
  if (root !== GEN1_ROOT || gen1Id === undefined || !ID.test(gen1Id) || area !== 'emeter' || extra.length > 0) return null;
  if (channel === undefined || !/^[0-9]$/.test(channel) || Number(channel) >= GEN1_CHANNELS) return null;
  if (!(GEN1_LEAVES as readonly string[]).includes(leaf ?? '')) return null;
  return { gen1Id, channel: Number(channel), leaf: leaf as Gen1Leaf };
}

export type Gen1Value = { ok: true; value: number } | { ok: false; reason: 'invalid_payload' | 'not_finite' | 'negative'; message: string };

/** The plain decimal number a Gen1 topic carries; a total below zero is refused, a power may be negative. */
export function parseGen1Value(leaf: Gen1Leaf, payload: Buffer): Gen1Value {
  const text = payload.toString('utf8').trim();
  if (!/^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(text)) return { ok: false, reason: 'invalid_payload', message: `Not a number: ${text.slice(0, 32)}` };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, reason: 'not_finite', message: `Not a finite number: ${text.slice(0, 32)}` };
  if (leaf !== 'power' && value < 0) return { ok: false, reason: 'negative', message: `A total cannot be negative: ${text.slice(0, 32)}` };
  return { ok: true, value };
}

/** Whether a topic or filter is in the Gen1 tree at all (judged by canPublishGen1 / canSubscribeGen1, not the household rule). */
export const inGen1Tree = (topic: string) => topic === GEN1_ROOT || topic.startsWith(`${GEN1_ROOT}/`);

/**
 * A device login may publish under its own Gen1 id only (the firmware's `online`, `info`,
 * `relay/0` and others too, read or not), and `shellies/announce`, which the firmware sends
 * on connecting and nobody may subscribe to.
 */
export function canPublishGen1(topic: string, ownGen1Id: string | undefined): boolean {
  if (ownGen1Id === undefined || topic.includes('+') || topic.includes('#')) return false;
  if (topic === `${GEN1_ROOT}/announce`) return true;
  return topic === `${GEN1_ROOT}/${ownGen1Id}` || topic.startsWith(`${GEN1_ROOT}/${ownGen1Id}/`);
}

/**
 * A device login may subscribe under its own Gen1 id (where the firmware listens for its
 * commands), and to `shellies/command`, the broadcast the firmware listens to, which only the
 * server may publish on.
 */
export function canSubscribeGen1(filter: string, ownGen1Id: string | undefined): boolean {
  if (ownGen1Id === undefined) return false;
  if (filter === `${GEN1_ROOT}/command`) return true;
  const parts = filter.split('/');
  if (parts[0] !== GEN1_ROOT || parts[1] !== ownGen1Id) return false;
  // A valid filter: '+' alone in its level, '#' alone and last.
  return parts.every((p, i) => (!p.includes('+') || p === '+') && (!p.includes('#') || (p === '#' && i === parts.length - 1)));
}
