import { describeMqttNotifier } from '../../test/openadr-mqtt-suite';
import { startMosquittoInstance } from '../../test/private-mosquitto';
import { freePort } from '../../test/local-ports';

// A VTN whose notifier is a real Mosquitto of its own, reached anonymously; killed (-9) and started again for the gap.
describeMqttNotifier('Mosquitto, ANONYMOUS', async () => {
  const mosquitto = await startMosquittoInstance(await freePort());
  return {
    vtnOption: { url: mosquitto.url },
    down: () => mosquitto.kill9(),
    up: () => mosquitto.start(),
    close: () => mosquitto.destroy(),
  };
});
