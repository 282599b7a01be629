import { describe, expect, it } from 'vitest';
import { brokerAcls, type BrokerAcl } from './broker-acl';
import { shellyGen1Id } from './shelly-gen1-em';
import { canPublish, canSubscribe } from './topics';

const H = '6f1c2b1e-0000-4000-8000-000000000001';
const OTHER = '6f1c2b1e-0000-4000-8000-000000000002';

/** MQTT topic matching as the broker does it, written here from the MQTT spec, not from topics.ts. */
function matches(pattern: string, topic: string): boolean {
  const p = pattern.split('/');
  const t = topic.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '#') return true;
    if (i >= t.length) return false;
    if (p[i] !== '+' && p[i] !== t[i]) return false;
  }
  return p.length === t.length;
}

const publishes = (acls: BrokerAcl[], topic: string) => acls.some((a) => a.acltype === 'publishClientSend' && matches(a.topic, topic));
const subscribes = (acls: BrokerAcl[], filter: string) =>
  acls.some((a) => (a.acltype === 'subscribeLiteral' ? a.topic === filter : a.acltype === 'subscribePattern' && matches(a.topic, filter)));

// Every topic of the scheme, for this household and another, for the device and a sibling.
const topicsOf = (home: string, id: string) => [
  `peakwise/${home}/meter`,
  `peakwise/${home}/meter/power`,
  `peakwise/${home}/meter/receipts`,
  ...['reading', 'state', 'command', 'receipts'].map((leaf) => `peakwise/${home}/devices/${id}/${leaf}`),
  ...['status/switch:0', 'status/em:0', 'events/rpc', 'online', 'reply/rpc', 'rpc', 'command', 'command/switch:0'].map((leaf) => `peakwise/${home}/shelly/${id}/${leaf}`),
  ...['tele/SENSOR', 'tele/STATE', 'stat/POWER', 'stat/RESULT', 'cmnd/POWER'].map((leaf) => `peakwise/${home}/tasmota/${id}/${leaf}`),
  // A first-generation Shelly EM's own tree (decision 107).
  ...['emeter/0/power', 'emeter/1/total', 'online', 'relay/0/command'].map((leaf) => `shellies/${shellyGen1Id(home, id)}/${leaf}`),
];
const everyTopic = [...topicsOf(H, 'plug-1'), ...topicsOf(H, 'plug-2'), ...topicsOf(OTHER, 'plug-1'), 'shellies/announce', 'shellies/command', 'shellies/plug-1/emeter/0/power'];

describe.each([
  ['a device login', 'plug-1' as string | undefined],
  ['a household login', undefined],
])('the Mosquitto role of %s', (_, externalId) => {
  const acls = brokerAcls(H, externalId);

  it('publishes to exactly the scheme topics the embedded broker lets it publish to', () => {
    const allowed = everyTopic.filter((topic) => canPublish(H, topic, externalId));
    expect(allowed.length).toBeGreaterThan(0);
    for (const topic of everyTopic) expect([topic, publishes(acls, topic)]).toEqual([topic, canPublish(H, topic, externalId)]);
  });

  it('subscribes to exactly the scheme topics the embedded broker lets it subscribe to, and Tasmota’s command subtree', () => {
    for (const topic of everyTopic) expect([topic, subscribes(acls, topic)]).toEqual([topic, canSubscribe(H, topic, externalId)]);
    const tasmota = `peakwise/${H}/tasmota/plug-1/cmnd/#`;
    expect(subscribes(acls, tasmota)).toBe(true);
    expect(canSubscribe(H, tasmota, externalId)).toBe(true);
    expect(subscribes(acls, `peakwise/${OTHER}/tasmota/plug-1/cmnd/#`)).toBe(false);
    expect(subscribes(acls, `peakwise/${H}/#`)).toBe(false);
    expect(subscribes(acls, '#')).toBe(false);
  });

  it('lets nothing through outside its household, but a device login’s own Gen1 tree', () => {
    const gen1 = externalId === undefined ? [] : [`shellies/${shellyGen1Id(H, externalId)}/#`, 'shellies/announce', 'shellies/command'];
    for (const acl of acls) expect([acl.topic, acl.topic.startsWith(`peakwise/${H}/`) || gen1.includes(acl.topic)]).toEqual([acl.topic, true]);
  });
});

describe('a device login', () => {
  it('cannot subscribe to a sibling’s commands with a wildcard', () => {
    const acls = brokerAcls(H, 'plug-1');
    expect(subscribes(acls, `peakwise/${H}/devices/+/command`)).toBe(false);
    expect(subscribes(acls, `peakwise/${H}/tasmota/plug-2/cmnd/#`)).toBe(false);
  });

  it('refuses ids that are not in the topic alphabet', () => {
    expect(() => brokerAcls(H, 'plug/#')).toThrow();
    expect(() => brokerAcls('+', 'plug-1')).toThrow();
  });
});
