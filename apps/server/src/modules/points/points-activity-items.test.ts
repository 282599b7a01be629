import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../../test/ledger-invariants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { setOperator } from '../auth/user-role.repository';
import { ensureHouseholdForUser } from '../households/household.service';
import { payEventPoints } from './points.service';

type Entry = { kind: string; amount: number; balanceAfter: number; eventId: string | null; orderId: string | null; item: { en: string; fr: string; es: string } | null };

describe('activity names what was redeemed and links each entry to its order or event (decision 051)', () => {
  let t: TestApp;
  let operator: Member;
  const name = { en: 'Smart plug', fr: 'Prise intelligente', es: 'Enchufe inteligente' };
  let itemId: string;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await createMember(t.app);
    await setOperator(t.database.db, operator.email);
    const res = await t.app.request('/api/ops/rewards/items', { method: 'POST', headers: asMember(operator), body: JSON.stringify({ kind: 'charity', pointsCost: 300, stock: null, name }) });
    expect(res.status).toBe(201);
    itemId = ((await res.json()) as { id: string }).id;
  });
  afterEach(() => expectLedgerInvariants(t.database.db));
  afterAll(() => t.close());

  async function memberWhoRedeemed(language: string) {
    const member = await createMember(t.app, { language });
    const household = await ensureHouseholdForUser(t.database.db, member.userId);
    const eventId = randomUUID();
    await t.database.db.transaction((tx) => payEventPoints(tx, household.id, 1_000, `items:${eventId}`, 'event_reward', { eventId }));
    const orderIds: string[] = [];
    for (const quantity of [1, 2]) {
      const res = await t.app.request('/api/rewards/orders', { method: 'POST', headers: asMember(member, { 'idempotency-key': `k-${randomUUID()}` }), body: JSON.stringify({ itemId, quantity }) });
      expect(res.status).toBe(201);
      orderIds.push(((await res.json()) as { id: string }).id);
    }
    return { member, eventId, orderIds };
  }

  it('in the pages: each redemption carries its item in every language and its order; the reward its event', async () => {
    const { member, eventId, orderIds } = await memberWhoRedeemed('en');
    const res = await t.app.request('/api/points', { headers: asMember(member) });
    expect(res.status).toBe(200);
    const { activity } = (await res.json()) as { activity: Entry[] };
    // By hand: 1,000 earned, then 300 and 600 spent.
    expect(activity.map(({ kind, amount, balanceAfter, eventId: e, orderId, item }) => ({ kind, amount, balanceAfter, eventId: e, orderId, item }))).toEqual([
      { kind: 'redemption', amount: -600, balanceAfter: 100, eventId: null, orderId: orderIds[1], item: name },
      { kind: 'redemption', amount: -300, balanceAfter: 700, eventId: null, orderId: orderIds[0], item: name },
      { kind: 'event_reward', amount: 1_000, balanceAfter: 1_000, eventId, orderId: null, item: null },
    ]);
  });

  it('in the CSV: the item in the member’s language, beside its order', async () => {
    const { member, eventId, orderIds } = await memberWhoRedeemed('es');
    const res = await t.app.request('/api/points/activity.csv', { headers: asMember(member) });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n').slice(1, -1).map((l) => l.split(',').slice(1));
    expect(lines).toEqual([
      ['redemption', '-600', '100', '', '', orderIds[1], '', '', 'Enchufe inteligente'],
      ['redemption', '-300', '700', '', '', orderIds[0], '', '', 'Enchufe inteligente'],
      ['event_reward', '1000', '1000', eventId, '', '', '', '', ''],
    ]);
  });
});
