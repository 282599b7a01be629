/**
 * The demo household's gateway: sends the simulator's readings through the real ingestion path
 * (MQTT, QoS 1, the household's own ingest credential, the broker's ACL, the ingest worker's
 * validation and store). Back-fills the history that is missing, then streams each 5-minute
 * interval as it ends and a power sample every 10 s. Restart-safe: it resumes after the newest
 * stored meter reading, and the store is idempotent anyway.
 */

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, localDateOf, startOfLocalDate, startOfLocalDay } from '@peakwise/domain/local-time';
import type { Db } from '../db/client';
import { deviceStateSchema } from '@peakwise/contracts/ingest.contract';
import { connectMqtt, type MqttConnection } from '../ingest/mqtt-connection';
import { deviceTopic, parseTopic } from '../telemetry/topics';
import type { Logger } from '../lib/logger';
import { rowsOf } from '../db/rows';
import { DEMO_HOUSEHOLD, type HouseholdProfile } from './household-profile';
import { simulateInterval, simulateRange } from './household-simulator';
import type { RoomState } from './room-thermal-model';
import { batchMessages, intervalMessages, livePowerW, powerMessage, type DemoMessage } from './demo-messages';
import { DAY_MS, INTERVAL_MS } from '@peakwise/domain/time-constants';
import { createTimeScale, dueIntervalStarts, toSimulatedTime } from './time-scale';

export type DemoRunnerOptions = {
  db: Db;
  logger: Logger;
  /** The broker the server ingests from (embedded or MQTT_URL). */
  url: string;
  householdId: string;
  /** The household ingest token; the gateway logs in with username = household id. */
  token: string;
  profile?: HouseholdProfile;
  seed: number;
  /** Simulated seconds per real second once live; > 1 replays today from midnight until it catches up. */
  speed: number;
  backfillDays: number;
  /** Wall clock (ms); tests may pin it. */
  now?: () => number;
  powerEveryMs?: number;
  /** Back-fill chunks published but not yet stored: keeps the ingest worker busy without flooding the broker. */
  window?: number;
  /** Local days per back-fill message (at most 17: a message carries at most 5000 readings of a series). */
  chunkDays?: number;
  /** Give up waiting for a published day to be stored after this long (it is logged and skipped). */
  storedTimeoutMs?: number;
  /** The events the household opted in to: it cuts its use during them, in back-fill and live. */
  eventWindows?: () => Promise<readonly EventWindow[]>;
};

export type EventWindow = { startMs: number; endMs: number };

/** How often live streaming looks for events the member opted in to since. */
const EVENT_WINDOWS_REFRESH_MS = 60_000;

export type BackfillReport = { intervals: number; days: number; ms: number; from: string | null; to: string | null };

export type DemoRunner = {
  /** Resolves when the back-fill is stored (or abandoned on stop); live streaming has started. */
  backfilled: Promise<BackfillReport>;
  /** Resolves once the gateway hears plug commands. */
  listening: Promise<void>;
  stop(): Promise<void>;
};

const POWER_EVERY_MS = 10_000;
const MAX_INTERVALS_PER_TICK = 288;

async function latestMeterMs(db: Db, householdId: string): Promise<number | null> {
  const [row] = rowsOf<{ ms: number | null }>(
    await db.execute(sql`select (extract(epoch from hi) * 1000)::float8 as ms from meter_readings_span(${householdId}::uuid)`),
  );
  return row?.ms ?? null;
}

export function startDemoRunner(options: DemoRunnerOptions): DemoRunner {
  const profile = options.profile ?? DEMO_HOUSEHOLD;
  const now = options.now ?? Date.now;
  const log = options.logger.child({ component: 'demo-runner', householdId: options.householdId });
  const { householdId, seed } = options;
  const chunkDays = Math.min(17, Math.max(1, options.chunkDays ?? 1));
  const window = options.window ?? 2;
  const storedTimeoutMs = options.storedTimeoutMs ?? 60_000;
  let stopping = false;
  const timers: NodeJS.Timeout[] = [];
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  const connection: MqttConnection = connectMqtt({
    url: options.url,
    logger: log,
    clientId: `peakwise-demo-${householdId.slice(0, 8)}-${randomBytes(3).toString('hex')}`,
    username: householdId,
    password: options.token,
  });
  const client = connection.client;
  const connected = new Promise<void>((resolve) => (client.connected ? resolve() : client.once('connect', () => resolve())));

  // Plugs the member switched off draw nothing until switched on again. The gateway hears every
  // device command in its household, applies it, and reports the relay state like a real plug.
  const switchable = new Set(profile.appliances.filter((a) => a.switchable && !a.neverSwitch).map((a) => a.id));
  const offPlugIds = new Set<string>();
  // The heated room's temperature runs on from the back-fill into live intervals; a restart finds it at its setpoint.
  const room: RoomState | undefined = profile.heatedRoom ? { tempC: profile.heatedRoom.setpointC } : undefined;
  const commandsSubscribed = connected.then(async () => {
    const [row] = rowsOf<{ ids: string[] | null }>(
      await options.db.execute(
        sql`select array_agg(external_id) as ids from devices where household_id = ${householdId}::uuid and relay_on = false and removed_at is null`,
      ),
    );
    for (const id of row?.ids ?? []) if (switchable.has(id)) offPlugIds.add(id);
    await client.subscribeAsync(deviceTopic(householdId, '+', 'command'), { qos: 1 });
  });
  commandsSubscribed.catch((error: unknown) => log.warn({ err: error }, 'Demo gateway could not listen for plug commands'));
  client.on('message', (topic, payload) => {
    const route = parseTopic(topic);
    if (route?.kind !== 'device-command' || !switchable.has(route.externalId)) return;
    let command: unknown;
    try {
      command = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = deviceStateSchema.pick({ on: true, requestId: true }).safeParse(command);
    if (!parsed.success) return;
    if (parsed.data.on) offPlugIds.delete(route.externalId);
    else offPlugIds.add(route.externalId);
    const state = { on: parsed.data.on, ts: new Date(now()).toISOString(), ...(parsed.data.requestId ? { requestId: parsed.data.requestId } : {}) };
    void publish({ topic: deviceTopic(householdId, route.externalId, 'state'), payload: JSON.stringify(state) });
  });

  // PUBACK only says the broker has the message, not that it is stored; the window below waits
  // for the store. Failures are logged: QoS 1 messages are retried by mqtt.js across reconnects.
  const publish = (message: DemoMessage) =>
    client.publishAsync(message.topic, message.payload, { qos: 1 }).catch((error: unknown) => {
      if (!stopping) log.warn({ err: error, topic: message.topic }, 'Demo publish failed');
    });

  /** Waits until the meter reading at `ms` (or a later one) is stored. */
  async function storedUpTo(ms: number): Promise<boolean> {
    const deadline = Date.now() + storedTimeoutMs;
    while (!stopping) {
      const latest = await latestMeterMs(options.db, householdId);
      if (latest !== null && latest >= ms) return true;
      if (Date.now() > deadline) {
        log.warn({ until: new Date(ms).toISOString() }, 'Demo back-fill: readings not stored in time; going on');
        return false;
      }
      await sleep(25);
    }
    return false;
  }

  // Simulated time runs `speed` times faster from `liveFrom`, but never ahead of the wall clock:
  // ingestion refuses readings from the future, and the member's "today" is the real today.
  let scale = createTimeScale(now(), now(), 1);
  const simNow = () => Math.min(toSimulatedTime(scale, now()), now());

  let windows: readonly EventWindow[] = [];
  const isShedding = (ms: number) => windows.some((w) => ms >= w.startMs && ms < w.endMs);
  const refreshWindows = async () => {
    if (!options.eventWindows) return;
    try {
      windows = await options.eventWindows();
    } catch (error) {
      log.warn({ err: error }, 'Could not read the demo household’s events');
    }
  };

  async function backfill(): Promise<BackfillReport> {
    const started = Date.now();
    await connected;
    await refreshWindows();
    const wall = now();
    const horizon = Math.floor(wall / INTERVAL_MS) * INTERVAL_MS; // every interval before it has ended
    const earliest = horizon - options.backfillDays * DAY_MS;
    const latest = await latestMeterMs(options.db, householdId);
    const from = Math.max(earliest, latest === null ? earliest : latest + INTERVAL_MS);
    const zone = profile.timeZone;
    // At speed > 1 today is replayed fast from midnight: the back-fill stops there.
    const liveFrom = options.speed > 1 ? Math.max(from, Math.min(horizon, startOfLocalDay(new Date(wall), zone).getTime())) : Math.max(from, horizon);
    let intervals = 0;
    if (from < liveFrom) {
      log.info({ from: new Date(from).toISOString(), to: new Date(liveFrom).toISOString() }, 'Demo back-fill starting');
      const pending: number[] = [];
      let lastLog = Date.now();
      for (let start = from; start < liveFrom && !stopping; ) {
        // Chunks end on local midnights (days are 23–25 h), so a message is whole days of one series.
        const nextMidnight = startOfLocalDate(addDays(localDateOf(new Date(start), zone), chunkDays), zone).getTime();
        const end = Math.min(nextMidnight, liveFrom);
        const chunk = [...simulateRange(profile, new Date(start), new Date(end), seed, { isShedding, ...(room ? { room } : {}) })];
        if (chunk.length > 0) {
          for (const message of batchMessages(householdId, chunk)) void publish(message);
          pending.push(Date.parse(chunk[chunk.length - 1]!.meter.ts));
          intervals += chunk.length;
        }
        start = end;
        while (pending.length > window) await storedUpTo(pending.shift()!);
        if (Date.now() - lastLog > 5_000) {
          lastLog = Date.now();
          log.info({ intervals, through: new Date(start).toISOString() }, 'Demo back-fill progress');
        }
      }
      const last = pending[pending.length - 1];
      if (last !== undefined) await storedUpTo(last);
    }
    const report = {
      intervals,
      days: Math.round((intervals / 288) * 10) / 10,
      ms: Date.now() - started,
      from: from < liveFrom ? new Date(from).toISOString() : null,
      to: from < liveFrom ? new Date(liveFrom).toISOString() : null,
    };
    if (intervals > 0) log.info(report, 'Demo back-fill done');
    if (!stopping) startLive(liveFrom);
    return report;
  }

  function startLive(liveFrom: number) {
    // Real time: simulated = wall clock (intervals that ended during the back-fill are due at
    // once). Faster: the replay starts at liveFrom and runs until it meets the wall clock.
    scale = options.speed > 1 ? createTimeScale(now(), liveFrom, options.speed) : createTimeScale(now(), now(), 1);
    let lastEmitted = liveFrom - INTERVAL_MS;
    const tick = () => {
      if (stopping) return;
      const due = dueIntervalStarts(lastEmitted, simNow()).slice(0, MAX_INTERVALS_PER_TICK);
      for (const start of due) {
        for (const message of intervalMessages(householdId, simulateInterval(profile, new Date(start), seed, { offPlugIds, isShedding, ...(room ? { room } : {}) }))) void publish(message);
        lastEmitted = start;
      }
    };
    // Often enough that an interval goes out within seconds of ending, at any speed.
    const tickMs = Math.min(5_000, Math.max(200, INTERVAL_MS / options.speed / 4));
    timers.push(setInterval(tick, tickMs));
    if (options.eventWindows) timers.push(setInterval(() => void refreshWindows(), EVENT_WINDOWS_REFRESH_MS));
    tick();
    log.info({ speed: options.speed, from: new Date(liveFrom).toISOString() }, 'Demo household streaming live');
  }

  const samplePower = () => {
    if (stopping || !client.connected) return;
    const wall = now();
    void publish(powerMessage(householdId, wall, livePowerW(profile, seed, simNow(), wall, offPlugIds)));
  };
  void connected.then(() => {
    if (stopping) return;
    samplePower();
    timers.push(setInterval(samplePower, options.powerEveryMs ?? POWER_EVERY_MS));
  });

  const backfilled = backfill().catch((error: unknown) => {
    log.error({ err: error }, 'Demo back-fill failed');
    return { intervals: 0, days: 0, ms: 0, from: null, to: null };
  });

  return {
    backfilled,
    listening: commandsSubscribed,
    stop: async () => {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.race([backfilled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await connection.close();
    },
  };
}
