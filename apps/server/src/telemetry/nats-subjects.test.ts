import { describe, expect, it } from 'vitest';
import { mqttTopicOf, natsSubjectOf, travelsOverNats } from './nats-subjects';

describe('MQTT topics as NATS subjects', () => {
  it('turns levels and wildcards into NATS’s own', () => {
    expect(natsSubjectOf('peakwise/+/devices/+/reading')).toBe('peakwise.*.devices.*.reading');
    expect(natsSubjectOf('shellies/+/emeter/#')).toBe('shellies.*.emeter.>');
    expect(natsSubjectOf('peakwise/+/shelly/+/status/switch:0')).toBe('peakwise.*.shelly.*.status.switch:0');
  });

  it('gives a delivered subject back as the topic the device used', () => {
    expect(mqttTopicOf('peakwise.9f1c.devices.plug-01.reading')).toBe('peakwise/9f1c/devices/plug-01/reading');
  });

  it('knows that a dot or a space cannot cross, and refuses to make a filter of one', () => {
    expect(travelsOverNats('peakwise/h/devices/plug.1/reading')).toBe(false);
    expect(travelsOverNats('peakwise/h/devices/plug 1/reading')).toBe(false);
    expect(travelsOverNats('peakwise/h/devices/plug:1/reading')).toBe(true);
    expect(() => natsSubjectOf('peakwise/a.b')).toThrow();
  });
});
