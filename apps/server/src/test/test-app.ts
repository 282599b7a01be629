import { createApp } from '../app';
import type { Database } from '../db/client';
import type { ReadDb } from '../db/replica-reads';
import type { AdjustableClock } from '../lib/clock';
import { loadConfig, type Config } from '../lib/config';
import { createLogger, type Logger } from '../lib/logger';
import { createAccounts, type Accounts } from '../modules/auth/accounts';
import { createLiveHub } from '../modules/live/live-hub';
import { createNotificationChannels, type NotificationChannels } from '../modules/notifications/notification-channels.service';
import type { CommandPublisher } from '../modules/devices/plug-command.service';
import type { DeviceMqttAddress } from '../modules/devices/device-mqtt-address';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: ReturnType<typeof createApp>;
  database: Database;
  config: Config;
  /** better-auth, the mailer (settle() waits for emails) and the account emails. */
  accounts: Accounts;
  /** SMS and push senders and link signing, shared with any durable worker a test starts. */
  notifications: NotificationChannels;
  close(): Promise<void>;
};

// Tests sign up many members from one in-process address; rate-limit tests lower these again.
const GENEROUS_RATE_LIMITS = { AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_RATE_LIMIT_SIGN_UP: '1000', AUTH_RATE_LIMIT_PASSWORD_RESET: '1000' };
// Every sign-up and sign-in hashes; at the production cost that is 20-30 ms of CPU each (decision
// 093). A test about the hash's cost passes PASSWORD_HASH_COST=owasp, and production-mode apps keep
// the production cost (config refuses the cheap one there).
const CHEAP_PASSWORD_HASHES = { PASSWORD_HASH_COST: 'minimum' };

/**
 * The whole app in-process on a fresh test database. `env` goes through the real config
 * loader so tests exercise the same parsing as production.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    /** Where screen reads run (a test's replica); the primary when not given. */
    reads?: ReadDb;
    broker?: { isConnected(): boolean };
    /** The broker address the pairing screen shows (a test's own broker). */
    deviceMqtt?: DeviceMqttAddress;
    commands?: CommandPublisher;
    webDistDir?: string;
    logger?: Logger;
    /** Pins "now" for the energy screens. */
    clock?: () => Date;
    /** Mounts the test-clock routes on this clock (decision 050). */
    testClock?: AdjustableClock;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...GENEROUS_RATE_LIMITS, ...(options.env?.NODE_ENV === 'production' ? {} : CHEAP_PASSWORD_HASHES), ...(options.testClock ? { TEST_CLOCK: 'true' } : {}), ...options.env });
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const accounts = createAccounts({ config, database, logger });
  // Closed with the app, so a LISTEN connection never outlives its test database.
  const liveHub = createLiveHub(database, logger);
  const notifications = createNotificationChannels({ config, db: database.db, logger });
  const app = createApp({
    notifications,
    config,
    database,
    logger,
    accounts,
    liveHub,
    ...(options.reads ? { reads: options.reads } : {}),
    ...(options.broker ? { broker: options.broker } : {}),
    ...(options.deviceMqtt ? { deviceMqtt: options.deviceMqtt } : {}),
    ...(options.commands ? { commands: options.commands } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.testClock ? { testClock: options.testClock } : {}),
  });
  return {
    app,
    database,
    config,
    accounts,
    notifications,
    close: async () => {
      await accounts.mailer.settle();
      accounts.mailer.close();
      await liveHub.close();
      if (ownsDatabase) await database.close();
    },
  };
}
