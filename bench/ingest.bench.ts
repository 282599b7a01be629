/**
 * Ingest throughput into PostgreSQL, counting readings that were acknowledged AND committed:
 *   (a) HTTP: 5000-reading batches to POST /api/ingest/readings on the real app (real port,
 *       household ingest tokens, several keep-alive connections);
 *   (b) MQTT: QoS 1 messages (one meter reading each) through the embedded broker, which stores
 *       each before its PUBACK as `npm start` does (decision 062), and through BENCH_MQTT_URL
 *       (e.g. Mosquitto) when set, to the ingest worker, which acknowledges each after its
 *       commit; rows are counted afterwards;
 *   (c) the ceiling: the same rows as raw `INSERT … SELECT * FROM unnest(…)` into a table shaped
 *       and partitioned like meter_readings (its months and DEFAULT), same batch size and concurrency.
 * One fresh database per run, dropped at the end. Prints one summary line on stdout.
 *
 *   npm run ingest -w @peakwise/bench                  # full
 *   BENCH_SIZE=smoke npm run ingest -w @peakwise/bench  # seconds
 * Knobs: BENCH_CONNECTIONS, BENCH_BATCHES (per connection), BENCH_MQTT_MESSAGES,
 * BENCH_MQTT_PUBLISHERS, BENCH_MQTT_URL, BENCH_PG_URL.
 */
import { randomBytes } from 'node:crypto';
import { startEmbeddedBroker } from '../apps/server/src/ingest/embedded-broker';
import { createBrokerIngest } from '../apps/server/src/ingest/broker-ingest';
import { authenticateMqtt } from '../apps/server/src/ingest/mqtt-auth';
import { startMqttIngest, type IngestEvent } from '../apps/server/src/ingest/mqtt-ingest';
import type { StoredOutcome } from '../apps/server/src/ingest/mqtt-message-store';
import { meterTopic } from '../apps/server/src/telemetry/topics';
import { createLogger } from '../apps/server/src/lib/logger';
import { issueIngestCredential } from '../apps/server/src/modules/devices/ingest-credential.service';
import { ensureHouseholdForUser } from '../apps/server/src/modules/households/household.service';
import { createFreshDatabase, dropOnSignal, type FreshDatabase } from './lib/database';
import { adminDatabaseUrl, benchSize, numberKnob, stringKnob, verdict } from './lib/env';
import { int, log, pct } from './lib/format';
import { machineLine } from './lib/machine';
import { startPublishers, type Publishers } from './lib/mqtt-publishers';
import { startServer } from './lib/server';

const size = benchSize();
const smoke = size === 'smoke';
const BATCH = 5000;
const CONNECTIONS = numberKnob('CONNECTIONS', smoke ? 2 : 4);
const BATCHES_PER_CONNECTION = numberKnob('BATCHES', smoke ? 2 : 12);
// 50,000: a few seconds, long enough for a sustained rate (10,000 took under a second, mostly warm-up).
const MQTT_MESSAGES = numberKnob('MQTT_MESSAGES', smoke ? 300 : 50_000);
const MQTT_PUBLISHERS = numberKnob('MQTT_PUBLISHERS', 4);
const MQTT_WINDOW = 200; // unacknowledged publishes per publisher
const STALL_MS = 10_000;
const INTERVAL_MS = 5 * 60_000;
const EPOCH = Date.UTC(2024, 0, 1);

type Meter = { ts: string; productionKwh: number; consumptionKwh: number; gridImportKwh: number; gridExportKwh: number };

/** Plausible 5-minute values; deterministic per instant so every path writes the same rows. */
function meterAt(ms: number): Meter {
  const hour = (ms / 3_600_000) % 24;
  const sun = Math.max(0, Math.sin(((hour - 6) / 12) * Math.PI));
  const production = Math.round(sun * 0.45 * 1000) / 1000;
  const consumption = Math.round((0.08 + 0.05 * Math.sin(ms / 7_777_777) ** 2) * 1000) / 1000;
  const net = production - consumption;
  return {
    ts: new Date(ms).toISOString(),
    productionKwh: production,
    consumptionKwh: consumption,
    gridImportKwh: net < 0 ? Math.round(-net * 1000) / 1000 : 0,
    gridExportKwh: net > 0 ? Math.round(net * 1000) / 1000 : 0,
  };
}

/** Batch `index` of one household: 5000 consecutive intervals, disjoint from every other batch. */
function batchReadings(index: number): Meter[] {
  const start = EPOCH + index * BATCH * INTERVAL_MS;
  return Array.from({ length: BATCH }, (_, i) => meterAt(start + i * INTERVAL_MS));
}

async function seedHouseholds(fresh: FreshDatabase, count: number, label: string) {
  const result: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const household = await ensureHouseholdForUser(fresh.database.db, `bench-${label}-${i}-${randomBytes(3).toString('hex')}`, { name: `Bench ${label} ${i}` });
    const credential = await issueIngestCredential(fresh.database.db, household.id, null, 'bench');
    result.push({ id: household.id, token: credential.token });
  }
  return result;
}

async function countRows(fresh: FreshDatabase, table: string, householdIds: string[]) {
  const { rows } = await fresh.pool.query<{ n: string }>(`select count(*) as n from ${table} where household_id = any($1::uuid[])`, [householdIds]);
  return Number(rows[0]?.n ?? 0);
}

/** (c) Raw unnest inserts of the same rows, same batch size and concurrency. */
async function runCeiling(fresh: FreshDatabase, householdIds: string[]) {
  // Partitioned as meter_readings is (decision 115), with the same months and DEFAULT, so the
  // ceiling pays the same tuple routing and per-partition indexes as the writer it is compared with.
  await fresh.pool.query('create table bench_ceiling (like meter_readings including defaults including constraints including indexes) partition by range (ts)');
  const { rows: partitions } = await fresh.pool.query<{ bound: string }>(`
    select pg_get_expr(c.relpartbound, c.oid) as bound from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'meter_readings'::regclass order by c.relname`);
  for (const [index, { bound }] of partitions.entries()) await fresh.pool.query(`create table bench_ceiling_${index} partition of bench_ceiling ${bound}`);
  const statement = `insert into bench_ceiling (household_id, ts, production_kwh, consumption_kwh, grid_import_kwh, grid_export_kwh)
    select * from unnest($1::uuid[], $2::timestamptz[], $3::float8[], $4::float8[], $5::float8[], $6::float8[])`;
  const params = householdIds.map((id) =>
    Array.from({ length: BATCHES_PER_CONNECTION }, (_, b) => {
      const rows = batchReadings(b);
      return [Array(rows.length).fill(id), rows.map((r) => r.ts), rows.map((r) => r.productionKwh), rows.map((r) => r.consumptionKwh), rows.map((r) => r.gridImportKwh), rows.map((r) => r.gridExportKwh)];
    }),
  );
  const started = performance.now();
  let inserted = 0;
  await Promise.all(
    params.map(async (batches) => {
      const client = await fresh.pool.connect();
      try {
        for (const p of batches) {
          const result = await client.query(statement, p);
          inserted += result.rowCount ?? 0;
        }
      } finally {
        client.release();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const committed = await countRows(fresh, 'bench_ceiling', householdIds);
  if (committed !== inserted) throw new Error(`ceiling: ${inserted} inserted but ${committed} rows found`);
  return { readings: committed, seconds, rate: committed / seconds };
}

/** (a) HTTP batches through the real app. */
async function runHttp(fresh: FreshDatabase, households: { id: string; token: string }[]) {
  const server = await startServer(fresh.database);
  try {
    // Bodies are serialised before the clock starts: the client must not compete for the CPU.
    const bodies = households.map(() => Array.from({ length: BATCHES_PER_CONNECTION }, (_, b) => JSON.stringify({ meter: batchReadings(b) })));
    const warmBody = JSON.stringify({ meter: batchReadings(-1) });
    const post = async (token: string, body: string) => {
      const res = await fetch(`${server.url}/api/ingest/readings`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${text.slice(0, 300)}`);
      const result = JSON.parse(text) as { accepted: number; duplicates: number; rejected: unknown[] };
      if (result.rejected.length > 0) throw new Error(`readings rejected: ${JSON.stringify(result.rejected.slice(0, 2))}`);
      return result.accepted;
    };
    // Warm-up (JIT, pool connections, keep-alive sockets): one batch per connection, not timed.
    let warm = 0;
    for (const h of households) warm += await post(h.token, warmBody);

    const started = performance.now();
    const accepted = await Promise.all(
      households.map(async (h, i) => {
        let n = 0;
        for (const body of bodies[i]!) n += await post(h.token, body);
        return n;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const acked = accepted.reduce((a, b) => a + b, 0);
    const committed = (await countRows(fresh, 'meter_readings', households.map((h) => h.id))) - warm;
    if (committed !== acked) throw new Error(`http: ${acked} acknowledged but ${committed} rows committed`);
    // The rollups were written in the same transactions: every stored interval is counted in a day.
    const { rows } = await fresh.pool.query<{ n: string }>('select coalesce(sum(interval_count), 0) as n from meter_daily where household_id = any($1::uuid[])', [households.map((h) => h.id)]);
    if (Number(rows[0]?.n) !== committed + warm) throw new Error(`http: daily rollups cover ${rows[0]?.n} intervals, expected ${committed + warm}`);
    return { readings: committed, seconds, rate: committed / seconds };
  } finally {
    await server.close();
  }
}

/**
 * (b) MQTT QoS 1, one meter reading per message: stored by the embedded broker before its PUBACK,
 * or through an external broker to the ingest worker, as main.ts wires each.
 */
async function runMqtt(fresh: FreshDatabase, label: string, external: string | undefined) {
  const logger = createLogger({ level: 'silent' });
  const households = await seedHouseholds(fresh, MQTT_PUBLISHERS, `mqtt-${label}`);
  let committed = 0;
  let failed = 0;
  let lastCommitAt = 0;
  const counted = (event: Pick<IngestEvent, 'acked'> & StoredOutcome) => {
    if (!event.acked) failed += 1;
    else if (event.outcome === 'stored' && (event.result?.accepted ?? 0) > 0) {
      committed += event.result!.accepted;
      lastCommitAt = performance.now();
    }
  };
  const brokerIngest = external ? null : createBrokerIngest({ db: fresh.database.db, logger });
  const broker = brokerIngest
    ? await startEmbeddedBroker({
        port: 0,
        host: '127.0.0.1',
        logger,
        authenticate: (u, p) => authenticateMqtt(fresh.database.db, u, p),
        storeBeforeAck: (topic, payload) =>
          brokerIngest.storeBeforeAck(topic, payload)?.then(
            (outcome) => {
              counted({ acked: true, ...outcome });
              return outcome;
            },
            (error: unknown) => {
              counted({ acked: false, outcome: 'failed' });
              throw error;
            },
          ) ?? null,
      })
    : null;
  const url = external ?? broker!.url;
  const total = Math.floor(MQTT_MESSAGES / MQTT_PUBLISHERS) * MQTT_PUBLISHERS;
  const ingest = external
    ? startMqttIngest({
        url,
        db: fresh.database.db,
        logger,
        clientId: `bench-ingest-${randomBytes(4).toString('hex')}`,
        shareGroup: `bench-${randomBytes(4).toString('hex')}`,
        // As main.ts: MQTT 5 on an external broker, so the worker sets its own in-flight window.
        protocolVersion: 5,
        onEvent: counted,
      })
    : null;
  await ingest?.ready;
  const perPublisher = total / MQTT_PUBLISHERS;
  let publishers: Publishers | undefined;
  try {
    publishers = await startPublishers({
      url,
      window: MQTT_WINDOW,
      publishers: households.map((h) => ({
        topic: meterTopic(h.id),
        ...(external ? {} : { login: { username: h.id, password: h.token } }),
        payloads: Array.from({ length: perPublisher }, (_, i) => JSON.stringify(meterAt(EPOCH + i * INTERVAL_MS))),
      })),
    });
    const started = performance.now();
    const { pubacked, seconds: pubackSeconds } = await publishers.run();
    // Wait until every message is committed, or until nothing has been committed for STALL_MS:
    // a broker that drops QoS 1 messages it already PUBACKed (Mosquitto's max_queued_messages,
    // 1000 by default, for a subscriber that falls behind) would otherwise never finish.
    while (committed < total && performance.now() - Math.max(lastCommitAt, started) < STALL_MS) await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = ((committed >= total ? lastCommitAt : lastCommitAt || performance.now()) - started) / 1000;
    const rows = await countRows(fresh, 'meter_readings', households.map((h) => h.id));
    if (pubacked !== total) throw new Error(`mqtt ${label}: ${pubacked}/${total} PUBACKs`);
    if (rows !== committed || failed > 0) throw new Error(`mqtt ${label}: ${committed} committed+acked, ${rows} rows, ${failed} failed`);
    if (!external && committed !== total) throw new Error(`mqtt ${label}: only ${committed}/${total} messages committed`);
    return { messages: committed, lost: total - committed, seconds, rate: committed / seconds, pubackRate: total / pubackSeconds };
  } finally {
    await publishers?.close();
    await ingest?.close().catch(() => {});
    await broker?.stop().catch(() => {});
  }
}

async function main() {
  const fresh = await createFreshDatabase(adminDatabaseUrl(), 'ingest');
  dropOnSignal(fresh);
  try {
    log(await machineLine(fresh.pool));
    log(`ingest (${size}): ${CONNECTIONS} connections × ${BATCHES_PER_CONNECTION} batches × ${BATCH} readings; mqtt ${MQTT_MESSAGES} messages from ${MQTT_PUBLISHERS} publishers; database ${fresh.name}`);

    const httpHouseholds = await seedHouseholds(fresh, CONNECTIONS, 'http');
    const ceiling = await runCeiling(fresh, httpHouseholds.map((h) => h.id));
    log(`ceiling: ${int(ceiling.readings)} rows in ${ceiling.seconds.toFixed(2)} s = ${int(ceiling.rate)} r/s (raw unnest insert)`);

    const http = await runHttp(fresh, httpHouseholds);
    log(`http:    ${int(http.readings)} readings acked+committed in ${http.seconds.toFixed(2)} s = ${int(http.rate)} r/s (${pct(http.rate / ceiling.rate)} of ceiling)`);

    const embedded = await runMqtt(fresh, 'embedded', undefined);
    log(`mqtt embedded: ${int(embedded.messages)} messages committed+acked in ${embedded.seconds.toFixed(2)} s = ${int(embedded.rate)} msg/s (publisher PUBACKs from the broker: ${int(embedded.pubackRate)} msg/s)`);

    const externalUrl = stringKnob('MQTT_URL');
    const external = externalUrl ? await runMqtt(fresh, 'external', externalUrl) : null;
    if (external)
      log(
        `mqtt ${externalUrl}: ${int(external.messages)} messages committed+acked in ${external.seconds.toFixed(2)} s = ${int(external.rate)} msg/s` +
          (external.lost > 0 ? `; ${int(external.lost)} PUBACKed messages never reached the worker (broker queue limit)` : ''),
      );

    const httpPass = http.rate >= 100_000 && http.rate / ceiling.rate >= 0.25;
    const mqttPass = embedded.rate >= 15_000;
    process.stdout.write(
      `ingest[${size}]: http ${int(http.rate)} r/s (${pct(http.rate / ceiling.rate)} of ceiling ${int(ceiling.rate)} r/s) ${verdict(size, httpPass)} (target ≥100,000 r/s and ≥25%), ` +
        `mqtt ${int(embedded.rate)} msg/s ${verdict(size, mqttPass)} (target ≥15,000)` +
        (external ? `, mqtt external ${int(external.rate)} msg/s${external.lost > 0 ? ` (${int(external.lost)} lost by the broker)` : ''}` : '') +
        '\n',
    );
  } finally {
    await fresh.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`ingest bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
