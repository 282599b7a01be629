import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canPublish, canSubscribe, deviceTopic, meterPowerTopic, meterReceiptTopic, meterTopic, parseTopic, publishRefusal, shellyTopicPrefix, tasmotaFullTopic, tasmotaTopic } from './topics';

const A = 'hh_A1';
const B = 'hh_B2';

describe('parseTopic', () => {
  it('routes every topic of the scheme', () => {
    expect(parseTopic(meterTopic(A))).toEqual({ kind: 'meter', householdId: A });
    expect(parseTopic(meterPowerTopic(A))).toEqual({ kind: 'meter-power', householdId: A });
    expect(parseTopic(deviceTopic(A, 'plug-1', 'reading'))).toEqual({ kind: 'device-reading', householdId: A, externalId: 'plug-1' });
    expect(parseTopic(deviceTopic(A, 'plug-1', 'state'))).toMatchObject({ kind: 'device-state' });
    expect(parseTopic(deviceTopic(A, 'plug-1', 'command'))).toMatchObject({ kind: 'device-command' });
    expect(parseTopic(meterReceiptTopic(A))).toEqual({ kind: 'meter-receipts', householdId: A });
    expect(parseTopic(deviceTopic(A, 'plug-1', 'receipts'))).toEqual({ kind: 'device-receipts', householdId: A, externalId: 'plug-1' });
    const prefix = shellyTopicPrefix(A, 'shellyplugus-a1b2c3');
    expect(parseTopic(`${prefix}/status/switch:0`)).toEqual({ kind: 'shelly-status', householdId: A, externalId: 'shellyplugus-a1b2c3', component: 'switch:0' });
    expect(parseTopic(`${prefix}/events/rpc`)).toMatchObject({ kind: 'shelly-events' });
    expect(parseTopic(`${prefix}/online`)).toMatchObject({ kind: 'shelly-online' });
    expect(parseTopic(`${prefix}/reply/rpc`)).toMatchObject({ kind: 'shelly-reply' });
    expect(parseTopic(`${prefix}/rpc`)).toMatchObject({ kind: 'shelly-rpc' });
    expect(parseTopic(`${prefix}/command`)).toEqual({ kind: 'shelly-command', householdId: A, externalId: 'shellyplugus-a1b2c3', component: null });
    expect(parseTopic(`${prefix}/command/switch:0`)).toMatchObject({ kind: 'shelly-command', component: 'switch:0' });
  });

  it('returns null for anything else', () => {
    for (const t of ['', 'peakwise', `peakwise/${A}`, `peakwise//meter`, `peakwise/${A}/meter/x`, `other/${A}/meter`, `peakwise/${A}/devices/plug-1`,
      `peakwise/${A}/devices/plug-1/reading/x`, `peakwise/${A}/devices/+/reading`, `peakwise/${A}/shelly/p/status`, `peakwise/a b/meter`, `peakwise/${A}/devices/${'x'.repeat(65)}/reading`]) {
      expect(parseTopic(t), t).toBeNull();
    }
  });
});

describe('canPublish', () => {
  it('lets a household publish readings, states and Shelly status under its own id only', () => {
    expect(canPublish(A, meterTopic(A))).toBe(true);
    expect(canPublish(A, deviceTopic(A, 'plug-1', 'reading'))).toBe(true);
    expect(canPublish(A, deviceTopic(A, 'plug-1', 'state'))).toBe(true);
    expect(canPublish(A, `${shellyTopicPrefix(A, 'p')}/status/switch:0`)).toBe(true);
    expect(canPublish(A, `${shellyTopicPrefix(A, 'p')}/reply/rpc`)).toBe(true);
    expect(canPublish(B, meterTopic(A))).toBe(false);
  });

  it('lets a household, not a device login or another household, publish live power', () => {
    expect(canPublish(A, meterPowerTopic(A))).toBe(true);
    expect(canPublish(B, meterPowerTopic(A))).toBe(false);
    expect(canPublish(A, meterPowerTopic(A), 'plug-1')).toBe(false);
    expect(canSubscribe(A, meterPowerTopic(A))).toBe(false);
  });

  it('never lets a device publish commands', () => {
    expect(canPublish(A, deviceTopic(A, 'plug-1', 'command'))).toBe(false);
    expect(canPublish(A, `${shellyTopicPrefix(A, 'p')}/rpc`)).toBe(false);
  });

  it('scopes a device login to its own topics, not the meter or a sibling', () => {
    expect(canPublish(A, deviceTopic(A, 'plug-1', 'reading'), 'plug-1')).toBe(true);
    expect(canPublish(A, deviceTopic(A, 'plug-2', 'reading'), 'plug-1')).toBe(false);
    expect(canPublish(A, meterTopic(A), 'plug-1')).toBe(false);
  });
});

describe('canSubscribe', () => {
  it('allows only the client’s own command topics', () => {
    expect(canSubscribe(A, deviceTopic(A, 'plug-1', 'command'))).toBe(true);
    expect(canSubscribe(A, `${shellyTopicPrefix(A, 'p')}/rpc`)).toBe(true);
    expect(canSubscribe(A, `${shellyTopicPrefix(A, 'p')}/command/switch:0`)).toBe(true);
    expect(canSubscribe(A, deviceTopic(A, 'plug-1', 'reading'))).toBe(false);
    expect(canSubscribe(A, meterTopic(A))).toBe(false);
    expect(canSubscribe(B, deviceTopic(A, 'plug-1', 'command'))).toBe(false);
  });

  it('allows + only in the device position, for a household login', () => {
    expect(canSubscribe(A, `peakwise/${A}/devices/+/command`)).toBe(true);
    expect(canSubscribe(A, `peakwise/${A}/devices/+/command`, 'plug-1')).toBe(false);
    expect(canSubscribe(A, 'peakwise/+/devices/plug-1/command')).toBe(false);
    expect(canSubscribe(A, `peakwise/${A}/devices/plug-1/+`)).toBe(false);
    expect(canSubscribe(A, `peakwise/${A}/+/plug-1/command`)).toBe(false);
    expect(canSubscribe(A, `peakwise/${A}/devices/a+/command`)).toBe(false);
  });

  it('refuses # anywhere, system and shared-subscription filters', () => {
    for (const f of ['#', 'peakwise/#', `peakwise/${A}/#`, `peakwise/${A}/devices/#`, '+/+/+/+/+', '$SYS/#', `$share/g/peakwise/${A}/devices/plug-1/command`]) {
      expect(canSubscribe(A, f), f).toBe(false);
    }
  });
});

describe('Tasmota topics', () => {
  // What Tasmota makes of the FullTopic we give it, with Topic = the external id and %prefix%
  // cmnd / stat / tele (https://tasmota.github.io/docs/MQTT): written out by hand here.
  const full = (prefix: string, leaf: string) => tasmotaFullTopic(A).replace('%topic%', 'plug-1').replace('%prefix%', prefix) + leaf;

  it('routes the FullTopic Tasmota builds', () => {
    expect(full('tele', 'SENSOR')).toBe(`peakwise/${A}/tasmota/plug-1/tele/SENSOR`);
    expect(parseTopic(full('tele', 'SENSOR'))).toEqual({ kind: 'tasmota-tele', householdId: A, externalId: 'plug-1', leaf: 'SENSOR' });
    expect(parseTopic(full('stat', 'POWER'))).toEqual({ kind: 'tasmota-stat', householdId: A, externalId: 'plug-1', leaf: 'POWER' });
    expect(parseTopic(tasmotaTopic(A, 'plug-1', 'cmnd', 'POWER'))).toEqual({ kind: 'tasmota-command', householdId: A, externalId: 'plug-1', leaf: 'POWER' });
    expect(parseTopic(`peakwise/${A}/tasmota/plug-1/stat/POWER/extra`)).toBeNull();
    expect(parseTopic(`peakwise/${A}/tasmota/plug-1/other/POWER`)).toBeNull();
  });

  it('lets the device publish tele and stat, never cmnd, in its own household', () => {
    expect(canPublish(A, full('tele', 'SENSOR'))).toBe(true);
    expect(canPublish(A, full('stat', 'RESULT'), 'plug-1')).toBe(true);
    expect(canPublish(A, full('stat', 'RESULT'), 'plug-2')).toBe(false);
    expect(canPublish(A, full('cmnd', 'POWER'))).toBe(false);
    expect(canPublish(B, full('tele', 'SENSOR'))).toBe(false);
  });

  it('lets the device subscribe to its own cmnd/# and nothing wider', () => {
    expect(canSubscribe(A, `peakwise/${A}/tasmota/plug-1/cmnd/#`)).toBe(true);
    expect(canSubscribe(A, `peakwise/${A}/tasmota/plug-1/cmnd/#`, 'plug-1')).toBe(true);
    expect(canSubscribe(A, `peakwise/${A}/tasmota/plug-1/cmnd/#`, 'plug-2')).toBe(false);
    expect(canSubscribe(B, `peakwise/${A}/tasmota/plug-1/cmnd/#`)).toBe(false);
    for (const f of [`peakwise/${A}/tasmota/+/cmnd/#`, `peakwise/${A}/tasmota/plug-1/#`, `peakwise/${A}/tasmota/plug-1/stat/#`, `peakwise/+/tasmota/plug-1/cmnd/#`, `peakwise/${A}/tasmota/plug-1/cmnd/#/cmnd/#`]) {
      expect(canSubscribe(A, f), f).toBe(false);
    }
  });
});

describe('receipt topics (decision 065)', () => {
  it('let a client subscribe to receipts for its own readings only', () => {
    expect(canSubscribe(A, meterReceiptTopic(A))).toBe(true);
    expect(canSubscribe(A, deviceTopic(A, 'plug-1', 'receipts'))).toBe(true);
    expect(canSubscribe(A, `peakwise/${A}/devices/+/receipts`)).toBe(true);
    expect(canSubscribe(A, deviceTopic(A, 'plug-1', 'receipts'), 'plug-1')).toBe(true);
    expect(canSubscribe(A, deviceTopic(A, 'plug-2', 'receipts'), 'plug-1')).toBe(false);
    expect(canSubscribe(A, meterReceiptTopic(A), 'plug-1')).toBe(false);
    expect(canSubscribe(B, meterReceiptTopic(A))).toBe(false);
    expect(canSubscribe(B, deviceTopic(A, 'plug-1', 'receipts'))).toBe(false);
    expect(canSubscribe(A, `peakwise/${A}/meter/+`)).toBe(false);
  });

  it('are never published by a device, so no receipt can be forged', () => {
    expect(canPublish(A, meterReceiptTopic(A))).toBe(false);
    expect(canPublish(A, deviceTopic(A, 'plug-1', 'receipts'))).toBe(false);
    expect(canPublish(A, deviceTopic(A, 'plug-1', 'receipts'), 'plug-1')).toBe(false);
  });
});

describe('ACL properties', () => {
  const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,12}$/);
  const leaf = fc.constantFrom('meter', 'devices/{d}/reading', 'devices/{d}/state', 'devices/{d}/command', 'shelly/{d}/status/switch:0',
    'shelly/{d}/events/rpc', 'shelly/{d}/online', 'shelly/{d}/reply/rpc', 'shelly/{d}/rpc', 'shelly/{d}/command', 'shelly/{d}/command/switch:0',
    'devices/+/command', 'shelly/+/rpc', '#', 'devices/#', '+/{d}/command', 'meter/receipts', 'devices/{d}/receipts', 'devices/+/receipts',
    'tasmota/{d}/tele/SENSOR', 'tasmota/{d}/stat/POWER', 'tasmota/{d}/cmnd/POWER', 'tasmota/{d}/cmnd/#', 'tasmota/+/cmnd/#');
  const household = fc.oneof(id, fc.constantFrom('+', '#'));

  it('no topic or filter of household A is ever allowed to a client of household B', () => {
    fc.assert(
      fc.property(id, id, household, leaf, id, fc.option(id, { nil: undefined }), (a, b, hh, l, d, device) => {
        fc.pre(a !== b);
        const topic = `peakwise/${hh === '+' || hh === '#' ? hh : a}/${l.replace('{d}', d)}`;
        expect(canPublish(b, topic, device)).toBe(false);
        expect(canSubscribe(b, topic, device)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('any allowed topic or filter names the client’s household literally', () => {
    fc.assert(
      fc.property(id, fc.constantFrom('peakwise', '+', '#'), fc.array(fc.oneof(id, fc.constantFrom('+', '#', 'devices', 'shelly', 'status', 'command', 'rpc', 'meter', 'tasmota', 'cmnd', 'stat', '')), { maxLength: 6 }), (a, root, parts) => {
        const topic = [root, ...parts].join('/');
        if (canPublish(a, topic) || canSubscribe(a, topic)) expect(topic.split('/')[1]).toBe(a);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('publishRefusal', () => {
  it('names a firmware left on its default topics, another household, and a topic of the own tree not allowed', () => {
    // Shelly Gen1 and Gen2 defaults, Tasmota's default %prefix%/%topic%/.
    for (const topic of ['shellies/shellyplug-s-AB12/relay/0/power', 'shellyplugus-a1b2c3/status/switch:0', 'shellyplugus-a1b2c3/events/rpc', 'tele/tasmota_AB12CD/SENSOR', 'stat/tasmota_AB12CD/POWER']) {
      expect(publishRefusal(A, topic), topic).toBe('vendor_default_topic');
    }
    expect(publishRefusal(A, `${shellyTopicPrefix(B, 'plug-1')}/status/switch:0`)).toBe('outside_household');
    expect(publishRefusal(A, 'home/kitchen/power')).toBe('outside_household');
    expect(publishRefusal(A, deviceTopic(A, 'plug-1', 'command'))).toBe('topic_not_allowed');
  });
});
