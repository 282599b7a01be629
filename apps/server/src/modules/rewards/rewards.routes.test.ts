import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REWARD_MESSAGES } from '@peakwise/contracts/rewards.contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { ledgerViolations } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import { payEventPoints } from '../points/points.service';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2e1d0a40000000049454e44ae426082', 'hex');
const ADDRESS = { name: 'Marie Tremblay', line1: '1 Front St W', city: 'Toronto', province: 'ON', postalCode: 'm5v 3l9' };

describe('Rewards marketplace API', () => {
  let t: TestApp;
  let operator: Member;
  let alice: Member;
  let bob: Member;
  let aliceHousehold: string;
  const items: Record<'giftCard' | 'thermostat' | 'charity' | 'discount', string> = { giftCard: '', thermostat: '', charity: '', discount: '' };

  const call = (who: Member | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.request(path, { method, headers: who ? asMember(who, headers) : { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const redeem = (who: Member, body: unknown, key: string = randomUUID()) => call(who, 'POST', '/api/rewards/orders', body, { 'idempotency-key': key });
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const balanceOf = async (household: string) => (await q<{ b: number }>(sql`select balance as b from points_accounts where kind = 'member' and household_id = ${household}::uuid`))[0]?.b ?? 0;
  const stockOf = async (item: string) => (await q<{ s: number | null }>(sql`select stock as s from reward_items where id = ${item}::uuid`))[0]!.s;
  const counts = async () => (await q<{ orders: number; transfers: number; emails: number; freeCodes: number }>(sql`
    select (select count(*)::int from reward_orders) as orders, (select count(*)::int from points_transfers) as transfers,
      (select count(*)::int from email_outbox where kind = 'reward-code') as emails, (select count(*)::int from reward_codes where order_id is null) as "freeCodes"`))[0]!;
  const errorOf = async (res: Response) => (await res.json()) as { error: { code: string; message: string; details?: { message: string }[] } };

  beforeAll(async () => {
    t = await createTestApp();
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    alice = await createMember(t.app, { language: 'fr', name: 'Alice Roy' });
    bob = await createMember(t.app);
    aliceHousehold = (await ensureHouseholdForUser(t.database.db, alice.userId)).id;
    await t.database.db.transaction((tx) => payEventPoints(tx, aliceHousehold, 5000, `test:${aliceHousehold}:seed`, 'event_reward', {}));

    const create = async (body: unknown) => {
      const res = await call(operator, 'POST', '/api/ops/rewards/items', body);
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const name = (en: string) => ({ en, fr: `${en} (fr)`, es: `${en} (es)` });
    items.giftCard = await create({ kind: 'gift_card', pointsCost: 1000, name: name('$10 gift card') });
    items.thermostat = await create({ kind: 'physical', pointsCost: 2500, stock: 1, name: name('Smart thermostat') });
    items.charity = await create({ kind: 'charity', pointsCost: 500, stock: null, name: name('Donation') });
    items.discount = await create({ kind: 'discount_code', pointsCost: 300, name: name('Partner discount') });
    const upload = await call(operator, 'POST', `/api/ops/rewards/items/${items.giftCard}/codes`, { codes: 'code\nGIFT-0001\nGIFT-0002,extra\n"GIFT-0003"\n' });
    expect(await upload.json()).toEqual({ added: 3, codesAvailable: 3 });
    // Code items start off the catalogue; the gift card has codes now and goes live.
    expect((await call(operator, 'PATCH', `/api/ops/rewards/items/${items.giftCard}`, { status: 'active' })).status).toBe(204);
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await ledgerViolations(t.database.db)).toEqual([]));

  it('the console’s rewards API: 401 anonymous, 404 for a member, open to an operator', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/ops/rewards/items'],
      ['POST', '/api/ops/rewards/items', { kind: 'charity', pointsCost: 10, stock: null, name: { en: 'x', fr: 'x', es: 'x' } }],
      ['PATCH', `/api/ops/rewards/items/${none}`, { pointsCost: 5 }],
      ['PUT', `/api/ops/rewards/items/${none}/image`],
      ['POST', `/api/ops/rewards/items/${none}/codes`, { codes: 'ABCD-1234' }],
      ['GET', '/api/ops/rewards/orders'],
      ['POST', `/api/ops/rewards/orders/${none}/ship`, { tracking: 'TRACK-1' }],
      ['POST', `/api/ops/rewards/orders/${none}/deliver`],
    ];
    const before = await q<{ n: number }>(sql`select count(*)::int as n from reward_items`);
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).status, `anonymous ${method} ${path}`).toBe(401);
      const res = await call(alice, method, path, body);
      expect(res.status, `member ${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    expect(await q(sql`select count(*)::int as n from reward_items`)).toEqual(before);
    expect((await call(operator, 'GET', '/api/ops/rewards/items')).status).toBe(200);
    expect((await call(operator, 'GET', '/api/ops/rewards/orders')).status).toBe(200);
    // The member routes want a session too.
    expect((await call(null, 'GET', '/api/rewards/catalogue')).status).toBe(401);
    expect((await call(null, 'GET', '/api/rewards/orders')).status).toBe(401);
    expect((await call(null, 'POST', '/api/rewards/orders', { itemId: items.charity }, { 'idempotency-key': 'anonymous-1' })).status).toBe(401);
  });

  it('images: stored by the app, type and size checked, served with a versioned URL and long caching', async () => {
    const put = (body: Buffer, type: string) => t.app.request(`/api/ops/rewards/items/${items.giftCard}/image`, { method: 'PUT', headers: asMember(operator, { 'content-type': type }), body });
    const notPng = await put(Buffer.from('GIF89a......'), 'image/png');
    expect(notPng.status).toBe(415);
    expect((await errorOf(notPng)).error.message).toBe(REWARD_MESSAGES.imageType);
    const big = await put(Buffer.concat([PNG, Buffer.alloc(512 * 1024)]), 'image/png');
    expect(big.status).toBe(413);
    expect((await errorOf(big)).error.message).toBe(REWARD_MESSAGES.imageTooLarge);
    expect(await q(sql`select count(*)::int as n from reward_item_images`)).toEqual([{ n: 0 }]);

    const ok = await put(PNG, 'image/png');
    expect(ok.status).toBe(200);
    const { imageUrl } = (await ok.json()) as { imageUrl: string };
    const catalogue = (await (await call(alice, 'GET', '/api/rewards/catalogue')).json()) as { items: { id: string; imageUrl: string | null }[] };
    expect(catalogue.items.find((i) => i.id === items.giftCard)!.imageUrl).toBe(imageUrl);
    const image = await t.app.request(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const again = await t.app.request(imageUrl, { headers: { 'if-none-match': image.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('a gift card or discount with no codes starts off the catalogue and cannot be made live: 409 with the reason, nothing changed', async () => {
    const listed = async () => ((await (await call(bob, 'GET', '/api/rewards/catalogue')).json()) as { items: { id: string }[] }).items.map((i) => i.id);
    expect(await listed()).not.toContain(items.discount);
    const [before] = await q<{ status: string }>(sql`select status from reward_items where id = ${items.discount}::uuid`);
    expect(before!.status).toBe('withdrawn');
    const res = await call(operator, 'PATCH', `/api/ops/rewards/items/${items.discount}`, { status: 'active', pointsCost: 350 });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error).toMatchObject({ code: 'no_codes', message: REWARD_MESSAGES.noCodesToGoLive });
    expect(await q(sql`select status, points_cost as "pointsCost" from reward_items where id = ${items.discount}::uuid`)).toEqual([{ status: 'withdrawn', pointsCost: 300 }]);
    expect(await listed()).not.toContain(items.discount);
  });

  it('the catalogue: active items cheapest first, in three languages', async () => {
    const res = await call(bob, 'GET', '/api/rewards/catalogue');
    expect(res.status).toBe(200);
    const { items: listed } = (await res.json()) as { items: { id: string; pointsCost: number; stock: number | null; name: { fr: string } }[] };
    expect(listed.map((i) => [i.pointsCost, i.stock])).toEqual([
      [500, null],
      [1000, 3],
      [2500, 1],
    ]);
    expect(listed[1]!.name.fr).toBe('$10 gift card (fr)');
  });

  it('redeems a gift card once: the code in the order and in a French email; a replay answers the same order', async () => {
    const before = await counts();
    const key = `double-click-${randomUUID()}`;
    const first = await redeem(alice, { itemId: items.giftCard }, key);
    expect(first.status).toBe(201);
    const order = (await first.json()) as { id: string; code: string; status: string; points: number };
    expect(order).toMatchObject({ status: 'fulfilled', points: 1000 });
    expect(['GIFT-0001', 'GIFT-0002', 'GIFT-0003']).toContain(order.code);
    expect(await q(sql`select order_id as "orderId" from reward_codes where code = ${order.code}`)).toEqual([{ orderId: order.id }]);
    expect(await balanceOf(aliceHousehold)).toBe(4000);
    expect(await stockOf(items.giftCard)).toBe(2);

    const replay = await redeem(alice, { itemId: items.giftCard }, key);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { id: string }).id).toBe(order.id);
    expect(await balanceOf(aliceHousehold)).toBe(4000);
    expect(await counts()).toEqual({ ...before, orders: before.orders + 1, transfers: before.transfers + 1, emails: before.emails + 1, freeCodes: before.freeCodes - 1 });

    const [mail] = await q<{ to: string; language: string; subject: string; text: string }>(sql`select "to", language, subject, text from email_outbox where kind = 'reward-code'`);
    expect(mail).toMatchObject({ to: alice.email, language: 'fr', subject: 'Votre code : $10 gift card (fr)' });
    expect(mail!.text).toContain(order.code);

    // The same key for another item is a mistake, not a replay.
    const reused = await redeem(alice, { itemId: items.charity }, key);
    expect(reused.status).toBe(409);
    expect((await errorOf(reused)).error.message).toBe(REWARD_MESSAGES.keyReused);
  });

  it('nobody sees another member’s orders or codes', async () => {
    const bobs = (await (await call(bob, 'GET', '/api/rewards/orders')).json()) as { orders: unknown[] };
    expect(bobs.orders).toEqual([]);
    const alices = (await (await call(alice, 'GET', '/api/rewards/orders')).json()) as { orders: { code: string | null }[] };
    const [given] = await q<{ code: string }>(sql`select code from reward_codes where order_id is not null`);
    expect(alices.orders.map((o) => o.code)).toEqual([given!.code]);
    // Bob replaying Alice's key makes his own attempt (and he has no points), never her order.
    const [aliceKey] = await q<{ k: string }>(sql`select client_key as k from reward_orders limit 1`);
    const res = await redeem(bob, { itemId: items.giftCard }, aliceKey!.k);
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).not.toContain(given!.code);
  });

  it('refuses bad redemptions with their message and changes nothing', async () => {
    await call(operator, 'PATCH', `/api/ops/rewards/items/${items.discount}`, { status: 'withdrawn' });
    const cases: [string, unknown, number, string, Record<string, string>?][] = [
      ['no key', { itemId: items.charity }, 400, REWARD_MESSAGES.keyInvalid, { 'idempotency-key': 'x' }],
      ['zero quantity', { itemId: items.charity, quantity: 0 }, 400, REWARD_MESSAGES.quantity],
      ['negative quantity', { itemId: items.charity, quantity: -2 }, 400, REWARD_MESSAGES.quantity],
      ['fractional quantity', { itemId: items.charity, quantity: 1.5 }, 400, REWARD_MESSAGES.quantity],
      ['malformed item', { itemId: 'thermostat' }, 400, REWARD_MESSAGES.notFound],
      ['unknown item', { itemId: randomUUID() }, 404, REWARD_MESSAGES.notFound],
      ['withdrawn', { itemId: items.discount }, 410, REWARD_MESSAGES.withdrawn],
      ['two codes', { itemId: items.giftCard, quantity: 2 }, 400, REWARD_MESSAGES.oneCodeAtATime],
      ['no address', { itemId: items.thermostat }, 400, REWARD_MESSAGES.addressRequired],
      ['bad postal code', { itemId: items.thermostat, shippingAddress: { ...ADDRESS, postalCode: 'ZZZ 999' } }, 400, REWARD_MESSAGES.postalCode],
      ['postal code of another province', { itemId: items.thermostat, shippingAddress: { ...ADDRESS, province: 'QC' } }, 400, REWARD_MESSAGES.postalProvince],
      ['no street', { itemId: items.thermostat, shippingAddress: { ...ADDRESS, line1: '  ' } }, 400, REWARD_MESSAGES.addressLine1],
      ['address for a donation', { itemId: items.charity, shippingAddress: ADDRESS }, 400, REWARD_MESSAGES.addressNotNeeded],
      ['too many for the stock', { itemId: items.thermostat, quantity: 2, shippingAddress: ADDRESS }, 409, REWARD_MESSAGES.outOfStock],
      ['more points than the balance', { itemId: items.charity, quantity: 9 }, 409, REWARD_MESSAGES.insufficientPoints],
    ];
    const before = { counts: await counts(), balance: await balanceOf(aliceHousehold), stock: await stockOf(items.thermostat) };
    for (const [label, body, status, message, headers] of cases) {
      const res = headers ? await call(alice, 'POST', '/api/rewards/orders', body, headers) : await redeem(alice, body);
      expect(res.status, label).toBe(status);
      const { error } = await errorOf(res);
      expect([error.message, ...(error.details ?? []).map((d) => d.message)], label).toContain(message);
    }
    expect({ counts: await counts(), balance: await balanceOf(aliceHousehold), stock: await stockOf(items.thermostat) }).toEqual(before);
  });

  it('a physical order ships with its address and moves ordered → shipped → delivered as the operator says', async () => {
    const res = await redeem(alice, { itemId: items.thermostat, shippingAddress: ADDRESS });
    expect(res.status).toBe(201);
    const order = (await res.json()) as { id: string; status: string; shippingAddress: { postalCode: string } };
    expect(order.status).toBe('ordered');
    expect(order.shippingAddress.postalCode).toBe('M5V 3L9');
    expect(await stockOf(items.thermostat)).toBe(0);
    expect(await balanceOf(aliceHousehold)).toBe(1500);
    const soldOut = await redeem(alice, { itemId: items.thermostat, shippingAddress: ADDRESS });
    expect(soldOut.status).toBe(409);

    const queue = (await (await call(operator, 'GET', '/api/ops/rewards/orders')).json()) as { id: string; memberEmail: string }[];
    expect(queue).toEqual([expect.objectContaining({ id: order.id, memberEmail: alice.email })]);
    expect((await call(operator, 'POST', `/api/ops/rewards/orders/${order.id}/deliver`)).status).toBe(409);
    const noTracking = await call(operator, 'POST', `/api/ops/rewards/orders/${order.id}/ship`, { tracking: '' });
    expect(noTracking.status).toBe(400);
    expect((await call(operator, 'POST', `/api/ops/rewards/orders/${order.id}/ship`, { tracking: '1Z-999-AA1' })).status).toBe(204);
    expect((await call(operator, 'POST', `/api/ops/rewards/orders/${order.id}/ship`, { tracking: '1Z-999-AA2' })).status).toBe(409);
    expect((await call(operator, 'POST', `/api/ops/rewards/orders/${order.id}/deliver`)).status).toBe(204);
    const mine = (await (await call(alice, 'GET', '/api/rewards/orders')).json()) as { orders: { id: string; status: string; tracking: string | null }[] };
    expect(mine.orders.find((o) => o.id === order.id)).toMatchObject({ status: 'delivered', tracking: '1Z-999-AA1' });
    expect((await call(operator, 'POST', `/api/ops/rewards/orders/${randomUUID()}/deliver`)).status).toBe(404);
  });

  it('code pools: duplicates and malformed codes refuse the whole upload; only code items take codes', async () => {
    const before = await counts();
    const dup = await call(operator, 'POST', `/api/ops/rewards/items/${items.giftCard}/codes`, { codes: 'GIFT-0100\nGIFT-0002' });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: { code: 'duplicate_codes', message: REWARD_MESSAGES.codesDuplicate, details: { codes: ['GIFT-0002'] } } });
    const repeated = await call(operator, 'POST', `/api/ops/rewards/items/${items.giftCard}/codes`, { codes: 'GIFT-0200\nGIFT-0200' });
    expect(repeated.status).toBe(409);
    expect((await call(operator, 'POST', `/api/ops/rewards/items/${items.giftCard}/codes`, { codes: 'no spaces allowed' })).status).toBe(400);
    expect((await call(operator, 'POST', `/api/ops/rewards/items/${items.giftCard}/codes`, { codes: '\n\n' })).status).toBe(400);
    expect((await call(operator, 'POST', `/api/ops/rewards/items/${items.thermostat}/codes`, { codes: 'ABCD-1234' })).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await stockOf(items.giftCard)).toBe(2);
  });

  it('operators edit items: a code item’s stock follows its pool, only charity is unlimited', async () => {
    const refuse = async (id: string, body: unknown, message: string) => {
      const res = await call(operator, 'PATCH', `/api/ops/rewards/items/${id}`, body);
      expect(res.status).toBe(400);
      const { error } = await errorOf(res);
      expect([error.message, ...(error.details ?? []).map((d) => d.message)]).toContain(message);
    };
    await refuse(items.giftCard, { stock: 50 }, REWARD_MESSAGES.stockFollowsCodes);
    await refuse(items.thermostat, { stock: null }, REWARD_MESSAGES.unlimitedOnlyCharity);
    await refuse(items.thermostat, { stock: -1 }, REWARD_MESSAGES.stock);
    await refuse(items.thermostat, { pointsCost: 0 }, REWARD_MESSAGES.pointsCost);
    expect((await call(operator, 'PATCH', `/api/ops/rewards/items/${randomUUID()}`, { pointsCost: 5 })).status).toBe(404);
    expect((await call(operator, 'PATCH', `/api/ops/rewards/items/${items.thermostat}`, { stock: 4, name: { fr: 'Thermostat intelligent' } })).status).toBe(204);
    const [row] = await q<{ stock: number; fr: string; en: string }>(sql`select stock, name_fr as fr, name_en as en from reward_items where id = ${items.thermostat}::uuid`);
    expect(row).toEqual({ stock: 4, fr: 'Thermostat intelligent', en: 'Smart thermostat' });
  });

  it('the points summary counts to the cheapest active reward the balance does not cover', async () => {
    // Alice has 1,500: active in-stock items cost 500 (charity), 1,000 (gift card), 2,500 (thermostat); the discount is withdrawn.
    const res = await call(alice, 'GET', '/api/points');
    const body = (await res.json()) as { balance: number; valueCents: number; nextReward: { itemId: string; pointsNeeded: number; pointsCost: number } | null };
    expect(body).toMatchObject({ balance: 1500, valueCents: 1500, nextReward: { itemId: items.thermostat, pointsCost: 2500, pointsNeeded: 1000 } });
    const bobs = (await (await call(bob, 'GET', '/api/points')).json()) as { nextReward: { pointsCost: number; pointsNeeded: number } };
    expect(bobs.nextReward).toMatchObject({ pointsCost: 500, pointsNeeded: 500 });
  });

  it('the database refuses an order without its debit and edits of what was paid', async () => {
    const [order] = await q<{ id: string }>(sql`select id from reward_orders limit 1`);
    await expect(t.database.db.execute(sql`update reward_orders set points = 1 where id = ${order!.id}::uuid`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from reward_orders where id = ${order!.id}::uuid`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update reward_codes set order_id = null where order_id = ${order!.id}::uuid`)).rejects.toThrow();
    const [transfer] = await q<{ id: string }>(sql`select id from points_transfers where kind = 'event_reward' limit 1`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into reward_orders (household_id, user_id, item_id, kind, points, client_key, transfer_id, status)
          values (${aliceHousehold}::uuid, ${alice.userId}, ${items.charity}::uuid, 'charity', 500, 'forged-order', ${transfer!.id}::uuid, 'fulfilled')`);
      }),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`update reward_items set stock = -1 where id = ${items.thermostat}::uuid`)).rejects.toThrow();
  });
});
