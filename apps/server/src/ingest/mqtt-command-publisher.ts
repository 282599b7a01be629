import type { CommandPublisher } from '../modules/devices/plug-command.service';
import type { MqttConnection } from './mqtt-connection';

/** Device commands over an MQTT session, QoS 1: resolved once the broker has them. */
export function mqttCommandPublisher(connection: MqttConnection): CommandPublisher {
  return {
    isConnected: () => connection.isConnected(),
    publish: async (topic, payload) => {
      await connection.client.publishAsync(topic, payload, { qos: 1 });
    },
  };
}
