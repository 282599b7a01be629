import { createOpenAdrClient } from './modules/openadr/openadr-client';
import { openAdrJobHandlers, startOpenAdrPolling } from './jobs/openadr-jobs';
import { createOpenAdrMqttListener } from './modules/openadr/openadr-mqtt-listener';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { createDatabase } from './db/client';
import { createReadDb } from './db/replica-reads';
import { createBrokerIngest, type BrokerIngest } from './ingest/broker-ingest';
import { readBrokerTls } from './ingest/broker-tls';
import { startEmbeddedBroker, type EmbeddedBroker } from './ingest/embedded-broker';
import { deviceMqttAddress } from './modules/devices/device-mqtt-address';
import { mqttLoginWithRefusals } from './ingest/mqtt-auth';
import { mqttCommandPublisher } from './ingest/mqtt-command-publisher';
import { startMqttIngest } from './ingest/mqtt-ingest';
import { startNatsIngest } from './ingest/nats-ingest';
import { loadConfig, type Config } from './lib/config';
import { ConfigError } from './lib/config-error';
import { createClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { createAccounts } from './modules/auth/accounts';
import { ensureDemoAccount, ensureDemoOperator } from './modules/demo/seed-demo-account';
import { ensureDemoCatalogue } from './simulator/demo-rewards';
import { optedInWindows } from './modules/events/events.repository';
import { ensureDemoEvents, settlePastDemoEvents } from './simulator/demo-events';
import { programJobHandlers } from './jobs/program-jobs';
import { localDateOf } from '@peakwise/domain/local-time';
import { ensureDemoNeighbours, ensureDemoProgram, ontarioProgram, type DemoNeighbourHome } from './simulator/demo-programs';
import { NEIGHBOUR_BACKFILL_DAYS, neighbourProfile } from './simulator/neighbour-profiles';
import { issueDemoStatements } from './simulator/demo-billing';
import { ensureDemoHousehold } from './simulator/demo-household';
import { startDemoRunner, type DemoRunner } from './simulator/demo-runner';
import { DEMO_HOUSEHOLD } from './simulator/household-profile';
import { createLiveHub } from './modules/live/live-hub';
import { maintenanceSweepJob, startMaintenanceProcessor } from './jobs/maintenance.job';
import { startScheduler } from './jobs/scheduler';
import { startDurableWorker } from './jobs/durable-worker';
import { brokerLoginJobHandlers } from './jobs/broker-login-jobs';
import { natsLoginJobHandlers } from './jobs/nats-login-jobs';
import { natsAccountPush } from './ingest/nats-account-claims';
import { natsLoginsOf, natsServiceLogins, scheduleNatsLoginCheck } from './modules/devices/nats-logins.service';
import { jwtAuthenticator } from 'nats';
import { recordMosquittoLogin, scheduleBrokerLoginCheck } from './modules/devices/broker-logins.service';
import { scheduleReadingPartitions } from './modules/readings/reading-partitions.service';
import { scheduleReadingCompaction } from './modules/readings/reading-compaction.service';
import { connectDynsecControl } from './ingest/dynsec-control';
import { watchMosquittoLogins } from './ingest/mosquitto-login-log';
import { startSandboxWebhookSender } from './modules/payments/sandbox-webhook-sender';
import { createPaymentProcessor } from './modules/payments/create-payment-processor';
import { scheduleAutopaySweep } from './modules/payments/autopay.service';
import { autopayJobHandlers } from './jobs/autopay-jobs';
import { sandboxChallengeJobHandlers } from './jobs/sandbox-challenge-jobs';
import { readingPartitionJobHandlers } from './jobs/reading-partition-jobs';
import { readingCompactionJobHandlers } from './jobs/reading-compaction-jobs';
import { cardDetachJobHandlers } from './jobs/card-detach-jobs';
import { scheduleStatementRuns } from './modules/billing/statements.service';
import { billingJobHandlers, STATEMENT_LANES } from './jobs/billing-jobs';
import { billReminderJobHandlers } from './jobs/bill-reminder-jobs';
import { createBillReminderSender, scheduleReminderSweep } from './modules/billing/bill-reminders.service';
import { demoEventJobHandlers } from './jobs/demo-event-jobs';
import { eventJobHandlers, eventPlugJobHandlers } from './jobs/event-jobs';
import { notificationJobHandlers } from './jobs/notification-jobs';
import { payoutJobHandlers } from './jobs/payout-jobs';
import { privacyExportJobHandlers } from './jobs/privacy-export-jobs';
import { rewardJobHandlers } from './jobs/reward-jobs';
import { webhookJobHandlers } from './jobs/webhook-jobs';
import { ensureMonthlyBonusSchedule } from './modules/monthly-bonus/monthly-bonus.service';
import { ensurePrizeDrawSchedule } from './modules/prize-draws/prize-draws.service';
import { createPayoutSender } from './modules/cash-outs/payout-sender';
import { createNotificationChannels } from './modules/notifications/notification-channels.service';
import { createEventNotifier } from './modules/notifications/event-notifications.service';

/** How often due durable jobs are looked for: an event starts within this much of its minute. */
const DURABLE_POLL_MS = 5_000;
/** The sandbox processor confirms a charge within about this long, as a real one does within seconds. */
const SANDBOX_WEBHOOK_POLL_MS = 1_000;

const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    // A configuration mistake is the operator's to fix; the message names the variable, a stack would only bury it.
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });
  // One "now" for the whole process (decision 050): real time unless a test or demo moved it.
  const clock = createClock({ offsetMs: config.clock.offsetMs });
  const now = () => clock.now();
  if (config.clock.offsetMs !== 0 || config.clock.adjustable) logger.warn({ offsetMs: config.clock.offsetMs, adjustable: config.clock.adjustable }, 'The clock is a test clock');

  // Before the database opens: a wrong certificate path stops start-up with the variable's name.
  const brokerTls = config.mqttTls ? await readBrokerTls(config.mqttTls) : undefined;

  const database = createDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') });
  await database.migrate();
  logger.info({ kind: database.kind }, 'Database ready');

  let broker: EmbeddedBroker | undefined;
  let brokerIngest: BrokerIngest | undefined;
  if (!config.mqttUrl) {
    // The embedded broker stores device messages itself before its PUBACK (decision 062).
    brokerIngest = createBrokerIngest({ db: database.db, logger, clock: now });
    broker = await startEmbeddedBroker({
      port: config.mqttBrokerPort,
      host: config.host,
      ...(brokerTls ? { tls: brokerTls } : {}),
      logger,
      // Refusals are kept per credential for the pairing screen (decision 094).
      ...mqttLoginWithRefusals(database.db, logger, now),
      storeBeforeAck: brokerIngest.storeBeforeAck,
    });
  }
  // On NATS in operator mode the server's own logins are JWTs it mints from the account's signing key (decision 132).
  const natsLogins = config.natsLogins ? natsLoginsOf(config.natsLogins) : undefined;
  const serviceLogins = natsLogins ? natsServiceLogins(natsLogins, new Date()) : undefined;
  // The server's MQTT session: commands to devices, and on an external broker telemetry ingest,
  // acknowledging each message after its commit. On the embedded broker it subscribes to nothing.
  const ingest = startMqttIngest({
    url: config.mqttUrl ?? broker!.url,
    db: database.db,
    logger,
    clientId: config.mqttClientId ?? `peakwise-ingest-${hostname()}-${randomBytes(3).toString('hex')}`,
    // aedes has no shared subscriptions; the embedded broker has one worker anyway.
    shareGroup: broker ? null : config.mqttShareGroup,
    // aedes speaks only 3.1.1.
    protocolVersion: broker ? 4 : config.mqttProtocolVersion,
    ...(broker ? broker.serviceCredentials : {}),
    ...(serviceLogins ? { username: 'peakwise-server', password: serviceLogins.mqttPassword } : {}),
    // On NATS Server the workers read from JetStream instead (decision 117).
    subscribe: !broker && !config.natsUrl,
    clock: now,
  });
  const mqtt = ingest.connection;
  const natsIngest = config.natsUrl
    ? startNatsIngest({
        servers: config.natsUrl,
        ...(serviceLogins ? { authenticator: jwtAuthenticator(serviceLogins.workerJwt, serviceLogins.workerSeed) } : {}),
        replicas: config.natsStreamReplicas,
        db: database.db,
        logger,
        clock: now,
        publishReceipt: (topic, payload) => mqtt.client.publish(topic, payload, { qos: 1 }, (error) => error && logger.debug({ err: error, topic }, 'MQTT receipt not sent; the device will send again')),
      })
    : undefined;

  const accounts = createAccounts({ config, database, logger });
  // The demo member's id: the hook for attaching the demo household (DEMO_ACCOUNT=false skips both).
  const demoUserId = config.demoAccount ? await ensureDemoAccount({ auth: accounts.auth, db: database.db }) : undefined;
  if (demoUserId) logger.info({ demoUserId }, 'Demo account ready');
  // A shared operator with a published password has no place on a production server.
  const demoOperatorId = demoUserId && config.nodeEnv !== 'production' ? await ensureDemoOperator({ auth: accounts.auth, db: database.db }) : undefined;
  // The catalogue an operator would make, so the demo member has rewards to redeem (decision 039).
  if (demoOperatorId) await ensureDemoCatalogue(database.db);
  // Programs in the other served provinces, with a demo member in each (decision 103). Ontario's
  // comes with the demo household's events below; creating it here first keeps one path.
  let neighbourHomes: DemoNeighbourHome[] = [];
  if (demoOperatorId) {
    await ensureDemoProgram(database.db, ontarioProgram(localDateOf(now(), 'America/Toronto')), now());
    neighbourHomes = await ensureDemoNeighbours({ auth: accounts.auth, db: database.db }, demoOperatorId, now(), { settlePastEvents: !(demoUserId && config.demo.simulator) });
  }

  // The demo household's gateway publishes to the same broker as any device. It starts in the
  // background once ingest is subscribed (a message before that would reach no one); the HTTP
  // server does not wait for the back-fill.
  let demoRunner: DemoRunner | undefined;
  const neighbourRunners: DemoRunner[] = [];
  let stoppingDemo = false;
  // Settles once the demo homes' back-filled history and the demo's statements are in (or given up).
  let demoHistoryIn!: () => void;
  const demoHistory = new Promise<void>((resolve) => (demoHistoryIn = resolve));
  if (demoUserId && config.demo.simulator) {
    void Promise.all([ingest.ready, natsIngest?.ready])
      .then(async () => {
        const demo = await ensureDemoHousehold(database.db, demoUserId, DEMO_HOUSEHOLD, { backfillDays: config.demo.backfillDays, now: now() });
        // Events come before the simulator starts: it cuts the household's use during the ones it opted in to.
        const demoEvents = demoOperatorId ? await ensureDemoEvents(database.db, demo.household.id, demoOperatorId, now(), config.demo.backfillDays) : { pastEventIds: [] };
        if (stoppingDemo) return demoHistoryIn();
        demoRunner = startDemoRunner({
          db: database.db,
          logger,
          url: config.mqttUrl ?? broker!.url,
          householdId: demo.household.id,
          token: demo.token,
          seed: config.demo.seed,
          speed: config.demo.speed,
          backfillDays: config.demo.backfillDays,
          eventWindows: () => optedInWindows(database.db, demo.household.id),
          // The demo gateway is a device, and devices live in real time: on the test clock its
          // readings and plug states would be stamped ahead and, once the clock went back, newer
          // than anything it sent after (decision 050).
        });
        // Only a finished back-fill: settling on a half-stored history would settle as missing data.
        void demoRunner.backfilled
          .then(() => (stoppingDemo ? undefined : settlePastDemoEvents(database.db, demoEvents.pastEventIds, now())))
          .catch((error: unknown) => logger.warn({ err: error }, 'Could not hand the demo’s past events to settlement'));
        const statements = demoRunner.backfilled
          .then(() => (stoppingDemo ? undefined : issueDemoStatements(database.db, demo.household.id, now(), config.payments.sandboxWebhookSecret)))
          .catch((error: unknown) => logger.warn({ err: error }, 'Could not issue the demo’s statements'));
        // The other provinces' demo homes report through the same broker, once the demo
        // household's history is in (both at once would slow its back-fill), each then handing
        // its past event to settlement (decision 103).
        const neighbours = demoRunner.backfilled
          .then(async () => {
            const backfillDays = Math.min(config.demo.backfillDays, NEIGHBOUR_BACKFILL_DAYS);
            for (const [index, home] of neighbourHomes.entries()) {
              if (stoppingDemo) return;
              const profile = neighbourProfile(home.who);
              const simulated = await ensureDemoHousehold(database.db, home.userId, profile, { backfillDays, now: now() });
              const runner = startDemoRunner({
                db: database.db,
                logger,
                url: config.mqttUrl ?? broker!.url,
                householdId: home.householdId,
                token: simulated.token,
                seed: config.demo.seed + index + 1,
                speed: config.demo.speed,
                backfillDays,
                profile,
                eventWindows: () => optedInWindows(database.db, home.householdId),
              });
              neighbourRunners.push(runner);
              await runner.backfilled;
              if (!stoppingDemo) await settlePastDemoEvents(database.db, [home.pastEventId], now());
            }
          })
          .catch((error: unknown) => logger.warn({ err: error }, 'Could not start the other provinces’ demo homes'));
        void Promise.all([statements, neighbours]).then(() => demoHistoryIn());
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Demo household simulator failed to start');
        demoHistoryIn();
      });
  } else demoHistoryIn();

  // Maintenance follows new readings within seconds and sweeps every household on a timer.
  const scheduler = startScheduler([maintenanceSweepJob({ database, logger })], logger);
  // Event steps, reminders and settlement: durable, so a restart neither loses nor repeats them (decision 032).
  const notifications = createNotificationChannels({ config, db: database.db, logger });
  // Made (and stored) on first start, so every later start and every other process signs push with the same key.
  await notifications.push.publicKey();
  const notifier = createEventNotifier({ mailer: accounts.mailer, channels: notifications });
  const payouts = createPayoutSender({ providerUrl: config.payouts.providerUrl, providerToken: config.payouts.providerToken, logger });
  // Plug commands go out on the ingest session, which hears the plugs' confirmations too.
  const commands = mqttCommandPublisher(mqtt);
  const paymentProcessor = createPaymentProcessor(config);
  // Mosquitto's logins follow the ingest credentials through its dynamic security plugin (decision 097).
  const dynsec = config.mqttDynsec && config.mqttUrl ? connectDynsecControl({ url: config.mqttUrl, username: config.mqttDynsec.username, password: config.mqttDynsec.password, logger }) : undefined;
  // Peakwise as an OpenADR 3 VEN of each configured VTN (decisions 104, 121); nothing of it runs without one.
  // Each VTN has its own client (and token) and its own MQTT listener (decision 114), idle until a poll finds the VTN offers it.
  const openAdrVens = config.openadrVtns.map((vtnConfig) => {
    const client = createOpenAdrClient({ config: vtnConfig, clock: now });
    return { config: vtnConfig, client, mqtt: createOpenAdrMqttListener({ db: database.db, vtnUrl: vtnConfig.vtnUrl, client, clientId: vtnConfig.clientId, logger, clock: now, allowPlain: config.nodeEnv !== 'production' }) };
  });
  // Mosquitto names no refused login; its log topic does name a successful one (decision 105).
  const loginLog =
    config.mqttDynsec && config.mqttUrl
      ? watchMosquittoLogins({ url: config.mqttUrl, username: config.mqttDynsec.username, password: config.mqttDynsec.password, logger, onLogin: (login) => recordMosquittoLogin(database.db, login) })
      : undefined;
  const durableWorker = startDurableWorker({
    db: database.db,
    handlers: {
      ...eventJobHandlers,
      ...eventPlugJobHandlers(commands),
      ...notificationJobHandlers(notifier),
      ...payoutJobHandlers(payouts, { mailer: accounts.mailer, publicUrl: config.publicUrl }),
      ...rewardJobHandlers({ mailer: accounts.mailer, publicUrl: config.publicUrl, logger }),
      ...programJobHandlers({ mailer: accounts.mailer, publicUrl: config.publicUrl }),
      // Statement lanes side by side on PostgreSQL (decision 063); PGlite's one connection runs one.
      ...billingJobHandlers({ statementLanes: database.kind === 'postgres' ? STATEMENT_LANES : 1 }),
      ...privacyExportJobHandlers({ mailer: accounts.mailer, publicUrl: config.publicUrl, ttlDays: config.privacyExportTtlDays, rawRetentionMonths: config.readingsRawRetentionMonths }),
      ...autopayJobHandlers({ processor: paymentProcessor, mailer: accounts.mailer, publicUrl: config.publicUrl }),
      ...sandboxChallengeJobHandlers,
      ...demoEventJobHandlers,
      ...readingPartitionJobHandlers({ retentionMonths: config.readingsRawRetentionMonths }),
      ...readingCompactionJobHandlers({ lanes: config.readingsCompactionLanes }),
      ...cardDetachJobHandlers({ processor: paymentProcessor }),
      ...billReminderJobHandlers(createBillReminderSender({ mailer: accounts.mailer, channels: notifications })),
      ...(dynsec && config.mqttDynsec ? brokerLoginJobHandlers({ control: dynsec, sealKey: config.mqttDynsec.sealKey }) : {}),
      ...(config.natsLogins && config.natsUrl ? natsLoginJobHandlers({ push: natsAccountPush(config.natsUrl, config.natsLogins), logger }) : {}),
      ...(openAdrVens.length > 0 ? openAdrJobHandlers({ vtns: openAdrVens, logger }) : {}),
      ...webhookJobHandlers({ retryDelaysSeconds: config.webhooks.retryDelaysSeconds, timeoutMs: config.webhooks.timeoutMs, allowPrivateNetworks: config.webhooks.allowLocalhost }),
    },
    logger,
    clock: now,
    pollMs: DURABLE_POLL_MS,
    leaseMs: config.durableJobLeaseMs,
  });
  // The weekly draw's commitments and the monthly bonus chain themselves on the durable schedule; this (keyed) start-up call only makes sure the chain exists.
  await database.db.transaction(async (tx) => {
    await ensurePrizeDrawSchedule(tx, now());
    await ensureMonthlyBonusSchedule(tx, now());
  });
  const maintenance = startMaintenanceProcessor({ database, logger });
  // Monthly statements on the 1st (decision 044): this month's run; each run schedules the next.
  // With the demo, once its homes' history is in: in the first hours of a month (UTC) the run on a
  // first start includes the month just over where it is over, and would issue it from a back-fill
  // still arriving (the demo's own months are issued in order after its back-fill).
  void demoHistory
    .then(() => scheduleStatementRuns(database.db, now()))
    .catch((error: unknown) => logger.error({ err: error }, 'Could not schedule the monthly statement run'));
  // Auto-pay's hourly sweep chains itself; this keyed call only makes sure the chain exists (decision 048).
  await scheduleAutopaySweep(database.db, now());
  // Bill reminders (decision 049): this hour's sweep; each sweep schedules the next.
  await scheduleReminderSweep(database.db, now());
  if (openAdrVens.length > 0) await startOpenAdrPolling(database.db, config.openadrVtns, now());
  // Mosquitto's logins checked against the credentials once a day (decision 105); each check schedules the next.
  if (dynsec) await scheduleBrokerLoginCheck(database.db, now());
  // NATS's revocations pushed again once a day (decision 132); each check schedules the next.
  if (config.natsLogins) await scheduleNatsLoginCheck(database.db, now());
  // The readings' months made ahead (decision 115); each run schedules the next month's.
  await scheduleReadingPartitions(database.db, now());
  // Closed days compacted (decision 122), when asked for, in lanes (decision 130); each run schedules the next.
  if (config.readingsCompaction) await scheduleReadingCompaction(database.db, now(), config.readingsCompactionLanes);

  // Listens on its own connection from the start: the first browser does not wait for LISTEN,
  // and no other process's sign-out is missed.
  const liveHub = createLiveHub(database, logger);
  await liveHub.start();
  // Screen reads on the streaming replica when DATABASE_READ_URL names one (decision 123).
  const reads = createReadDb({ primary: database, readUrl: config.databaseReadUrl, logger });
  const app = createApp({
    reads,
    config,
    database,
    broker: mqtt,
    // The ports the embedded broker actually bound, so MQTT_BROKER_PORT=0 still shows a real one.
    deviceMqtt: deviceMqttAddress(config, broker),
    commands,
    webDistDir: WEB_DIST_DIR,
    logger,
    accounts,
    liveHub,
    notifications,
    paymentProcessor,
    clock: now,
    ...(config.clock.adjustable ? { testClock: clock } : {}),
  });
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  const listening = server.address();
  const webhookHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const webhookUrl = `http://${webhookHost.includes(':') ? `[${webhookHost}]` : webhookHost}:${typeof listening === 'object' && listening ? listening.port : config.port}/api/payments/webhook`;
  // The embedded sandbox processor confirms charges by posting signed webhooks to this server (decision 048).
  const sandboxWebhooks = startSandboxWebhookSender({
    db: database.db,
    secret: config.payments.sandboxWebhookSecret,
    logger,
    pollMs: SANDBOX_WEBHOOK_POLL_MS,
    post: async (body, headers) => (await fetch(webhookUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })).status,
  });
  process.stdout.write(`Peakwise is running at ${config.publicUrl}\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    // Never hang on a stuck connection: leave anyway once the grace period is over.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    // Ends the open event streams first; server.close() waits for every connection to finish.
    await liveHub.close().catch((error: unknown) => logger.warn({ err: error }, 'Live hub close failed'));
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    stoppingDemo = true;
    await demoRunner?.stop().catch((error: unknown) => logger.warn({ err: error }, 'Demo runner stop failed'));
    for (const runner of neighbourRunners) await runner.stop().catch((error: unknown) => logger.warn({ err: error }, 'Demo runner stop failed'));
    await maintenance.close().catch((error: unknown) => logger.warn({ err: error }, 'Maintenance processor close failed'));
    await sandboxWebhooks.stop().catch((error: unknown) => logger.warn({ err: error }, 'Sandbox webhook sender stop failed'));
    await durableWorker.stop().catch((error: unknown) => logger.warn({ err: error }, 'Durable worker stop failed'));
    await scheduler.stop().catch((error: unknown) => logger.warn({ err: error }, 'Scheduler stop failed'));
    await accounts.mailer.settle().catch(() => {});
    accounts.mailer.close();
    await natsIngest?.close().catch((error: unknown) => logger.warn({ err: error }, 'NATS close failed'));
    await ingest.close().catch((error: unknown) => logger.warn({ err: error }, 'MQTT close failed'));
    await dynsec?.close().catch((error: unknown) => logger.warn({ err: error }, 'Dynamic security session close failed'));
    await loginLog?.close().catch((error: unknown) => logger.warn({ err: error }, 'Mosquitto log session close failed'));
    for (const ven of openAdrVens) await ven.mqtt.close().catch((error: unknown) => logger.warn({ err: error, vtn: ven.config.name }, 'OpenADR MQTT listener close failed'));
    await broker?.stop().catch((error: unknown) => logger.warn({ err: error }, 'Broker stop failed'));
    await brokerIngest?.drain();
    await reads.close().catch((error: unknown) => logger.warn({ err: error }, 'Replica close failed'));
    await database.close().catch((error: unknown) => logger.warn({ err: error }, 'Database close failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // Found while starting (an unreadable MQTT_TLS_CERT): printed like any other configuration mistake.
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  // A busy port is an operator's fix too: say which setting to change instead of dumping a stack.
  if (isAddressInUse(error)) {
    process.stderr.write(`Port ${error.port} is already in use; choose another with PORT, MQTT_BROKER_PORT or MQTT_TLS_PORT (0 picks a free broker port).\n`);
    process.exit(1);
  }
  process.stderr.write(`Peakwise failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

function isAddressInUse(error: unknown): error is { code: string; port: number } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EADDRINUSE';
}
