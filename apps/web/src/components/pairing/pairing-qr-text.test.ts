import { describe, expect, it } from 'vitest';
import { pairingQrText } from './pairing-qr-text';

describe('pairingQrText', () => {
  it('writes each field as the screen labels it, one per line, values exactly as shown', () => {
    expect(
      pairingQrText([
        ['Server', 'mqtt.peakwise.example:8883'],
        ['Password', 'pwi_secret-token'],
        ['MQTT prefix', 'peakwise/h1/shelly/plug-0a1b2c3d4e'],
      ]),
    ).toBe('Server: mqtt.peakwise.example:8883\nPassword: pwi_secret-token\nMQTT prefix: peakwise/h1/shelly/plug-0a1b2c3d4e');
  });
});
