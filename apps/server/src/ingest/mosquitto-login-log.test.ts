import { describe, expect, it } from 'vitest';
import { parseMosquittoLogin } from './mosquitto-login-log';

// Lines as Mosquitto 2.0.11 put them on $SYS/broker/log/N in a run against the local broker.
describe('parseMosquittoLogin', () => {
  it('reads the client id, the username and the time of a connection notice', () => {
    expect(parseMosquittoLogin('1795938252: New client connected from 127.0.0.1:58230 as kettle-abc (p2, c1, k60, u\'kettle\').')).toEqual({
      at: new Date(1_795_938_252_000),
      clientId: 'kettle-abc',
      username: 'kettle',
    });
    expect(parseMosquittoLogin('1795938251: New client connected from ::1:58166 as plug-0a1b2c3d4e-1f2e3d4c (p5, c0, k30, u\'plug-0a1b2c3d4e\').')).toMatchObject({
      clientId: 'plug-0a1b2c3d4e-1f2e3d4c',
      username: 'plug-0a1b2c3d4e',
    });
  });

  it('answers null for every other line, and for an anonymous connection', () => {
    for (const line of [
      '1795938251: New connection from 127.0.0.1:58202 on port 18839.',
      '1795938251: Client <unknown> disconnected, not authorised.',
      '1795938252: Client kettle-abc disconnected.',
      '1795938252: New client connected from 127.0.0.1:58230 as anon-1 (p2, c1, k60).',
      'New client connected from 127.0.0.1:58230 as kettle-abc (p2, c1, k60, u\'kettle\').',
    ]) {
      expect(parseMosquittoLogin(line)).toBeNull();
    }
  });
});
