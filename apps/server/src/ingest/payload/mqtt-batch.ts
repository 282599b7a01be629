import type { TopicRoute } from './topics';

/**
 * Turns a JSON MQTT message into the batch shape validateBatch takes, so MQTT readings are judged
 * exactly like HTTP ones. The device id comes from the topic: a payload naming another device
 * keeps its own id and is then refused as unknown_device (pass `knownDevices: {topic id}`).
 * Returns null for routes that carry no readings.
 */
export function mqttPayloadToBatch(route: TopicRoute, payload: unknown): unknown {
  if (route.kind === 'meter') {
    if (typeof payload === 'object' && payload !== null && !Array.isArray(payload) && 'readings' in payload) {
      const { readings, ...rest } = payload as { readings: unknown };
      // `{ readings, extra }` is not the documented envelope: hand it on whole to be refused.
      return Object.keys(rest).length === 0 ? { meter: readings } : { meter: [payload] };
    }
    return { meter: [payload] };
  }
  if (route.kind === 'device-reading') {
    const reading = typeof payload === 'object' && payload !== null && !Array.isArray(payload) && !('device' in payload)
      ? { device: route.externalId, ...payload }
      : payload;
    return { devices: [reading] };
  }
  return null;
}
