import type { TopicRoute } from './topics';

/**
 * Turns a JSON MQTT message into the batch shape validateBatch takes, so MQTT readings are judged
 * exactly like HTTP ones. Meter and device topics take one reading or `{ "readings": [...] }`. The device id comes from the topic: a payload naming another device
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
    const withDevice = (reading: unknown) =>
      typeof reading === 'object' && reading !== null && !Array.isArray(reading) && !('device' in reading) ? { device: route.externalId, ...reading } : reading;
    // A gateway sending a device's history (the demo back-fill) batches it as { readings: [...] }.
    if (typeof payload === 'object' && payload !== null && !Array.isArray(payload) && 'readings' in payload && Object.keys(payload).length === 1) {
      const { readings } = payload as { readings: unknown };
      return { devices: Array.isArray(readings) ? readings.map(withDevice) : readings };
    }
    return { devices: [withDevice(payload)] };
  }
  return null;
}
