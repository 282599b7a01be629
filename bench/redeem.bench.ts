/**
 * Redemptions per second on PostgreSQL (decision 040), through the real redeem service, with
 * every ledger and marketplace invariant checked after the run.
 *
 * A catalogue of physical items, donations and gift cards (with code pools), members with enough
 * points for the whole run, and BENCH_REDEEM_CONCURRENCY loops each on its own connection
 * redeeming a random item for a random member under a fresh Idempotency-Key, for
 * BENCH_REDEEM_SECONDS. Redemptions of one item queue on its row lock, so throughput grows with
 * the number of items being redeemed at once (BENCH_REDEEM_ITEMS). The code emails are left out
 * (no mailer): they are one outbox insert each, in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { AppError } from '../apps/server/src/lib/errors';
import { redeem } from '../apps/server/src/modules/rewards/redeem.service';
import { createItem, editItem, uploadCodes } from '../apps/server/src/modules/rewards/rewards-catalogue.service';
import { ledgerViolations } from '../apps/server/src/test/ledger-invariants';
import { createFreshDatabase, dropOnSignal } from './lib/database';
import { adminDatabaseUrl, benchSize, numberKnob, verdict } from './lib/env';
import { int, log, ms, percentile } from './lib/format';
import { machineLine } from './lib/machine';

const TARGET_PER_SECOND = 1000;
const size = benchSize();
const smoke = size === 'smoke';
const concurrency = numberKnob('REDEEM_CONCURRENCY', smoke ? 4 : 32);
const seconds = numberKnob('REDEEM_SECONDS', smoke ? 2 : 20);
const itemCount = numberKnob('REDEEM_ITEMS', smoke ? 4 : 32);
const memberCount = numberKnob('REDEEM_MEMBERS', smoke ? 50 : 2000);
const POINTS_EACH = 200_000;
const COST = 10;

const fresh = await createFreshDatabase(adminDatabaseUrl(), 'redeem');
dropOnSignal(fresh);
try {
  log(await machineLine(fresh.pool));
  const db = fresh.database.db;

  // The catalogue: half physical (stock for the whole run), a quarter donations, a quarter gift cards.
  const items: string[] = [];
  const codesPerCard = smoke ? 500 : 5_000;
  for (let i = 0; i < itemCount; i += 1) {
    const name = { en: `Item ${i}`, fr: `Article ${i}`, es: `Artículo ${i}` };
    const kind = i % 4 === 0 ? 'gift_card' : i % 4 === 1 ? 'charity' : 'physical';
    const id = await createItem(db, { kind, pointsCost: COST, ...(kind === 'gift_card' ? {} : { stock: kind === 'charity' ? null : 1_000_000 }), name });
    if (kind === 'gift_card') {
      for (let done = 0; done < codesPerCard; done += 5_000) {
        const batch = Array.from({ length: Math.min(5_000, codesPerCard - done) }, (_, n) => `BENCH-${i}-${done + n}`);
        await uploadCodes(db, id, batch.join('\n'));
      }
      await editItem(db, id, { status: 'active' });
    }
    items.push(id);
  }
  // Members, each credited once by one transfer from the events' issuance account.
  const members = Array.from({ length: memberCount }, (_, i) => ({ userId: `bench-member-${i}`, householdId: randomUUID() }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into points_accounts (kind, name) values ('issuance', 'events') on conflict do nothing`);
    await tx.execute(sql`insert into points_accounts (kind, household_id) select 'member', h from unnest(${sql.param(members.map((m) => m.householdId))}::uuid[]) as h`);
    const [transfer] = rowsOf<{ id: string }>(await tx.execute(sql`insert into points_transfers (idempotency_key, kind) values ('bench:seed', 'event_reward') returning id`));
    const transferId = transfer!.id;
    await tx.execute(sql`
      insert into points_entries (transfer_id, account_id, amount)
      select ${transferId}::uuid, id, case when kind = 'member' then ${POINTS_EACH}::int else ${-POINTS_EACH * memberCount}::int end
      from points_accounts where kind = 'member' or (kind = 'issuance' and name = 'events')`);
  });
  log(`seeded ${itemCount} items (${int(codesPerCard)} codes per gift card) and ${int(memberCount)} members with ${int(POINTS_EACH)} points`);

  const pool = new pg.Pool({ connectionString: fresh.url, max: concurrency });
  pool.on('error', () => {});
  const parallel = drizzle({ client: pool, schema });
  await Promise.all(Array.from({ length: concurrency }, async () => (await pool.connect()).release()));

  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  let succeeded = 0;
  let inFlight = 0;
  let peak = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const member = members[Math.floor(Math.random() * members.length)]!;
        const itemId = items[Math.floor(Math.random() * items.length)]!;
        const kindIndex = items.indexOf(itemId) % 4;
        const t0 = performance.now();
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        try {
          await redeem({ db: parallel, publicUrl: 'http://localhost' }, member, `bench-${randomUUID()}`, {
            itemId,
            quantity: 1,
            ...(kindIndex >= 2 ? { shippingAddress: { name: 'Bench', line1: '1 Front St W', city: 'Toronto', province: 'ON', postalCode: 'M5V 3L9' } } : {}),
          });
          succeeded += 1;
          latencies.push(performance.now() - t0);
        } catch (error) {
          const key = error instanceof AppError ? error.code : error instanceof Error ? error.message.slice(0, 60) : String(error);
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        } finally {
          inFlight -= 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  log(`at most ${peak} redemptions in flight at once`);
  await pool.end();

  const violations = await ledgerViolations(db);
  const { rows } = await fresh.pool.query<{ orders: string; debits: string }>(
    `select (select count(*) from reward_orders) as orders, (select count(*) from points_transfers where kind = 'redemption') as debits`,
  );
  const orders = Number(rows[0]!.orders);
  const debits = Number(rows[0]!.debits);
  latencies.sort((a, b) => a - b);
  const rate = succeeded / elapsed;
  const consistent = violations.length === 0 && orders === succeeded && debits === succeeded;
  if (violations.length > 0) log(`invariants broken:\n  ${violations.slice(0, 20).join('\n  ')}`);
  const refused = [...refusals].map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
  console.log(
    `redeem: ${int(succeeded)} redemptions in ${elapsed.toFixed(1)} s = ${int(rate)}/s (${concurrency} connections, ${itemCount} items), ` +
      `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}; refused: ${refused}; ` +
      `orders ${int(orders)}, debits ${int(debits)}, invariants ${violations.length === 0 ? 'hold' : `BROKEN (${violations.length})`}; ` +
      `target ≥ ${int(TARGET_PER_SECOND)}/s with no invariant broken: ${verdict(size, rate >= TARGET_PER_SECOND && consistent)}`,
  );
  if (!consistent) process.exitCode = 1;
} finally {
  await fresh.drop();
}
