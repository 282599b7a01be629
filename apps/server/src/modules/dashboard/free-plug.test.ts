import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStepsSchema } from '@peakwise/contracts/first-steps.contract';
import { FREE_PLUG_MESSAGES } from '@peakwise/contracts/free-plug-order.contract';
import { opsFulfilmentOrderSchema, REWARD_MESSAGES } from '@peakwise/contracts/rewards.contract';
import { rowsOf } from '../../db/rows';
import { ledgerViolations } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { ensureHouseholdForUser } from '../households/household.service';

const ADDRESS = { name: 'Marie Tremblay', line1: '1 Front St W', city: 'Toronto', province: 'ON', postalCode: 'm5v 3l9' };
const now = new Date('2026-02-02T15:00:00Z');

describe('the free smart plug (issue 30, decision 090)', () => {
  let t: TestApp;
  let operator: Member;

  const call = (who: Member, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.request(path, { method, headers: asMember(who, headers), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const order = (who: Member, shippingAddress: unknown = ADDRESS, key: string = randomUUID()) =>
    call(who, 'POST', '/api/dashboard/first-steps/free-plug', { shippingAddress }, { 'idempotency-key': key });
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  /** Everything an order could change, read from the rows. */
  const snapshot = async (household: string) =>
    (
      await q(sql`select (select count(*)::int from reward_orders) as orders, (select count(*)::int from points_transfers) as transfers,
        (select json_agg(json_build_object('status', status, 'user', user_id, 'key', client_key, 'postal', ship_postal_code) order by id) from reward_orders where household_id = ${household}::uuid) as mine,
        (select free_plug_skipped_at from households where id = ${household}::uuid) as skipped`)
    )[0];
  const member = async (overrides: Parameters<typeof createMember>[1] = {}) => {
    const m = await createMember(t.app, overrides);
    return { m, household: (await ensureHouseholdForUser(t.database.db, m.userId)).id };
  };
  const freePlugStep = async (who: Member) => {
    const res = await call(who, 'GET', '/api/dashboard/first-steps');
    expect(res.status).toBe(200);
    const body = firstStepsSchema.parse(await res.json());
    return { done: body.steps.find((s) => s.id === 'freePlug')!.done, plug: body.freePlug };
  };
  const queue = async (status: string) => {
    const res = await call(operator, 'GET', `/api/ops/rewards/orders?status=${status}`);
    expect(res.status).toBe(200);
    return opsFulfilmentOrderSchema.array().parse(await res.json());
  };
  const errorOf = async (res: Response) => (await res.json()) as { error: { code: string; message: string; details?: { path: string; message: string }[] } };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
  });
  afterAll(() => t.close());

  it('orders once: 201, the step shows ordered, the order waits in the fulfilment queue with the address, no points moved', async () => {
    const { m, household } = await member();
    expect(await freePlugStep(m)).toEqual({ done: false, plug: { status: 'available', carrier: null, tracking: null, orderedAt: null, shippedAt: null, deliveredAt: null } });
    const transfersBefore = (await snapshot(household))!;

    const res = await order(m);
    expect(res.status).toBe(201);
    const body = firstStepsSchema.parse(await res.json());
    expect(body.freePlug.status).toBe('ordered');
    expect(body.steps.find((s) => s.id === 'freePlug')!.done).toBe(true);

    const [row] = await q<{ points: number; transfer: string | null; status: string; postal: string; free: boolean }>(
      sql`select points, transfer_id as transfer, status, ship_postal_code as postal, free_plug as free from reward_orders where household_id = ${household}::uuid`,
    );
    expect(row).toEqual({ points: 0, transfer: null, status: 'ordered', postal: 'M5V 3L9', free: true });
    expect((await snapshot(household))!).toMatchObject({ transfers: (transfersBefore as { transfers: number }).transfers });

    const waiting = (await queue('ordered')).filter((o) => o.memberEmail === m.email);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ points: 0, kind: 'physical', name: { en: 'Free smart plug' }, shippingAddress: { postalCode: 'M5V 3L9', province: 'ON' } });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('a home with no postal code takes the shipping address’s, with its province and zone; a home that has one keeps it', async () => {
    const { m, household } = await member();
    const place = async (id: string) => (await q<{ postal: string | null; province: string; zone: string }>(sql`select postal_code as postal, province, time_zone as zone from households where id = ${id}::uuid`))[0];
    expect((await place(household))!.postal).toBeNull();
    // Vancouver: another province and zone than a new home's default (Ontario, Toronto).
    expect((await order(m, { name: 'Sam Chan', line1: '1 Robson St', city: 'Vancouver', province: 'BC', postalCode: 'v6b 1a1' })).status).toBe(201);
    expect(await place(household)).toEqual({ postal: 'V6B1A1', province: 'BC', zone: 'America/Vancouver' });

    const placed = await member();
    const home = await call(placed.m, 'PUT', '/api/household/home', { postalCode: 'K1A 0B1' });
    expect(home.status).toBe(200);
    expect((await order(placed.m)).status).toBe(201);
    expect((await place(placed.household))!.postal).toBe('K1A0B1');
  });

  it('the same key again answers the first order (200) and writes nothing more', async () => {
    const { m, household } = await member();
    const key = randomUUID();
    expect((await order(m, ADDRESS, key)).status).toBe(201);
    const before = await snapshot(household);
    expect((await order(m, ADDRESS, key)).status).toBe(200);
    expect(await snapshot(household)).toEqual(before);
  });

  it('a second order is refused with 409 and its message, and changes nothing', async () => {
    const { m, household } = await member();
    expect((await order(m)).status).toBe(201);
    const before = await snapshot(household);
    const res = await order(m, { ...ADDRESS, line1: '2 Other St' });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error).toMatchObject({ code: 'free_plug_already_ordered', message: FREE_PLUG_MESSAGES.alreadyOrdered });
    expect(await snapshot(household)).toEqual(before);
  });

  it('two orders at once with different keys: exactly one succeeds, the other gets 409', async () => {
    const { m, household } = await member();
    const answers = await Promise.all([order(m), order(m)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from reward_orders where household_id = ${household}::uuid`);
    expect(n!.n).toBe(1);
  });

  it('the database itself refuses a second free plug for a household', async () => {
    const { m, household } = await member();
    expect((await order(m)).status).toBe(201);
    await expect(
      t.database.db.execute(sql`insert into reward_orders (household_id, user_id, item_id, kind, quantity, points, client_key, status, free_plug, ship_name, ship_line1, ship_city, ship_province, ship_postal_code)
        select ${household}::uuid, ${m.userId}, id, 'physical', 1, 0, 'direct-insert', 'ordered', true, 'x', 'x', 'x', 'ON', 'M5V 3L9' from reward_items where free_plug`),
    ).rejects.toThrow();
  });

  it('an address outside Canada is 400 with the validation message, and nothing is written', async () => {
    const { m, household } = await member();
    const before = await snapshot(household);
    const res = await order(m, { name: 'John Smith', line1: '1600 Pennsylvania Ave NW', city: 'Washington', province: 'DC', postalCode: '20500' });
    expect(res.status).toBe(400);
    const messages = (await errorOf(res)).error.details!.map((d) => d.message);
    expect(messages).toEqual(expect.arrayContaining([REWARD_MESSAGES.province, REWARD_MESSAGES.postalCode]));
    expect(await snapshot(household)).toEqual(before);
  });

  it('a province Peakwise does not serve is refused (400), nothing written', async () => {
    const { m, household } = await member();
    const before = await snapshot(household);
    const res = await order(m, { name: 'Anne Gallant', line1: '1 Water St', city: 'Halifax', province: 'NS', postalCode: 'B3J 1S9' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error).toMatchObject({ code: 'province_not_served', message: FREE_PLUG_MESSAGES.notServed });
    expect(await snapshot(household)).toEqual(before);
  });

  it('the free plug cannot be redeemed from Rewards and is not in the catalogue', async () => {
    const { m } = await member();
    const [item] = await q<{ id: string }>(sql`select id from reward_items where free_plug`);
    const catalogue = (await (await call(m, 'GET', '/api/rewards/catalogue')).json()) as { items: { id: string }[] };
    expect(catalogue.items.map((i) => i.id)).not.toContain(item!.id);
    const res = await call(m, 'POST', '/api/rewards/orders', { itemId: item!.id, shippingAddress: ADDRESS }, { 'idempotency-key': randomUUID() });
    expect(res.status).toBe(404);
  });

  it('shipped with carrier and tracking: the member sees both, and a shipped email in their language is in the outbox; then delivered', async () => {
    const { m } = await member({ language: 'fr', name: 'Luc Roy' });
    expect((await order(m)).status).toBe(201);
    const [mine] = (await queue('ordered')).filter((o) => o.memberEmail === m.email);
    const ship = await call(operator, 'POST', `/api/ops/rewards/orders/${mine!.id}/ship`, { tracking: 'CP-1234-5678', carrier: 'Postes Canada' });
    expect(ship.status).toBe(204);

    expect(await freePlugStep(m)).toEqual({
      done: true,
      plug: { status: 'shipped', carrier: 'Postes Canada', tracking: 'CP-1234-5678', orderedAt: expect.any(String), shippedAt: now.toISOString(), deliveredAt: null },
    });
    expect((await queue('shipped')).find((o) => o.id === mine!.id)).toMatchObject({ carrier: 'Postes Canada', tracking: 'CP-1234-5678' });
    await t.accounts.mailer.settle();
    const mails = await q<{ language: string; subject: string; text: string }>(sql`select language, subject, text from email_outbox where "to" = ${m.email} and kind = 'reward-shipped'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('fr');
    expect(mails[0]!.subject).toBe('Votre commande est expédiée : Prise intelligente gratuite');
    expect(mails[0]!.text).toContain('Transporteur : Postes Canada. Numéro de suivi : CP-1234-5678');

    expect((await call(operator, 'POST', `/api/ops/rewards/orders/${mine!.id}/deliver`)).status).toBe(204);
    expect((await freePlugStep(m)).plug).toMatchObject({ status: 'delivered', deliveredAt: now.toISOString(), tracking: 'CP-1234-5678' });
  });

  it('"I already have a plug" ticks the step as skipped, kept on the household; refused once a plug is ordered', async () => {
    const { m, household } = await member();
    const res = await call(m, 'POST', '/api/dashboard/first-steps/free-plug/skip');
    expect(res.status).toBe(200);
    expect(firstStepsSchema.parse(await res.json()).freePlug.status).toBe('skipped');
    const [row] = await q<{ at: string | Date | null }>(sql`select free_plug_skipped_at as at from households where id = ${household}::uuid`);
    expect(new Date(row!.at!).toISOString()).toBe(now.toISOString());
    expect(await freePlugStep(m)).toMatchObject({ done: true, plug: { status: 'skipped' } });

    const { m: other } = await member();
    expect((await order(other)).status).toBe(201);
    const refused = await call(other, 'POST', '/api/dashboard/first-steps/free-plug/skip');
    expect(refused.status).toBe(409);
    expect((await freePlugStep(other)).plug.status).toBe('ordered');
  });
});
