import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import { expectStatus, type AsvsContext, type Member } from '../asvs-context';
import type { Reply } from '../http-client';

const AREA = 'Access control';

type Victim = {
  member: Member;
  deviceId: string;
  ingestTokenId: string;
  apiTokenId: string;
  exportId: string;
  paymentMethodId: string;
  sessionId: string;
};

function created(reply: Reply, what: string): { id: string; token?: string } {
  if (reply.status !== 200 && reply.status !== 201) throw new Error(`${what}: ${reply.status} ${reply.text.slice(0, 200)}`);
  return reply.body as { id: string; token?: string };
}

/** Member B with one of everything a member can own, made through the API as the app would. */
async function victim(ctx: AsvsContext): Promise<Victim> {
  const member = await ctx.signUp('victim');
  const c = member.client;
  const paired = await c.call('POST', '/api/devices', { body: { externalId: 'asvs-victim-plug', name: 'Victim plug', kind: 'smart_plug' } });
  const { device, credential } = (paired.status === 201 ? paired.body : {}) as { device?: { id: string }; credential?: { token: string } };
  if (!device || !credential) throw new Error(`add device: ${paired.status} ${paired.text.slice(0, 200)}`);
  ctx.secrets.set(credential.token, 'device token');
  const ingest = created(await c.call('POST', '/api/household/ingest-tokens', { body: { label: 'Victim meter' } }), 'ingest token');
  const api = created(await c.call('POST', '/api/member-api/tokens', { body: { label: 'Victim script', scopes: ['usage:read'] } }), 'API token');
  for (const secret of [ingest.token, api.token]) if (secret) ctx.secrets.set(secret, secret.startsWith('pwk_') ? 'API token' : 'ingest token');
  const exported = created(await c.call('POST', '/api/privacy-exports', { body: {} }), 'privacy export');
  const card = '4242424242424242';
  ctx.secrets.set(card, 'card number');
  const cardToken = created(await c.call('POST', '/api/sandbox-processor/tokens', { body: { number: card, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' } }), 'card token');
  const method = created(await c.call('POST', '/api/billing/payment-methods', { body: { token: cardToken.token } }), 'payment method');
  const sessions = (await c.call('GET', '/api/sessions')).body as { id: string }[];
  return { member, deviceId: device.id, ingestTokenId: ingest.id, apiTokenId: api.id, exportId: exported.id, paymentMethodId: method.id, sessionId: sessions[0]!.id };
}

export function accessControlChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    let b: Victim;
    let a: Member;

    check(AREA, "Member A cannot read or change member B's devices, tokens, exports, cards or sessions", ['8.2.2'], async () => {
      b = await victim(ctx);
      a = await ctx.signUp('attacker');
      const attempts: [string, string, unknown?][] = [
        ['GET', `/api/devices/${b.deviceId}/history`],
        ['PATCH', `/api/devices/${b.deviceId}`, { name: 'Taken over' }],
        ['POST', `/api/devices/${b.deviceId}/switch`, { on: false }],
        ['DELETE', `/api/devices/${b.deviceId}`],
        ['DELETE', `/api/household/ingest-tokens/${b.ingestTokenId}`],
        ['DELETE', `/api/member-api/tokens/${b.apiTokenId}`],
        ['GET', `/api/privacy-exports/${b.exportId}/download`],
        ['POST', `/api/billing/payment-methods/${b.paymentMethodId}/default`, {}],
        ['DELETE', `/api/billing/payment-methods/${b.paymentMethodId}`],
        ['DELETE', `/api/sessions/${b.sessionId}`],
      ];
      const wrong: string[] = [];
      for (const [method, path, body] of attempts) {
        const reply = await a.client.call(method, path, body === undefined ? {} : { body });
        if (reply.status !== 404 && reply.status !== 403) wrong.push(`${method} ${path}: ${reply.status}`);
      }
      expect(wrong, wrong.join('; ')).toEqual([]);
      // Nothing of B's moved: the same things are there, unchanged.
      const [device] = await ctx.server.sql<{ name: string }>('select name from devices where id = $1', [b.deviceId]);
      expect(device?.name).toBe('Victim plug');
      const c = b.member.client;
      expect(((await c.call('GET', '/api/household/ingest-tokens')).body as { id: string }[]).map((t) => t.id)).toContain(b.ingestTokenId);
      expect(((await c.call('GET', '/api/member-api/tokens')).body as { id: string; revokedAt?: string | null }[]).find((t) => t.id === b.apiTokenId)?.revokedAt ?? null).toBeNull();
      expect(((await c.call('GET', '/api/billing/payment-methods')).body as { id: string }[]).map((m) => m.id)).toContain(b.paymentMethodId);
      expectStatus(await c.call('GET', '/api/profile'), 200, "B's session");
      return `${attempts.length} attempts, all 404`;
    });

    check(AREA, "Member A cannot read another household's statements", ['8.2.2'], async () => {
      const member = a ?? (await ctx.signUp('attacker'));
      await ctx.demoSettled();
      const rows = await ctx.server.sql<{ id: string }>('select s.id from statements s join households h on h.id = s.household_id where h.owner_user_id <> $1 limit 1', [member.userId]);
      if (!rows[0]) throw new Error("no other household's statement to try (the demo household issues them)");
      const id = rows[0].id;
      for (const path of [`/api/billing/statements/${id}`, `/api/billing/statements/${id}.pdf`, `/api/billing/statements/${id}.csv`, `/api/billing/statements/${id}/savings`]) {
        expect((await member.client.call('GET', path)).status, path).toBe(404);
      }
    });

    check(AREA, 'A member gets 404 from every /api/ops route, a visitor 401; an operator gets in', ['8.2.1'], async () => {
      const member = a ?? (await ctx.signUp('attacker'));
      const [household] = await ctx.server.sql<{ id: string }>('select id from households where owner_user_id = $1', [member.userId]);
      const ops: [string, string, unknown?][] = [
        ['GET', '/api/ops/members'],
        ['GET', '/api/ops/events'],
        ['POST', '/api/ops/events', {}],
        ['GET', '/api/ops/cash-outs'],
        ['GET', '/api/ops/rewards/orders'],
        ['GET', '/api/ops/rewards/items'],
        ['GET', `/api/ops/households/${household!.id}/ledger`],
        ['POST', `/api/ops/households/${household!.id}/adjustments`, { points: 100000, reason: 'asvs' }],
        ['GET', '/api/ops/prize-draws'],
        ['GET', '/api/ops/programs'],
        ['GET', '/api/ops/openadr'],
        ['PUT', '/api/ops/openadr/vtn/programs/program', { programId: null }],
      ];
      const wrong: string[] = [];
      for (const [method, path, body] of ops) {
        const asMember = await member.client.call(method, path, body === undefined ? {} : { body });
        if (asMember.status !== 404 && asMember.status !== 403) wrong.push(`member ${method} ${path}: ${asMember.status}`);
        const asVisitor = await ctx.client().call(method, path, body === undefined ? {} : { body });
        if (asVisitor.status !== 401) wrong.push(`visitor ${method} ${path}: ${asVisitor.status}`);
      }
      expect(wrong, wrong.join('; ')).toEqual([]);
      const [adjusted] = await ctx.server.sql<{ count: string }>('select count(*) from points_adjustments where household_id = $1', [household!.id]);
      expect(Number(adjusted?.count ?? 0), 'adjustments to the member').toBe(0);
      const operator = await ctx.signUp('operator');
      await ctx.server.sql("update users set role = 'operator' where id = $1", [operator.userId]);
      expectStatus(await operator.client.call('GET', '/api/ops/events'), 200, 'the operator');
      return `${ops.length} routes`;
    });
  });
}
