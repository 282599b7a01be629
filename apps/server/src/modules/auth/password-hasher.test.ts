import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lib/config';
import { createPasswordHasher } from './password-hasher';

describe('password hasher', () => {
  it('hashes at the OWASP cost unless told otherwise, never cheaper in production, and verifies either cost', async () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).passwordHashCost).toBe('owasp');
    expect(loadConfig({}).passwordHashCost).toBe('owasp');
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: 'minimum' })).toThrow('Configuration error: PASSWORD_HASH_COST must not be minimum in production');
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'low' })).toThrow('Configuration error: PASSWORD_HASH_COST must be owasp or minimum');

    // The parameters are written into the PHC string: 19 MiB, 2 passes, 1 lane (docs/decisions/006).
    const owasp = createPasswordHasher(loadConfig(production).passwordHashCost);
    const stored = await owasp.hash('Solar-panel-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const minimum = createPasswordHasher(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'minimum' }).passwordHashCost);
    const cheap = await minimum.hash('Solar-panel-1');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await minimum.verify({ hash: stored, password: 'Solar-panel-1' })).toBe(true);
    expect(await owasp.verify({ hash: cheap, password: 'Solar-panel-1' })).toBe(true);
    expect(await owasp.verify({ hash: cheap, password: 'Solar-panel-2' })).toBe(false);
    expect(await owasp.verify({ hash: 'not-a-hash', password: 'Solar-panel-1' })).toBe(false);
  });
});
