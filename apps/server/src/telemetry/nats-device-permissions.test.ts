import { describe, expect, it } from 'vitest';
import { natsDevicePermissions, natsUserEntry } from './nats-device-permissions';

describe('an ingest login’s permissions on NATS', () => {
  it('gives a device login its own device’s subjects only, written out by hand', () => {
    expect(natsDevicePermissions('h1', 'd1')).toEqual({
      publish: [
        'peakwise.h1.devices.d1.reading',
        'peakwise.h1.devices.d1.state',
        'peakwise.h1.shelly.d1.status.*',
        'peakwise.h1.shelly.d1.events.rpc',
        'peakwise.h1.shelly.d1.online',
        'peakwise.h1.shelly.d1.reply.rpc',
        'peakwise.h1.tasmota.d1.tele.*',
        'peakwise.h1.tasmota.d1.stat.*',
        'shellies.d1-h1.>',
        'shellies.announce',
      ],
      subscribe: [
        'peakwise.h1.devices.d1.command',
        'peakwise.h1.devices.d1.receipts',
        'peakwise.h1.shelly.d1.rpc',
        'peakwise.h1.shelly.d1.command',
        'peakwise.h1.shelly.d1.command.*',
        'peakwise.h1.tasmota.d1.cmnd.*',
        'peakwise.h1.tasmota.d1.cmnd.>',
        'shellies.d1-h1.>',
        'shellies.command',
        '$MQTT.sub.>',
      ],
    });
  });

  it('gives a household login the meter and every device of its household, no other household', () => {
    const { publish, subscribe } = natsDevicePermissions('h1');
    expect(publish.slice(0, 3)).toEqual(['peakwise.h1.meter', 'peakwise.h1.meter.power', 'peakwise.h1.devices.*.reading']);
    expect(subscribe[0]).toBe('peakwise.h1.meter.receipts');
    expect([...publish, ...subscribe.slice(0, -1)].every((s) => s.startsWith('peakwise.h1.'))).toBe(true);
    expect(subscribe.at(-1)).toBe('$MQTT.sub.>');
  });

  it('refuses ids outside the topic alphabet rather than write a wildcard into a permission', () => {
    expect(() => natsDevicePermissions('h1', 'a/b')).toThrow();
    expect(() => natsDevicePermissions('h>1')).toThrow();
  });

  it('writes a users entry NATS reads', () => {
    expect(natsUserEntry('dev', 'pw', { publish: ['a.b'], subscribe: [] })).toBe('{"user":"dev","password":"pw","permissions":{"publish":["a.b"],"subscribe":[]}}');
    expect(natsUserEntry('worker', 'pw')).toBe('{"user":"worker","password":"pw"}');
  });
});
