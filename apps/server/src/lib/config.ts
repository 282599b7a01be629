import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { FIRST_VTN_NAME, openAdrVtnsConfig, type OpenAdrConfig, type OpenAdrVersion } from './config-openadr-vtns';
import { DEFAULT_SERVICEABLE_PROVINCES, type ProvinceCode } from '@peakwise/domain/postal-code';
import { provinceCodeSchema } from '@peakwise/contracts/postal.contract';
import { DEFAULT_CASH_OUT_REVIEW_ABOVE_POINTS } from '@peakwise/domain/payout-rules';
import { GREEN_BUTTON_DEFAULT_MAX_BYTES } from '@peakwise/contracts/green-button.contract';
import { PRIVACY_EXPORT_DEFAULT_TTL_DAYS } from '@peakwise/contracts/privacy-export.contract';
import { MAX_CLOCK_OFFSET_MS } from '@peakwise/contracts/test-clock.contract';
import { SUPPORT_PHONE_PATTERN } from '@peakwise/contracts/public-config.contract';
import { DEFAULT_RAW_RETENTION_MONTHS } from '@peakwise/domain/reading-partition-months';
import { MAX_COMPACTION_LANES } from '@peakwise/domain/reading-compaction-lanes';
import { isValidClockOffset } from './clock';
import { ConfigError } from './config-error';
import { natsLoginsConfig, type NatsLoginsConfig } from './config-nats-logins';

// Empty strings count as unset: `FOO= npm start` should mean "use the default".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const urlWithProtocols = (protocols: string[], detail: string) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.host !== '';
    } catch {
      return false;
    }
  }, detail);

const port = (detail: string) =>
  z
    .string()
    .regex(/^\d+$/, detail)
    .transform(Number)
    .refine((value) => value >= 0 && value <= 65_535, detail);

const booleanFlag = (detail: string) => z.enum(['true', 'false'], { error: detail }).transform((value) => value === 'true');

const positiveInt = (detail: string) =>
  z
    .string()
    .regex(/^\d+$/, detail)
    .transform(Number)
    .refine((value) => value > 0, detail);

const envSchema = z.object({
  PORT: optional(port('must be an integer between 0 and 65535')),
  HOST: optional(z.string()),
  NODE_ENV: optional(z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' })),
  PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL')),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL')),
  DATABASE_READ_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL (a streaming replica of DATABASE_URL)')),
  MQTT_URL: optional(urlWithProtocols(['mqtt:', 'mqtts:'], 'must be an mqtt:// or mqtts:// URL')),
  PUBLIC_MQTT_URL: optional(urlWithProtocols(['mqtt:', 'mqtts:'], 'must be an mqtt:// or mqtts:// URL, e.g. mqtts://mqtt.example.ca:8883')),
  MQTT_BROKER_PORT: optional(port('must be an integer between 0 and 65535 (0 picks a free port)')),
  MQTT_TLS_CERT: optional(z.string()),
  MQTT_TLS_KEY: optional(z.string()),
  MQTT_TLS_PORT: optional(port('must be an integer between 0 and 65535 (0 picks a free port)')),
  MQTT_CLIENT_ID: optional(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 of A-Z a-z 0-9 _ . : -')),
  MQTT_SHARE_GROUP: optional(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 of A-Z a-z 0-9 _ -')),
  MQTT_PROTOCOL_VERSION: optional(z.enum(['3.1.1', '5'], { error: 'must be 3.1.1 or 5' })),
  NATS_URL: optional(z.string().regex(/^nats:\/\/[^\s,]+(,nats:\/\/[^\s,]+)*$/, 'must be nats://host:port, or several separated by commas')),
  // JetStream allows at most 5 copies of a stream.
  NATS_STREAM_REPLICAS: optional(z.enum(['1', '2', '3', '4', '5'], { error: 'must be 1 to 5 (copies of the ingest stream; 3 on a three-node cluster)' })),
  // Checked in config-nats-logins.ts, which never prints them back.
  NATS_ACCOUNT: optional(z.string()),
  NATS_ACCOUNT_SIGNING_SEED: optional(z.string()),
  NATS_OPERATOR_SIGNING_SEED: optional(z.string()),
  NATS_SYSTEM_CREDS: optional(z.string()),
  MQTT_DYNSEC_USERNAME: optional(z.string().regex(/^[\x21-\x7e]{1,128}$/, 'must be 1-128 printable characters without spaces')),
  MQTT_DYNSEC_PASSWORD: optional(z.string().min(1, 'must not be empty')),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL')),
  SMS_PROVIDER_URL: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL')),
  SMS_PROVIDER_TOKEN: optional(z.string().regex(/^[\x21-\x7e]{8,512}$/, 'must be 8-512 printable characters without spaces')),
  SMS_INBOUND_SECRET: optional(z.string().regex(/^[\x21-\x7e]{16,512}$/, 'must be 16-512 printable characters without spaces')),
  PAYOUT_PROVIDER_URL: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL')),
  PAYOUT_PROVIDER_TOKEN: optional(z.string().regex(/^[\x21-\x7e]{8,512}$/, 'must be 8-512 printable characters without spaces')),
  PAYOUT_WEBHOOK_SECRET: optional(z.string().regex(/^[\x21-\x7e]{16,512}$/, 'must be 16-512 printable characters without spaces')),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9]{8,}$/, 'must be a Stripe webhook signing secret (whsec_…)')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')),
  PAYMENTS_CHALLENGE_EXPIRY_MINUTES: optional(
    z.string().regex(/^\d{1,4}$/, 'must be a whole number of minutes (1-1440)').transform(Number).refine((v) => v >= 1 && v <= 1440, 'must be a whole number of minutes (1-1440)'),
  ),
  PAYMENTS_SANDBOX_WEBHOOK_SECRET: optional(z.string().regex(/^[\x21-\x7e]{16,512}$/, 'must be 16-512 printable characters without spaces')),
  CASH_OUT_REVIEW_ABOVE_POINTS: optional(
    z.string().regex(/^\d{1,9}$/, 'must be a whole number of points (0-999999999)').transform(Number),
  ),
  GEOCODER_URL: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL')),
  GEOCODER_TIMEOUT_MS: optional(
    z.string().regex(/^\d+$/, 'must be a positive integer (milliseconds)').transform(Number).refine((v) => v > 0, 'must be a positive integer (milliseconds)'),
  ),
  SERVICEABLE_PROVINCES: optional(
    z.string().transform((value, ctx) => {
      const codes = value.split(',').map((part) => part.trim().toUpperCase()).filter((part) => part !== '');
      const valid = codes.length > 0 && codes.every((code) => provinceCodeSchema.safeParse(code).success);
      if (!valid) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of province codes (e.g. ON,BC,AB,QC)' });
        return z.NEVER;
      }
      return codes as ProvinceCode[];
    }),
  ),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })),
  ZONEINFO_DIR: optional(z.string().min(1)),
  AUTH_SECRET: optional(z.string()),
  TRUST_PROXY: optional(booleanFlag('must be true or false')),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: optional(positiveInt('must be a positive integer (seconds)')),
  AUTH_RATE_LIMIT_SIGN_IN: optional(positiveInt('must be a positive integer (requests per window)')),
  AUTH_RATE_LIMIT_SIGN_UP: optional(positiveInt('must be a positive integer (requests per window)')),
  AUTH_RATE_LIMIT_PASSWORD_RESET: optional(positiveInt('must be a positive integer (requests per window)')),
  MAIL_FROM: optional(z.string().refine((v) => v.includes('@') && !/[\r\n]/.test(v), 'must be an address like Peakwise <no-reply@example.com>')),
  PLUG_CONFIRM_TIMEOUT_MS: optional(positiveInt('must be a positive integer (milliseconds)')),
  GREEN_BUTTON_MAX_BYTES: optional(positiveInt('must be a positive integer (bytes)')),
  PRIVACY_EXPORT_TTL_DAYS: optional(
    z.string().regex(/^\d{1,3}$/, 'must be a whole number of days from 1 to 365').transform(Number).refine((v) => v >= 1 && v <= 365, 'must be a whole number of days from 1 to 365'),
  ),
  READINGS_RAW_RETENTION_MONTHS: optional(
    z.string().regex(/^\d{1,4}$/, 'must be a whole number of months from 13 to 1200').transform(Number).refine((v) => v >= 13 && v <= 1200, 'must be a whole number of months from 13 to 1200'),
  ),
  DURABLE_JOB_LEASE_MS: optional(positiveInt('must be a positive integer (milliseconds)')),
  DEMO_ACCOUNT: optional(booleanFlag('must be true or false')),
  DEMO_SIMULATOR: optional(booleanFlag('must be true or false')),
  READINGS_COMPACTION: optional(booleanFlag('must be true or false')),
  READINGS_COMPACTION_LANES: optional(
    z
      .string()
      .regex(/^\d{1,2}$/, `must be a whole number of lanes from 1 to ${MAX_COMPACTION_LANES}`)
      .transform(Number)
      .refine((v) => v >= 1 && v <= MAX_COMPACTION_LANES, `must be a whole number of lanes from 1 to ${MAX_COMPACTION_LANES}`),
  ),
  DEMO_BACKFILL_DAYS: optional(
    z.string().regex(/^\d+$/, 'must be an integer from 0 to 3650 (days)').transform(Number).refine((v) => v <= 3650, 'must be an integer from 0 to 3650 (days)'),
  ),
  DEMO_SPEED: optional(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a number from 1 to 3600 (simulated seconds per real second)')
      .transform(Number)
      .refine((v) => v >= 1 && v <= 3600, 'must be a number from 1 to 3600 (simulated seconds per real second)'),
  ),
  DEMO_SEED: optional(z.string().regex(/^\d{1,9}$/, 'must be a whole number (0-999999999)').transform(Number)),
  CLOCK_OFFSET_MS: optional(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number of milliseconds from 0 to ${MAX_CLOCK_OFFSET_MS}`)
      .transform(Number)
      .refine(isValidClockOffset, `must be a whole number of milliseconds from 0 to ${MAX_CLOCK_OFFSET_MS}`),
  ),
  TEST_CLOCK: optional(booleanFlag('must be true or false')),
  PASSWORD_HASH_COST: optional(z.enum(['owasp', 'minimum'], { error: 'must be owasp or minimum' })),
  API_TOKEN_RATE_LIMIT: optional(positiveInt('must be a positive integer (requests per window)')),
  API_TOKEN_RATE_LIMIT_WINDOW_SECONDS: optional(positiveInt('must be a positive integer (seconds)')),
  WEBHOOK_RETRY_SCHEDULE_SECONDS: optional(
    z
      .string()
      .regex(/^\d+(,\d+){0,19}$/, 'must be up to 20 comma-separated whole numbers of seconds, e.g. 60,300,1800')
      .transform((value) => value.split(',').map(Number))
      .refine((delays) => delays.every((d) => d > 0), 'must list delays above 0 seconds'),
  ),
  WEBHOOK_ALLOW_LOCALHOST: optional(booleanFlag('must be true or false')),
  WEBHOOK_TIMEOUT_MS: optional(positiveInt('must be a positive integer (milliseconds)')),
  OAUTH_GOOGLE_CLIENT_ID: optional(z.string()),
  OAUTH_GOOGLE_CLIENT_SECRET: optional(z.string()),
  OAUTH_GOOGLE_ISSUER: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL')),
  OAUTH_FACEBOOK_CLIENT_ID: optional(z.string()),
  OAUTH_FACEBOOK_CLIENT_SECRET: optional(z.string()),
  OAUTH_FACEBOOK_ISSUER: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL')),
  OPENADR_VTN_URL: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL (the VTN\'s base path, e.g. https://vtn.example.ca/openadr3/3.1.1)')),
  OPENADR_CLIENT_ID: optional(z.string().regex(/^[\x21-\x7e]{1,256}$/, 'must be 1-256 printable characters without spaces')),
  OPENADR_CLIENT_SECRET: optional(z.string().regex(/^[\x21-\x7e]{1,512}$/, 'must be 1-512 printable characters without spaces')),
  OPENADR_VERSION: optional(z.enum(['3.0.1', '3.1.1'], { error: 'must be 3.0.1 or 3.1.1' })),
  OPENADR_VEN_NAME: optional(z.string().regex(/^[\x20-\x7e]{1,128}$/, 'must be 1-128 printable characters')),
  OPENADR_POLL_SECONDS: optional(positiveInt('must be a positive integer (seconds)')),
  OPENADR_VTNS: optional(z.string()),
  OPENADR_CALLBACK_URL: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL (this server as the VTN reaches it)')),
  SUPPORT_PHONE: optional(z.string().trim().regex(SUPPORT_PHONE_PATTERN, 'must be a phone number: digits, spaces, dashes, dots or brackets, with an optional leading +')),
});

/**
 * `owasp`: the OWASP Password Storage Cheat Sheet's argon2id minimum (docs/decisions/006).
 * `minimum`: argon2's smallest parameters, for the test suite only (decision 093).
 */
export type PasswordHashCost = 'owasp' | 'minimum';

export type Config = {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of databaseUrl for screen reads (decision 123); undefined: reads go to the primary. */
  databaseReadUrl: string | undefined;
  mqttUrl: string | undefined;
  /**
   * The broker address devices are told to connect to (PUBLIC_MQTT_URL): the server's own MQTT_URL
   * is often an internal name no plug on a home network can reach.
   */
  publicMqttUrl: string | undefined;
  mqttBrokerPort: number;
  /**
   * The embedded broker's TLS listener (MQTT_TLS_CERT, MQTT_TLS_KEY: PEM file paths; MQTT_TLS_PORT,
   * 8883), beside its plain port; undefined without a certificate.
   */
  mqttTls: MqttTlsConfig | undefined;
  /** Ingest worker's MQTT client id; stable per worker so its unacknowledged messages survive a restart. */
  mqttClientId: string | undefined;
  /** Shared-subscription group of the ingest workers on an external broker. */
  mqttShareGroup: string;
  /**
   * MQTT version of the ingest worker on an external broker: 5 (default) lets it set its own
   * in-flight window (receive maximum); 3.1.1 leaves it to the broker (Mosquitto: 20).
   */
  mqttProtocolVersion: 4 | 5;
  /**
   * NATS Server under MQTT_URL (NATS_URL: its NATS port, or a cluster's): ingest workers then read
   * device messages from a JetStream consumer they share, not from an MQTT subscription (decision 117).
   */
  natsUrl: string | undefined;
  /** Copies JetStream keeps of the ingest stream (NATS_STREAM_REPLICAS, 1; 3 on a three-node cluster, decision 125). */
  natsStreamReplicas: number;
  /**
   * An admin client of Mosquitto's dynamic security plugin (MQTT_DYNSEC_USERNAME, _PASSWORD): with
   * it the server creates and deletes each ingest credential's broker login (decision 097).
   * sealKey encrypts a token for the short time it waits in the outbox; it is derived from
   * AUTH_SECRET, so every server process can open what another sealed.
   */
  mqttDynsec: MqttDynsecConfig | undefined;
  /**
   * Device logins minted by Peakwise as bearer JWTs on a NATS Server in operator mode, and revoked
   * through the account's JWT (NATS_ACCOUNT, NATS_ACCOUNT_SIGNING_SEED, NATS_OPERATOR_SIGNING_SEED,
   * NATS_SYSTEM_CREDS; decision 132).
   */
  natsLogins: NatsLoginsConfig | undefined;
  smtpUrl: string | undefined;
  /**
   * SMS: without providerUrl the sms_outbox table is the delivery. inboundSecret authenticates the
   * provider's inbound-message webhook (STOP); without it the webhook is off.
   */
  sms: { providerUrl: string | undefined; providerToken: string | undefined; inboundSecret: string | undefined };
  /**
   * Cash-outs (decision 041): without providerUrl the payout_outbox table is the delivery.
   * webhookSecret authenticates the provider's status callback; without it that route is off.
   * Cash-outs above reviewAbovePoints wait for an operator.
   */
  payouts: { providerUrl: string | undefined; providerToken: string | undefined; webhookSecret: string | undefined; reviewAbovePoints: number };
  /**
   * Card payments (decision 048). The embedded sandbox processor signs its webhooks with
   * sandboxWebhookSecret: PAYMENTS_SANDBOX_WEBHOOK_SECRET, else derived from AUTH_SECRET, else
   * (local runs only) a fixed development value. A 3-D Secure challenge not answered within
   * challengeExpiryMinutes (PAYMENTS_CHALLENGE_EXPIRY_MINUTES, 15) fails its payment (decision 055).
   */
  payments: { sandboxWebhookSecret: string; challengeExpiryMinutes: number; stripe: { secretKey: string; webhookSecret: string; publishableKey: string | undefined } | undefined };
  geocoderUrl: string | undefined;
  geocoderTimeoutMs: number;
  serviceableProvinces: readonly ProvinceCode[];
  logLevel: string;
  /**
   * The system's compiled zone files (ZONEINFO_DIR, default /usr/share/zoneinfo): local times are
   * converted by them, not Node's bundled ICU, which can lag the zones' rules (decision 145).
   * "none" keeps Intl's.
   */
  zoneinfoDir: string | null;
  authSecret: string | undefined;
  /** Behind a reverse proxy: take the client address from the right-most X-Forwarded-For hop. */
  trustProxy: boolean;
  /** Per client IP and window: sign-in, sign-up and password-reset requests allowed. */
  authRateLimit: { windowSeconds: number; signIn: number; signUp: number; passwordReset: number };
  /** argon2id parameters for new password hashes; `minimum` is for the test suite only (decision 093). */
  passwordHashCost: PasswordHashCost;
  mailFrom: string;
  /** How long a plug switch waits for the plug to report its new state before giving up. */
  plugConfirmTimeoutMs: number;
  /** Largest Green Button file a member may upload; a larger one is refused before it is read. */
  greenButtonMaxBytes: number;
  /** How long a privacy export's download link works once the archive is ready (decision 052). */
  privacyExportTtlDays: number;
  /** Whole UTC months of raw 5-minute readings kept before the current one; older months are dropped (decision 124). */
  readingsRawRetentionMonths: number;
  /**
   * How long a claimed durable job is held before another worker may take it over: the wait
   * before work a crashed server was doing is run again. Longer than any job runs (decision 054).
   */
  durableJobLeaseMs: number;
  demoAccount: boolean;
  /** The demo household simulator: back-fill and live readings for the demo member, sent over MQTT. */
  demo: { simulator: boolean; backfillDays: number; speed: number; seed: number };
  /** Closed days of raw readings compacted to one row per series-day by the `readings.compact` job (decision 122). */
  readingsCompaction: boolean;
  /**
   * The compaction job's lanes: chains of runs over equal slices of the household ids, side by
   * side when several server processes share the database (decision 130). 1 without DATABASE_URL:
   * PGlite is one process.
   */
  readingsCompactionLanes: number;
  oauth: { google: OAuthProviderConfig | undefined; facebook: OAuthProviderConfig | undefined };
  /**
   * The first VTN this server takes part in as an OpenADR 3 VEN (decision 104): OPENADR_VTN_URL's,
   * else OPENADR_VTNS's first; undefined without either, and then nothing OpenADR runs.
   */
  openadr: OpenAdrConfig | undefined;
  /** Every VTN (decision 121), the first one first; each has its own row, token, poll chain and listener. Secrets are never logged or shown. */
  openadrVtns: OpenAdrConfig[];
  /** The support line shown on Help; null when none is set, and then no phone is shown at all. */
  supportPhone: string | null;
  /**
   * A clock ahead of real time, for tests and demos only (decision 050): offsetMs moves it at
   * start; adjustable lets an operator move it while the server runs. Refused in production.
   */
  clock: { offsetMs: number; adjustable: boolean };
  /** Personal API tokens (decision 060): requests each token may make per window. */
  apiTokens: { rateLimit: number; windowSeconds: number };
  /**
   * Members' webhooks (decision 060): the wait before each retry (so attempts = delays + 1),
   * whether http://localhost endpoints are accepted (never in production), and each attempt's timeout.
   */
  webhooks: { retryDelaysSeconds: readonly number[]; allowLocalhost: boolean; timeoutMs: number };
};

export type MqttDynsecConfig = { username: string; password: string; sealKey: Buffer };

export type MqttTlsConfig = { certPath: string; keyPath: string; port: number };

export type OAuthProviderConfig = { clientId: string; clientSecret: string; issuer: string };

const AUTH_SECRET_MIN_LENGTH = 32;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'is invalid');
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const port = e.PORT ?? 3000;

  // Sessions signed with a guessable secret are forgeable; only local runs may fall back.
  if (nodeEnv === 'production' && (e.AUTH_SECRET === undefined || e.AUTH_SECRET.length < AUTH_SECRET_MIN_LENGTH)) {
    throw new ConfigError('AUTH_SECRET', `must be set to at least ${AUTH_SECRET_MIN_LENGTH} characters in production`);
  }

  // A moved clock would start, end and settle real events early and pay real points.
  if (nodeEnv === 'production' && e.TEST_CLOCK === true) throw new ConfigError('TEST_CLOCK', 'must not be true in production');
  if (nodeEnv === 'production' && (e.CLOCK_OFFSET_MS ?? 0) !== 0) throw new ConfigError('CLOCK_OFFSET_MS', 'must not be set in production');
  // Members' events and bills would leave in clear text, or reach the server's own network.
  if (nodeEnv === 'production' && e.WEBHOOK_ALLOW_LOCALHOST === true) throw new ConfigError('WEBHOOK_ALLOW_LOCALHOST', 'must not be true in production');
  // A stolen database's password hashes would fall to a brute force at once.
  if (nodeEnv === 'production' && e.PASSWORD_HASH_COST === 'minimum') throw new ConfigError('PASSWORD_HASH_COST', 'must not be minimum in production');
  // The OpenADR Definition (3.1.1, Webhooks): the VEN MUST use HTTPS for its callback.
  if (nodeEnv === 'production' && e.OPENADR_CALLBACK_URL !== undefined && !e.OPENADR_CALLBACK_URL.startsWith('https:')) throw new ConfigError('OPENADR_CALLBACK_URL', 'must be an https:// URL in production');

  const callbackUrl = e.OPENADR_CALLBACK_URL?.replace(/\/+$/, '');
  // Without OPENADR_VTN_URL, OPENADR_CALLBACK_URL may serve OPENADR_VTNS alone.
  const firstVtn = openAdrConfig(e.OPENADR_VTN_URL, e.OPENADR_CLIENT_ID, e.OPENADR_CLIENT_SECRET, e.OPENADR_VERSION, e.OPENADR_VEN_NAME, e.OPENADR_POLL_SECONDS, e.OPENADR_VTNS === undefined ? e.OPENADR_CALLBACK_URL : undefined);
  const openadrVtns = openAdrVtnsConfig(firstVtn && { ...firstVtn, callbackUrl }, e.OPENADR_VTNS, callbackUrl);

  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    nodeEnv,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: e.DATA_DIR ?? './data',
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: databaseReadConfig(e.DATABASE_READ_URL, e.DATABASE_URL),
    mqttUrl: e.MQTT_URL,
    publicMqttUrl: e.PUBLIC_MQTT_URL,
    // 1883 is often owned by a local Mosquitto, so the embedded broker stays out of its way.
    mqttBrokerPort: e.MQTT_BROKER_PORT ?? 1884,
    mqttTls: mqttTlsConfig(e.MQTT_TLS_CERT, e.MQTT_TLS_KEY, e.MQTT_TLS_PORT, e.MQTT_URL, e.MQTT_BROKER_PORT ?? 1884),
    mqttClientId: e.MQTT_CLIENT_ID,
    mqttShareGroup: e.MQTT_SHARE_GROUP ?? 'peakwise',
    // NATS Server's MQTT listener speaks 3.1.1 only.
    mqttProtocolVersion: e.MQTT_PROTOCOL_VERSION === '3.1.1' || e.NATS_URL ? 4 : 5,
    natsUrl: natsConfig(e.NATS_URL, e.MQTT_URL, e.MQTT_PROTOCOL_VERSION),
    natsStreamReplicas: Number(e.NATS_STREAM_REPLICAS ?? 1),
    mqttDynsec: mqttDynsecConfig(e.MQTT_DYNSEC_USERNAME, e.MQTT_DYNSEC_PASSWORD, e.MQTT_URL, e.AUTH_SECRET),
    natsLogins: natsLoginsConfig(e, e.NATS_URL, e.MQTT_DYNSEC_USERNAME !== undefined),
    smtpUrl: e.SMTP_URL,
    sms: smsConfig(e.SMS_PROVIDER_URL, e.SMS_PROVIDER_TOKEN, e.SMS_INBOUND_SECRET, nodeEnv),
    payouts: payoutConfig(e.PAYOUT_PROVIDER_URL, e.PAYOUT_PROVIDER_TOKEN, e.PAYOUT_WEBHOOK_SECRET, e.CASH_OUT_REVIEW_ABOVE_POINTS, nodeEnv),
    payments: {
      sandboxWebhookSecret: e.PAYMENTS_SANDBOX_WEBHOOK_SECRET ?? (e.AUTH_SECRET ? createHmac('sha256', e.AUTH_SECRET).update('peakwise sandbox webhook').digest('hex') : 'peakwise-local-sandbox-webhook-secret'),
      challengeExpiryMinutes: e.PAYMENTS_CHALLENGE_EXPIRY_MINUTES ?? 15,
      stripe: stripeConfig(e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PUBLISHABLE_KEY),
    },
    geocoderUrl: e.GEOCODER_URL?.replace(/\/+$/, ''),
    geocoderTimeoutMs: e.GEOCODER_TIMEOUT_MS ?? 2000,
    serviceableProvinces: e.SERVICEABLE_PROVINCES ?? DEFAULT_SERVICEABLE_PROVINCES,
    logLevel: e.LOG_LEVEL ?? 'info',
    zoneinfoDir: e.ZONEINFO_DIR === 'none' ? null : (e.ZONEINFO_DIR ?? '/usr/share/zoneinfo'),
    authSecret: e.AUTH_SECRET,
    trustProxy: e.TRUST_PROXY ?? false,
    authRateLimit: {
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS ?? 60,
      signIn: e.AUTH_RATE_LIMIT_SIGN_IN ?? 5,
      signUp: e.AUTH_RATE_LIMIT_SIGN_UP ?? 3,
      passwordReset: e.AUTH_RATE_LIMIT_PASSWORD_RESET ?? 5,
    },
    passwordHashCost: e.PASSWORD_HASH_COST ?? 'owasp',
    mailFrom: e.MAIL_FROM ?? 'Peakwise <no-reply@peakwise.ca>',
    plugConfirmTimeoutMs: e.PLUG_CONFIRM_TIMEOUT_MS ?? 10_000,
    greenButtonMaxBytes: e.GREEN_BUTTON_MAX_BYTES ?? GREEN_BUTTON_DEFAULT_MAX_BYTES,
    privacyExportTtlDays: e.PRIVACY_EXPORT_TTL_DAYS ?? PRIVACY_EXPORT_DEFAULT_TTL_DAYS,
    readingsRawRetentionMonths: e.READINGS_RAW_RETENTION_MONTHS ?? DEFAULT_RAW_RETENTION_MONTHS,
    durableJobLeaseMs: e.DURABLE_JOB_LEASE_MS ?? 5 * 60_000,
    // A shared account with a published password shows its visitors to each other: production
    // runs one only when asked to (decision 082).
    demoAccount: e.DEMO_ACCOUNT ?? nodeEnv !== 'production',
    readingsCompaction: e.READINGS_COMPACTION ?? false,
    readingsCompactionLanes: compactionLanesConfig(e.READINGS_COMPACTION_LANES, e.DATABASE_URL),
    demo: { simulator: e.DEMO_SIMULATOR ?? true, backfillDays: e.DEMO_BACKFILL_DAYS ?? 90, speed: e.DEMO_SPEED ?? 1, seed: e.DEMO_SEED ?? 1 },
    oauth: {
      google: oauthProvider('GOOGLE', e.OAUTH_GOOGLE_CLIENT_ID, e.OAUTH_GOOGLE_CLIENT_SECRET, e.OAUTH_GOOGLE_ISSUER ?? 'https://accounts.google.com'),
      facebook: oauthProvider('FACEBOOK', e.OAUTH_FACEBOOK_CLIENT_ID, e.OAUTH_FACEBOOK_CLIENT_SECRET, e.OAUTH_FACEBOOK_ISSUER ?? 'https://www.facebook.com'),
    },
    supportPhone: e.SUPPORT_PHONE ?? null,
    openadr: openadrVtns[0],
    openadrVtns,
    clock: { offsetMs: e.CLOCK_OFFSET_MS ?? 0, adjustable: e.TEST_CLOCK ?? false },
    apiTokens: { rateLimit: e.API_TOKEN_RATE_LIMIT ?? 300, windowSeconds: e.API_TOKEN_RATE_LIMIT_WINDOW_SECONDS ?? 60 },
    webhooks: {
      retryDelaysSeconds: e.WEBHOOK_RETRY_SCHEDULE_SECONDS ?? [60, 300, 1800, 7200, 43200],
      allowLocalhost: e.WEBHOOK_ALLOW_LOCALHOST ?? nodeEnv !== 'production',
      timeoutMs: e.WEBHOOK_TIMEOUT_MS ?? 10_000,
    },
  };
}

/** Lanes only pay beside other server processes on one PostgreSQL; PGlite is one process, so one lane. */
function compactionLanesConfig(lanes: number | undefined, databaseUrl: string | undefined): number {
  if (lanes === undefined) return 1;
  if (lanes > 1 && databaseUrl === undefined) throw new ConfigError('READINGS_COMPACTION_LANES', 'needs DATABASE_URL above 1: lanes run side by side in several server processes on one PostgreSQL (PGlite is one process)');
  return lanes;
}

/** A replica only makes sense beside the PostgreSQL primary it copies; PGlite has none. */
function databaseReadConfig(readUrl: string | undefined, primaryUrl: string | undefined): string | undefined {
  if (readUrl === undefined) return undefined;
  if (primaryUrl === undefined) throw new ConfigError('DATABASE_READ_URL', 'needs DATABASE_URL: it names a streaming replica of that PostgreSQL primary (PGlite has no replica)');
  if (readUrl === primaryUrl) throw new ConfigError('DATABASE_READ_URL', 'must differ from DATABASE_URL: it names a streaming replica, not the primary again');
  return readUrl;
}

/**
 * A certificate is useless without its key and the other way round; and both belong to the
 * embedded broker, which does not run beside an external one (MQTT_URL), so setting them there
 * would look like TLS while changing nothing.
 */
function mqttTlsConfig(
  certPath: string | undefined,
  keyPath: string | undefined,
  tlsPort: number | undefined,
  mqttUrl: string | undefined,
  brokerPort: number,
): Config['mqttTls'] {
  if (certPath === undefined && keyPath === undefined) {
    if (tlsPort !== undefined) throw new ConfigError('MQTT_TLS_PORT', 'needs MQTT_TLS_CERT and MQTT_TLS_KEY: without a certificate the embedded broker has no TLS port');
    return undefined;
  }
  if (certPath === undefined) throw new ConfigError('MQTT_TLS_CERT', 'must be set when MQTT_TLS_KEY is (the PEM certificate that goes with the key)');
  if (keyPath === undefined) throw new ConfigError('MQTT_TLS_KEY', 'must be set when MQTT_TLS_CERT is (the PEM private key of the certificate)');
  if (mqttUrl !== undefined) throw new ConfigError('MQTT_TLS_CERT', 'is for the embedded broker, which does not run when MQTT_URL is set; configure TLS on that broker instead');
  const port = tlsPort ?? 8883;
  if (port !== 0 && port === brokerPort) throw new ConfigError('MQTT_TLS_PORT', `must differ from MQTT_BROKER_PORT (both are ${port})`);
  return { certPath, keyPath, port };
}

/**
 * The dynsec admin login goes with its password, and with an external broker: the embedded one
 * checks tokens itself and has no plugin to manage.
 */
function natsConfig(natsUrl: string | undefined, mqttUrl: string | undefined, protocolVersion: string | undefined): string | undefined {
  if (natsUrl === undefined) return undefined;
  if (mqttUrl === undefined) throw new ConfigError('NATS_URL', "needs MQTT_URL: devices and the server's commands reach NATS Server through its MQTT listener");
  if (protocolVersion === '5') throw new ConfigError('MQTT_PROTOCOL_VERSION', "must be 3.1.1 with NATS_URL: NATS Server's MQTT listener speaks 3.1.1 only");
  return natsUrl;
}

function mqttDynsecConfig(username: string | undefined, password: string | undefined, mqttUrl: string | undefined, authSecret: string | undefined): Config['mqttDynsec'] {
  if (username === undefined && password === undefined) return undefined;
  if (username === undefined) throw new ConfigError('MQTT_DYNSEC_USERNAME', 'must be set when MQTT_DYNSEC_PASSWORD is');
  if (password === undefined) throw new ConfigError('MQTT_DYNSEC_PASSWORD', 'must be set when MQTT_DYNSEC_USERNAME is');
  if (mqttUrl === undefined) throw new ConfigError('MQTT_DYNSEC_USERNAME', 'needs MQTT_URL: the embedded broker checks device logins itself');
  // Production requires AUTH_SECRET (checked above); a local run seals with a fixed key, like its other fallbacks.
  const sealKey = createHmac('sha256', authSecret ?? 'peakwise-local-auth-secret').update('peakwise mqtt dynsec outbox').digest();
  return { username, password, sealKey };
}

/** A provider URL needs its token (an open relay is a mistake), and real numbers need TLS in production. */
function smsConfig(providerUrl: string | undefined, providerToken: string | undefined, inboundSecret: string | undefined, nodeEnv: string): Config['sms'] {
  if (providerUrl !== undefined && providerToken === undefined) throw new ConfigError('SMS_PROVIDER_TOKEN', 'must be set when SMS_PROVIDER_URL is');
  if (providerUrl === undefined && providerToken !== undefined) throw new ConfigError('SMS_PROVIDER_URL', 'must be set when SMS_PROVIDER_TOKEN is');
  if (providerUrl !== undefined && nodeEnv === 'production' && !providerUrl.startsWith('https:')) throw new ConfigError('SMS_PROVIDER_URL', 'must be an https:// URL in production');
  return { providerUrl, providerToken, inboundSecret };
}

/** Money leaves through the payout provider: it needs its token, and TLS in production. */
function payoutConfig(
  providerUrl: string | undefined,
  providerToken: string | undefined,
  webhookSecret: string | undefined,
  reviewAbovePoints: number | undefined,
  nodeEnv: string,
): Config['payouts'] {
  if (providerUrl !== undefined && providerToken === undefined) throw new ConfigError('PAYOUT_PROVIDER_TOKEN', 'must be set when PAYOUT_PROVIDER_URL is');
  if (providerUrl === undefined && providerToken !== undefined) throw new ConfigError('PAYOUT_PROVIDER_URL', 'must be set when PAYOUT_PROVIDER_TOKEN is');
  if (providerUrl !== undefined && nodeEnv === 'production' && !providerUrl.startsWith('https:')) throw new ConfigError('PAYOUT_PROVIDER_URL', 'must be an https:// URL in production');
  return { providerUrl, providerToken, webhookSecret, reviewAbovePoints: reviewAbovePoints ?? DEFAULT_CASH_OUT_REVIEW_ABOVE_POINTS };
}

/** Stripe replaces the sandbox when its secret key is set; its webhooks cannot be checked without the signing secret. */
function stripeConfig(secretKey: string | undefined, webhookSecret: string | undefined, publishableKey: string | undefined): Config['payments']['stripe'] {
  if (secretKey === undefined && webhookSecret === undefined && publishableKey === undefined) return undefined;
  if (secretKey === undefined) throw new ConfigError('STRIPE_SECRET_KEY', 'must be set when STRIPE_WEBHOOK_SECRET or STRIPE_PUBLISHABLE_KEY is');
  if (webhookSecret === undefined) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be set when STRIPE_SECRET_KEY is');
  return { secretKey, webhookSecret, publishableKey };
}

/** A VTN is all or nothing: its address, the client credentials it issued us, its version and our VEN name. */
function openAdrConfig(
  vtnUrl: string | undefined,
  clientId: string | undefined,
  clientSecret: string | undefined,
  version: OpenAdrVersion | undefined,
  venName: string | undefined,
  pollSeconds: number | undefined,
  callbackUrl: string | undefined,
): Config['openadr'] {
  if (vtnUrl === undefined) {
    const stray = [['OPENADR_CLIENT_ID', clientId], ['OPENADR_CLIENT_SECRET', clientSecret], ['OPENADR_VERSION', version], ['OPENADR_VEN_NAME', venName], ['OPENADR_POLL_SECONDS', pollSeconds], ['OPENADR_CALLBACK_URL', callbackUrl]].find(([, value]) => value !== undefined);
    if (stray) throw new ConfigError(String(stray[0]), 'needs OPENADR_VTN_URL');
    return undefined;
  }
  if (clientId === undefined) throw new ConfigError('OPENADR_CLIENT_ID', 'must be set when OPENADR_VTN_URL is');
  if (clientSecret === undefined) throw new ConfigError('OPENADR_CLIENT_SECRET', 'must be set when OPENADR_VTN_URL is');
  if (version === undefined) throw new ConfigError('OPENADR_VERSION', 'must be set when OPENADR_VTN_URL is (3.0.1 or 3.1.1; the two are not compatible)');
  return { name: FIRST_VTN_NAME, vtnUrl: vtnUrl.replace(/\/+$/, ''), clientId, clientSecret, version, venName: venName ?? 'peakwise', pollSeconds: pollSeconds ?? 300, callbackUrl: callbackUrl?.replace(/\/+$/, '') };
}

/** A provider is on when both its client id and secret are set; one without the other is a mistake. */
function oauthProvider(name: string, clientId: string | undefined, clientSecret: string | undefined, issuer: string): OAuthProviderConfig | undefined {
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined) throw new ConfigError(`OAUTH_${name}_CLIENT_ID`, `must be set when OAUTH_${name}_CLIENT_SECRET is`);
  if (clientSecret === undefined) throw new ConfigError(`OAUTH_${name}_CLIENT_SECRET`, `must be set when OAUTH_${name}_CLIENT_ID is`);
  return { clientId, clientSecret, issuer: issuer.replace(/\/+$/, '') };
}
