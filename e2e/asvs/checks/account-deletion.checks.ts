import mqtt from 'mqtt';
import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { expectStatus, type AsvsContext } from '../asvs-context';

const AREA = 'Account deletion';
const FIVE_MINUTES = 5 * 60_000;

/** Whether the server's MQTT broker lets this login in. */
async function mqttLogin(url: string, username: string, password: string): Promise<'connected' | 'refused'> {
  const client = mqtt.connect(url, { username, password, reconnectPeriod: 0, protocolVersion: 4, connectTimeout: 10_000 });
  const outcome = await new Promise<'connected' | 'refused'>((resolve) => {
    client.once('connect', () => resolve('connected'));
    client.once('error', () => resolve('refused'));
    client.once('close', () => resolve('refused'));
  });
  client.end(true);
  return outcome;
}

/**
 * Item 1 of issue 29 (decision 079): after DELETE /api/account nothing the member's keys could
 * reach answers any more — personal API tokens, household and device ingest tokens over HTTP,
 * their MQTT logins, and webhook endpoints.
 */
export function accountDeletionChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'Deleting the account revokes its API tokens, ingest tokens, MQTT logins and webhooks', ['7.4.2'], async () => {
      const member = await ctx.signUp('delete-keys');
      const paired = await member.client.call('POST', '/api/devices', { body: { externalId: 'asvs-plug-1', name: 'Kettle', kind: 'smart_plug' } });
      expectStatus(paired, 201, 'pairing a plug');
      const { device, credential } = paired.body as { device: { id: string }; credential: { token: string } };
      const ingest = await member.client.call('POST', '/api/household/ingest-tokens', { body: { label: 'Gateway' } });
      expectStatus(ingest, 201, 'a household ingest token');
      const { token: householdToken, mqttUsername } = ingest.body as { token: string; mqttUsername: string };
      const api = await member.client.call('POST', '/api/member-api/tokens', { body: { label: 'Script', scopes: ['usage:read', 'solar:read', 'plugs:control'] } });
      expectStatus(api, 201, 'a personal API token');
      const apiToken = (api.body as { token: string }).token;
      const hook = await member.client.call('POST', '/api/member-api/webhooks', { body: { url: 'https://hooks.example.com/asvs', events: ['event.scheduled', 'event.result', 'bill.issued'] } });
      expectStatus(hook, 201, 'a webhook endpoint');
      for (const [secret, what] of [
        [apiToken, 'API token'],
        [householdToken, 'ingest token'],
        [credential.token, 'device token'],
        [(hook.body as { secret: string }).secret, 'webhook secret'],
      ] as const) ctx.secrets.set(secret, what);

      const asToken = (token: string, method: string, path: string, body?: unknown) =>
        ctx.client().call(method, path, { anonymous: true, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
      const ts = (minutesAgo: number) => new Date(Math.floor((Date.now() - minutesAgo * 60_000) / FIVE_MINUTES) * FIVE_MINUTES).toISOString();
      const meter = (minutesAgo: number) => ({ meter: [{ ts: ts(minutesAgo), productionKwh: 0, consumptionKwh: 0.2, gridImportKwh: 0.2, gridExportKwh: 0 }] });
      const plug = (minutesAgo: number) => ({ devices: [{ device: 'asvs-plug-1', ts: ts(minutesAgo), powerW: 800 }] });
      const reads = ['/api/usage/summary', '/api/solar/summary', '/api/devices'];

      // Each key works before the deletion, so each refusal after it is the deletion's doing.
      for (const path of reads) expectStatus(await asToken(apiToken, 'GET', path), 200, `${path} with the token`);
      expectStatus(await asToken(householdToken, 'POST', '/api/ingest/readings', meter(60)), 200, 'ingest with the household token');
      expectStatus(await asToken(credential.token, 'POST', '/api/ingest/readings', plug(60)), 200, 'ingest with the device token');
      expect(await mqttLogin(ctx.server.mqttUrl, mqttUsername, householdToken), 'MQTT login before').toBe('connected');

      expectStatus(await member.client.call('DELETE', '/api/account', { body: { confirmation: 'DELETE' } }), 204, 'account deletion');

      const refused: string[] = [];
      for (const path of reads) if ((await asToken(apiToken, 'GET', path)).status !== 401) refused.push(`GET ${path}`);
      if ((await asToken(apiToken, 'POST', `/api/devices/${device.id}/switch`, { on: false })).status !== 401) refused.push('plug switch');
      if ((await asToken(householdToken, 'POST', '/api/ingest/readings', meter(50))).status !== 401) refused.push('household ingest');
      if ((await asToken(credential.token, 'POST', '/api/ingest/readings', plug(50))).status !== 401) refused.push('device ingest');
      expect(refused, `still answered after the deletion: ${refused.join(', ')}`).toEqual([]);
      expect(await mqttLogin(ctx.server.mqttUrl, mqttUsername, householdToken), 'household MQTT login after').toBe('refused');
      expect(await mqttLogin(ctx.server.mqttUrl, 'asvs-plug-1', credential.token), 'device MQTT login after').toBe('refused');
      const endpoints = await ctx.server.sql<{ n: string }>('select count(*) as n from webhook_endpoints where user_id = $1', [member.userId]);
      expect(Number(endpoints[0]?.n), 'webhook endpoints left to deliver to').toBe(0);
      return '4 API-token routes, 2 ingest tokens, 2 MQTT logins and the webhook endpoint';
    });
  });
}
