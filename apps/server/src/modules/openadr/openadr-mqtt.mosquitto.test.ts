import { createServer } from 'node:net';
import { describeMqttNotifier } from '../../test/openadr-mqtt-suite';
import { startMosquittoInstance } from '../../test/private-mosquitto';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

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
