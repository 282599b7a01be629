import { describeMqttNotifier } from '../../test/openadr-mqtt-suite';

// The test VTN's own broker (aedes), its login the VTN's access token (OAUTH2_BEARER_TOKEN).
describeMqttNotifier('aedes, OAUTH2_BEARER_TOKEN', async () => ({
  vtnOption: 'aedes',
  down: (vtn) => vtn.mqttDown(),
  up: (vtn) => vtn.mqttUp(),
  close: async () => {},
}));
