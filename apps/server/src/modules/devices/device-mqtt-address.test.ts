import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config';
import { deviceMqttAddress } from './device-mqtt-address';

describe('the broker address shown to devices', () => {
  it('is PUBLIC_MQTT_URL when set, with the scheme’s default port when it names none', () => {
    expect(deviceMqttAddress(loadConfig({ PUBLIC_MQTT_URL: 'mqtts://mqtt.example.ca:8884', MQTT_URL: 'mqtt://10.0.0.5:1883' }), { port: 1884, tlsPort: 8883 })).toEqual({ host: 'mqtt.example.ca', port: 8884, tls: true });
    expect(deviceMqttAddress(loadConfig({ PUBLIC_MQTT_URL: 'mqtts://mqtt.example.ca' }), undefined)).toEqual({ host: 'mqtt.example.ca', port: 8883, tls: true });
    expect(deviceMqttAddress(loadConfig({ PUBLIC_MQTT_URL: 'mqtt://192.168.1.20' }), undefined)).toEqual({ host: '192.168.1.20', port: 1883, tls: false });
  });

  it('is the embedded broker’s bound port at PUBLIC_URL’s host without it', () => {
    expect(deviceMqttAddress(loadConfig({ PUBLIC_URL: 'http://192.168.1.10:3000' }), { port: 41_883, tlsPort: undefined })).toEqual({ host: '192.168.1.10', port: 41_883, tls: false });
  });

  it('is the embedded broker’s TLS port when it has a certificate, and PUBLIC_MQTT_URL still wins', () => {
    const tls = { MQTT_TLS_CERT: '/etc/peakwise/mqtt.crt', MQTT_TLS_KEY: '/etc/peakwise/mqtt.key' };
    expect(deviceMqttAddress(loadConfig({ ...tls, PUBLIC_URL: 'https://home.example.ca' }), { port: 1884, tlsPort: 48_883 })).toEqual({ host: 'home.example.ca', port: 48_883, tls: true });
    expect(deviceMqttAddress(loadConfig({ ...tls, PUBLIC_MQTT_URL: 'mqtt://192.168.1.20:1884' }), { port: 1884, tlsPort: 48_883 })).toEqual({ host: '192.168.1.20', port: 1884, tls: false });
  });

  it('falls back to the external broker the server uses', () => {
    expect(deviceMqttAddress(loadConfig({ MQTT_URL: 'mqtts://broker.lan:8883' }), undefined)).toEqual({ host: 'broker.lan', port: 8883, tls: true });
  });
});
