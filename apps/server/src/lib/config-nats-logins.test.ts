import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { natsLoginsConfig } from './config-nats-logins';

const dir = mkdtempSync(join(tmpdir(), 'peakwise-nats-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const creds = join(dir, 'sys.creds');
writeFileSync(creds, '-----BEGIN NATS USER JWT-----\neyJ0\n------END NATS USER JWT------\n-----BEGIN USER NKEY SEED-----\nSUAB\n------END USER NKEY SEED------\n');

const B32 = (n: number) => 'A'.repeat(n);
const ALL = { NATS_ACCOUNT: `A${B32(55)}`, NATS_ACCOUNT_SIGNING_SEED: `SA${B32(56)}`, NATS_OPERATOR_SIGNING_SEED: `SO${B32(56)}`, NATS_SYSTEM_CREDS: creds };
const URL = 'nats://127.0.0.1:4222';

describe('natsLoginsConfig', () => {
  it('is off with none of the four, and reads the credentials file with all four', () => {
    expect(natsLoginsConfig({}, URL, false)).toBeUndefined();
    const config = natsLoginsConfig(ALL, URL, false)!;
    expect(config.account).toBe(ALL.NATS_ACCOUNT);
    expect(config.systemCreds).toContain('BEGIN USER NKEY SEED');
  });

  it('names what is missing or wrong, never a value', () => {
    const { NATS_OPERATOR_SIGNING_SEED: _, ...three } = ALL;
    expect(() => natsLoginsConfig(three, URL, false)).toThrow(/NATS_OPERATOR_SIGNING_SEED must be set/);
    expect(() => natsLoginsConfig(ALL, undefined, false)).toThrow(/needs NATS_URL/);
    expect(() => natsLoginsConfig(ALL, URL, true)).toThrow(/MQTT_DYNSEC_USERNAME/);
    const wrongSeed = `SO${'B'.repeat(56)}`;
    expect(() => natsLoginsConfig({ ...ALL, NATS_ACCOUNT_SIGNING_SEED: wrongSeed }, URL, false)).toThrow(/NATS_ACCOUNT_SIGNING_SEED must be an account seed/);
    expect(() => natsLoginsConfig({ ...ALL, NATS_ACCOUNT_SIGNING_SEED: wrongSeed }, URL, false)).not.toThrow(/BBBB/);
    expect(() => natsLoginsConfig({ ...ALL, NATS_SYSTEM_CREDS: join(dir, 'absent.creds') }, URL, false)).toThrow(/NATS_SYSTEM_CREDS must be the path/);
  });
});
