import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ConfigError } from './config-error';

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'development',
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      databaseUrl: undefined,
      databaseReadUrl: undefined,
      mqttUrl: undefined,
      mqttBrokerPort: 1884,
      mqttTls: undefined,
      mqttClientId: undefined,
      mqttShareGroup: 'peakwise',
      mqttProtocolVersion: 5,
      natsStreamReplicas: 1,
      smtpUrl: undefined,
      sms: { providerUrl: undefined, providerToken: undefined, inboundSecret: undefined },
      payouts: { providerUrl: undefined, providerToken: undefined, webhookSecret: undefined, reviewAbovePoints: 10_000 },
      payments: { sandboxWebhookSecret: 'peakwise-local-sandbox-webhook-secret', challengeExpiryMinutes: 15, stripe: undefined },
      geocoderUrl: undefined,
      geocoderTimeoutMs: 2000,
      serviceableProvinces: ['ON', 'BC', 'AB', 'QC'],
      logLevel: 'info',
      zoneinfoDir: '/usr/share/zoneinfo',
      authSecret: undefined,
      trustProxy: false,
      authRateLimit: { windowSeconds: 60, signIn: 5, signUp: 3, passwordReset: 5 },
      passwordHashCost: 'owasp',
      mailFrom: 'Peakwise <no-reply@peakwise.ca>',
      plugConfirmTimeoutMs: 10_000,
      greenButtonMaxBytes: 20 * 1024 * 1024,
      privacyExportTtlDays: 7,
      readingsRawRetentionMonths: 25,
      durableJobLeaseMs: 300_000,
      demoAccount: true,
      readingsCompaction: false,
      readingsCompactionLanes: 1,
      demo: { simulator: true, backfillDays: 90, speed: 1, seed: 1 },
      oauth: { google: undefined, facebook: undefined },
      supportPhone: null,
      openadr: undefined,
      openadrVtns: [],
      clock: { offsetMs: 0, adjustable: false },
      apiTokens: { rateLimit: 300, windowSeconds: 60 },
      webhooks: { retryDelaysSeconds: [60, 300, 1800, 7200, 43200], allowLocalhost: true, timeoutMs: 10_000 },
    });
  });

  it('reads the account settings', () => {
    const config = loadConfig({
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '30',
      AUTH_RATE_LIMIT_SIGN_IN: '10',
      AUTH_RATE_LIMIT_SIGN_UP: '2',
      AUTH_RATE_LIMIT_PASSWORD_RESET: '4',
      MAIL_FROM: 'Peakwise <hello@peakwise.example>',
      DEMO_ACCOUNT: 'false',
      DEMO_SIMULATOR: 'false',
      READINGS_COMPACTION: 'true',
      DEMO_BACKFILL_DAYS: '0',
      DEMO_SPEED: '60',
      DEMO_SEED: '42',
      OAUTH_GOOGLE_CLIENT_ID: 'g-id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
      OAUTH_FACEBOOK_CLIENT_ID: 'f-id',
      OAUTH_FACEBOOK_CLIENT_SECRET: 'f-secret',
      OAUTH_FACEBOOK_ISSUER: 'http://127.0.0.1:9000/',
      SUPPORT_PHONE: ' +1 (416) 555-0134 ',
    });
    expect(config).toMatchObject({
      trustProxy: true,
      authRateLimit: { windowSeconds: 30, signIn: 10, signUp: 2, passwordReset: 4 },
      mailFrom: 'Peakwise <hello@peakwise.example>',
      demoAccount: false,
      readingsCompaction: true,
      readingsCompactionLanes: 1,
      demo: { simulator: false, backfillDays: 0, speed: 60, seed: 42 },
      supportPhone: '+1 (416) 555-0134',
      oauth: {
        google: { clientId: 'g-id', clientSecret: 'g-secret', issuer: 'https://accounts.google.com' },
        facebook: { clientId: 'f-id', clientSecret: 'f-secret', issuer: 'http://127.0.0.1:9000' },
      },
    });
  });

  it('reads the SMS provider and refuses it half set, malformed, or without TLS in production', () => {
    expect(loadConfig({ SMS_PROVIDER_URL: 'https://sms.example/send', SMS_PROVIDER_TOKEN: 'tok-12345678', SMS_INBOUND_SECRET: 'inbound-secret-0123' }).sms).toEqual({
      providerUrl: 'https://sms.example/send',
      providerToken: 'tok-12345678',
      inboundSecret: 'inbound-secret-0123',
    });
    const refused: [Record<string, string>, string][] = [
      [{ SMS_PROVIDER_URL: 'https://sms.example/send' }, 'Configuration error: SMS_PROVIDER_TOKEN must be set when SMS_PROVIDER_URL is'],
      [{ SMS_PROVIDER_TOKEN: 'tok-12345678' }, 'Configuration error: SMS_PROVIDER_URL must be set when SMS_PROVIDER_TOKEN is'],
      [{ SMS_PROVIDER_URL: 'ftp://sms.example', SMS_PROVIDER_TOKEN: 'tok-12345678' }, 'Configuration error: SMS_PROVIDER_URL must be an http:// or https:// URL'],
      [{ SMS_PROVIDER_URL: 'https://sms.example', SMS_PROVIDER_TOKEN: 'has space inside' }, 'Configuration error: SMS_PROVIDER_TOKEN must be 8-512 printable characters without spaces'],
      [{ SMS_INBOUND_SECRET: 'short' }, 'Configuration error: SMS_INBOUND_SECRET must be 16-512 printable characters without spaces'],
      [
        { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SMS_PROVIDER_URL: 'http://sms.example', SMS_PROVIDER_TOKEN: 'tok-12345678' },
        'Configuration error: SMS_PROVIDER_URL must be an https:// URL in production',
      ],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), message).toThrow(message);
  });

  it('reads the payout provider and the review threshold, and refuses them half set or malformed', () => {
    expect(
      loadConfig({ PAYOUT_PROVIDER_URL: 'https://pay.example/transfers', PAYOUT_PROVIDER_TOKEN: 'pay-12345678', PAYOUT_WEBHOOK_SECRET: 'webhook-secret-0123', CASH_OUT_REVIEW_ABOVE_POINTS: '2500' }).payouts,
    ).toEqual({ providerUrl: 'https://pay.example/transfers', providerToken: 'pay-12345678', webhookSecret: 'webhook-secret-0123', reviewAbovePoints: 2_500 });
    const refused: [Record<string, string>, string][] = [
      [{ PAYOUT_PROVIDER_URL: 'https://pay.example' }, 'Configuration error: PAYOUT_PROVIDER_TOKEN must be set when PAYOUT_PROVIDER_URL is'],
      [{ PAYOUT_PROVIDER_TOKEN: 'pay-12345678' }, 'Configuration error: PAYOUT_PROVIDER_URL must be set when PAYOUT_PROVIDER_TOKEN is'],
      [{ PAYOUT_WEBHOOK_SECRET: 'short' }, 'Configuration error: PAYOUT_WEBHOOK_SECRET must be 16-512 printable characters without spaces'],
      [{ CASH_OUT_REVIEW_ABOVE_POINTS: '-1' }, 'Configuration error: CASH_OUT_REVIEW_ABOVE_POINTS must be a whole number of points'],
      [{ CASH_OUT_REVIEW_ABOVE_POINTS: '1.5' }, 'Configuration error: CASH_OUT_REVIEW_ABOVE_POINTS must be a whole number of points'],
      [
        { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PAYOUT_PROVIDER_URL: 'http://pay.example', PAYOUT_PROVIDER_TOKEN: 'pay-12345678' },
        'Configuration error: PAYOUT_PROVIDER_URL must be an https:// URL in production',
      ],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), message).toThrow(message);
  });

  it('gives the embedded broker a TLS port only with both a certificate and its key', () => {
    const files = { MQTT_TLS_CERT: '/etc/peakwise/mqtt.crt', MQTT_TLS_KEY: '/etc/peakwise/mqtt.key' };
    expect(loadConfig(files).mqttTls).toEqual({ certPath: '/etc/peakwise/mqtt.crt', keyPath: '/etc/peakwise/mqtt.key', port: 8883 });
    expect(loadConfig({ ...files, MQTT_TLS_PORT: '0' }).mqttTls).toEqual({ certPath: '/etc/peakwise/mqtt.crt', keyPath: '/etc/peakwise/mqtt.key', port: 0 });
    expect(loadConfig({ MQTT_TLS_CERT: '', MQTT_TLS_KEY: '' }).mqttTls).toBeUndefined();
    const refused: [Record<string, string>, string][] = [
      [{ MQTT_TLS_CERT: '/etc/peakwise/mqtt.crt' }, 'Configuration error: MQTT_TLS_KEY must be set when MQTT_TLS_CERT is'],
      [{ MQTT_TLS_KEY: '/etc/peakwise/mqtt.key' }, 'Configuration error: MQTT_TLS_CERT must be set when MQTT_TLS_KEY is'],
      [{ MQTT_TLS_CERT: '/etc/peakwise/mqtt.crt', MQTT_TLS_KEY: '' }, 'Configuration error: MQTT_TLS_KEY must be set when MQTT_TLS_CERT is'],
      [{ MQTT_TLS_PORT: '8883' }, 'Configuration error: MQTT_TLS_PORT needs MQTT_TLS_CERT and MQTT_TLS_KEY'],
      [{ ...files, MQTT_TLS_PORT: '1884' }, 'Configuration error: MQTT_TLS_PORT must differ from MQTT_BROKER_PORT (both are 1884)'],
      [{ ...files, MQTT_TLS_PORT: '9000', MQTT_BROKER_PORT: '9000' }, 'Configuration error: MQTT_TLS_PORT must differ from MQTT_BROKER_PORT (both are 9000)'],
      [{ ...files, MQTT_TLS_PORT: 'tls' }, 'Configuration error: MQTT_TLS_PORT must be an integer between 0 and 65535'],
      [{ ...files, MQTT_URL: 'mqtts://broker:8883' }, 'Configuration error: MQTT_TLS_CERT is for the embedded broker, which does not run when MQTT_URL is set'],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), message).toThrow(message);
    // Two free ports picked by the system never collide.
    expect(loadConfig({ ...files, MQTT_TLS_PORT: '0', MQTT_BROKER_PORT: '0' }).mqttTls?.port).toBe(0);
  });

  it('manages Mosquitto’s logins only with the whole dynsec admin login and an external broker (decision 097)', () => {
    const admin = { MQTT_URL: 'mqtt://mosquitto:1883', MQTT_DYNSEC_USERNAME: 'peakwise-admin', MQTT_DYNSEC_PASSWORD: 'admin-password' };
    expect(loadConfig({}).mqttDynsec).toBeUndefined();
    const a = loadConfig({ ...admin, AUTH_SECRET: 'a'.repeat(32) }).mqttDynsec;
    expect(a).toMatchObject({ username: 'peakwise-admin', password: 'admin-password' });
    expect(a!.sealKey).toHaveLength(32);
    // Every process with the same AUTH_SECRET opens what another sealed; another secret, another key.
    expect(loadConfig({ ...admin, AUTH_SECRET: 'a'.repeat(32) }).mqttDynsec!.sealKey.equals(a!.sealKey)).toBe(true);
    expect(loadConfig({ ...admin, AUTH_SECRET: 'b'.repeat(32) }).mqttDynsec!.sealKey.equals(a!.sealKey)).toBe(false);
    for (const [env, message] of [
      [{ MQTT_URL: admin.MQTT_URL, MQTT_DYNSEC_USERNAME: 'peakwise-admin' }, 'Configuration error: MQTT_DYNSEC_PASSWORD must be set when MQTT_DYNSEC_USERNAME is'],
      [{ MQTT_URL: admin.MQTT_URL, MQTT_DYNSEC_PASSWORD: 'x' }, 'Configuration error: MQTT_DYNSEC_USERNAME must be set when MQTT_DYNSEC_PASSWORD is'],
      [{ MQTT_DYNSEC_USERNAME: 'peakwise-admin', MQTT_DYNSEC_PASSWORD: 'x' }, 'Configuration error: MQTT_DYNSEC_USERNAME needs MQTT_URL'],
      [{ ...admin, MQTT_DYNSEC_USERNAME: 'has space' }, 'Configuration error: MQTT_DYNSEC_USERNAME must be 1-128 printable characters without spaces'],
    ] as const) {
      expect(() => loadConfig(env), message).toThrow(message);
    }
  });

  it('reads device messages from NATS only beside its MQTT listener, and speaks 3.1.1 to it (decision 117)', () => {
    expect(loadConfig({}).natsUrl).toBeUndefined();
    const nats = loadConfig({ MQTT_URL: 'mqtt://nats:1883', NATS_URL: 'nats://nats-1:4222,nats://nats-2:4222' });
    expect(nats.natsUrl).toBe('nats://nats-1:4222,nats://nats-2:4222');
    expect(nats.mqttProtocolVersion).toBe(4);
    // One copy of the stream unless the deployment says its cluster keeps more (decision 125).
    expect(nats.natsStreamReplicas).toBe(1);
    expect(loadConfig({ MQTT_URL: 'mqtt://nats:1883', NATS_URL: 'nats://nats-1:4222', NATS_STREAM_REPLICAS: '3' }).natsStreamReplicas).toBe(3);
    for (const [env, message] of [
      [{ MQTT_URL: 'mqtt://nats:1883', NATS_URL: 'nats://nats:4222', NATS_STREAM_REPLICAS: '6' }, 'Configuration error: NATS_STREAM_REPLICAS must be 1 to 5'],
      [{ MQTT_URL: 'mqtt://nats:1883', NATS_URL: 'nats://nats:4222', NATS_STREAM_REPLICAS: 'three' }, 'Configuration error: NATS_STREAM_REPLICAS must be 1 to 5'],
      [{ NATS_URL: 'nats://nats:4222' }, 'Configuration error: NATS_URL needs MQTT_URL'],
      [{ MQTT_URL: 'mqtt://nats:1883', NATS_URL: 'nats://nats:4222', MQTT_PROTOCOL_VERSION: '5' }, 'Configuration error: MQTT_PROTOCOL_VERSION must be 3.1.1 with NATS_URL'],
      [{ MQTT_URL: 'mqtt://nats:1883', NATS_URL: 'http://nats:4222' }, 'Configuration error: NATS_URL must be nats://host:port'],
    ] as const) {
      expect(() => loadConfig(env), message).toThrow(message);
    }
  });

  it('refuses half an OAuth provider', () => {
    expect(() => loadConfig({ OAUTH_GOOGLE_CLIENT_ID: 'g-id' })).toThrow(/^Configuration error: OAUTH_GOOGLE_CLIENT_SECRET /);
    expect(() => loadConfig({ OAUTH_FACEBOOK_CLIENT_SECRET: 's' })).toThrow(/^Configuration error: OAUTH_FACEBOOK_CLIENT_ID /);
  });

  it('derives PUBLIC_URL from PORT and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: '', MQTT_URL: '' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mqttUrl).toBeUndefined();
  });

  it('reads every variable when well formed', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://peakwise.example/',
      DATA_DIR: '/var/lib/peakwise',
      DATABASE_URL: 'postgresql://user:pw@db:5432/peakwise',
      MQTT_URL: 'mqtts://broker:8883',
      PUBLIC_MQTT_URL: 'mqtts://mqtt.peakwise.example:8883',
      MQTT_BROKER_PORT: '0',
      MQTT_CLIENT_ID: 'ingest-1',
      MQTT_SHARE_GROUP: 'workers',
      MQTT_PROTOCOL_VERSION: '3.1.1',
      SMTP_URL: 'smtps://user:pw@mail:465',
      GEOCODER_URL: 'https://geocoder.ca/',
      GEOCODER_TIMEOUT_MS: '500',
      SERVICEABLE_PROVINCES: ' mb , on ',
      LOG_LEVEL: 'debug',
      AUTH_SECRET: 'x'.repeat(32),
      GREEN_BUTTON_MAX_BYTES: '1048576',
      PRIVACY_EXPORT_TTL_DAYS: '14',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      nodeEnv: 'production',
      publicUrl: 'https://peakwise.example',
      dataDir: '/var/lib/peakwise',
      databaseUrl: 'postgresql://user:pw@db:5432/peakwise',
      mqttUrl: 'mqtts://broker:8883',
      publicMqttUrl: 'mqtts://mqtt.peakwise.example:8883',
      mqttBrokerPort: 0,
      mqttClientId: 'ingest-1',
      mqttShareGroup: 'workers',
      mqttProtocolVersion: 4,
      smtpUrl: 'smtps://user:pw@mail:465',
      sms: { providerUrl: undefined, providerToken: undefined, inboundSecret: undefined },
      geocoderUrl: 'https://geocoder.ca',
      geocoderTimeoutMs: 500,
      serviceableProvinces: ['MB', 'ON'],
      logLevel: 'debug',
      greenButtonMaxBytes: 1_048_576,
      privacyExportTtlDays: 14,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['DATABASE_URL', 'mysql://db/peakwise'],
    ['DATABASE_URL', 'not a url'],
    ['MQTT_URL', 'http://broker:1883'],
    ['PUBLIC_MQTT_URL', 'mqtt.example.ca:8883'],
    ['PUBLIC_MQTT_URL', 'https://mqtt.example.ca'],
    ['MQTT_BROKER_PORT', '-1'],
    ['MQTT_CLIENT_ID', 'a/b'],
    ['MQTT_SHARE_GROUP', 'a+b'],
    ['MQTT_PROTOCOL_VERSION', '4'],
    ['SMTP_URL', 'mail.example.com'],
    ['GEOCODER_URL', 'ftp://geocoder'],
    ['GEOCODER_TIMEOUT_MS', '0'],
    ['GEOCODER_TIMEOUT_MS', 'soon'],
    ['SERVICEABLE_PROVINCES', 'ON,XX'],
    ['SERVICEABLE_PROVINCES', ' , '],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['DEMO_ACCOUNT', '1'],
    ['SUPPORT_PHONE', 'call us'],
    ['SUPPORT_PHONE', '<b>1-800</b>'],
    ['DEMO_SIMULATOR', 'on'],
    ['READINGS_COMPACTION', 'yes'],
    ['READINGS_COMPACTION_LANES', '0'],
    ['READINGS_COMPACTION_LANES', '65'],
    ['READINGS_COMPACTION_LANES', '2.5'],
    ['READINGS_COMPACTION_LANES', 'many'],
    ['DEMO_BACKFILL_DAYS', '-1'],
    ['DEMO_BACKFILL_DAYS', '4000'],
    ['DEMO_SPEED', '0.5'],
    ['DEMO_SPEED', 'fast'],
    ['DEMO_SEED', '1.5'],
    ['AUTH_RATE_LIMIT_SIGN_IN', '0'],
    ['AUTH_RATE_LIMIT_WINDOW_SECONDS', 'minute'],
    ['MAIL_FROM', 'nobody'],
    ['OAUTH_GOOGLE_ISSUER', 'accounts.google.com'],
    ['GREEN_BUTTON_MAX_BYTES', '0'],
    ['GREEN_BUTTON_MAX_BYTES', '20MB'],
    ['PRIVACY_EXPORT_TTL_DAYS', '0'],
    ['PRIVACY_EXPORT_TTL_DAYS', '400'],
    ['PRIVACY_EXPORT_TTL_DAYS', 'week'],
    ['READINGS_RAW_RETENTION_MONTHS', '12'],
    ['READINGS_RAW_RETENTION_MONTHS', '2.5'],
    ['READINGS_RAW_RETENTION_MONTHS', 'forever'],
  ])('names %s when it is %j', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Configuration error: ${variable} `));
  });

  it('keeps 25 months of raw readings unless told otherwise (decision 124)', () => {
    expect(loadConfig({}).readingsRawRetentionMonths).toBe(25);
    expect(loadConfig({ READINGS_RAW_RETENTION_MONTHS: '36' }).readingsRawRetentionMonths).toBe(36);
  });

  it('runs the compaction job in one lane unless told otherwise, and in more only on PostgreSQL (decision 130)', () => {
    const primary = 'postgres://postgres@db:5432/peakwise';
    expect(loadConfig({ DATABASE_URL: primary }).readingsCompactionLanes).toBe(1);
    expect(loadConfig({ DATABASE_URL: primary, READINGS_COMPACTION_LANES: '4' }).readingsCompactionLanes).toBe(4);
    expect(loadConfig({ DATABASE_URL: primary, READINGS_COMPACTION_LANES: '64' }).readingsCompactionLanes).toBe(64);
    expect(loadConfig({ READINGS_COMPACTION_LANES: '1' }).readingsCompactionLanes).toBe(1);
    expect(() => loadConfig({ READINGS_COMPACTION_LANES: '2' })).toThrow('Configuration error: READINGS_COMPACTION_LANES needs DATABASE_URL');
  });

  it('takes DATABASE_READ_URL only beside a different DATABASE_URL (decision 123)', () => {
    const primary = 'postgres://postgres@db:5432/peakwise';
    const replica = 'postgres://postgres@replica:5432/peakwise';
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(replica);
    expect(loadConfig({ DATABASE_URL: primary }).databaseReadUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow('Configuration error: DATABASE_READ_URL needs DATABASE_URL');
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: primary })).toThrow('Configuration error: DATABASE_READ_URL must differ from DATABASE_URL');
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://replica/peakwise' })).toThrow(/^Configuration error: DATABASE_READ_URL must be a postgres:/);
  });

  it('uses the exact DATABASE_URL wording', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db' })).toThrow(
      'Configuration error: DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
  });

  it('requires a long AUTH_SECRET in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^Configuration error: AUTH_SECRET /);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be set to at least 32/);
    expect(loadConfig({ NODE_ENV: 'test' }).authSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', AUTH_SECRET: 'short' }).authSecret).toBe('short');
  });

  it('runs the shared demo account outside production, and in production only when asked to (decision 082)', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).demoAccount).toBe(false);
    expect(loadConfig({ ...production, DEMO_ACCOUNT: 'true' }).demoAccount).toBe(true);
    expect(loadConfig({ ...production, DEMO_ACCOUNT: 'false' }).demoAccount).toBe(false);
    expect(loadConfig({}).demoAccount).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoAccount).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_ACCOUNT: 'false' }).demoAccount).toBe(false);
  });

  it('moves the clock only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true', CLOCK_OFFSET_MS: '3600000' }).clock).toEqual({ offsetMs: 3_600_000, adjustable: true });
    expect(loadConfig({ TEST_CLOCK: 'false' }).clock).toEqual({ offsetMs: 0, adjustable: false });
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, TEST_CLOCK: 'true' })).toThrow('Configuration error: TEST_CLOCK must not be true in production');
    expect(() => loadConfig({ ...production, CLOCK_OFFSET_MS: '1' })).toThrow('Configuration error: CLOCK_OFFSET_MS must not be set in production');
    expect(loadConfig({ ...production, TEST_CLOCK: 'false', CLOCK_OFFSET_MS: '0' }).clock).toEqual({ offsetMs: 0, adjustable: false });
    expect(() => loadConfig({ CLOCK_OFFSET_MS: '-5' })).toThrow(/^Configuration error: CLOCK_OFFSET_MS must be a whole number/);
    expect(() => loadConfig({ CLOCK_OFFSET_MS: String(367 * 24 * 3_600_000) })).toThrow(/^Configuration error: CLOCK_OFFSET_MS /);
    expect(() => loadConfig({ TEST_CLOCK: 'yes' })).toThrow('Configuration error: TEST_CLOCK must be true or false');
  });

  it('signs sandbox webhooks with PAYMENTS_SANDBOX_WEBHOOK_SECRET, else a key derived from AUTH_SECRET', () => {
    expect(loadConfig({ PAYMENTS_SANDBOX_WEBHOOK_SECRET: 'a-sandbox-secret-0123' }).payments.sandboxWebhookSecret).toBe('a-sandbox-secret-0123');
    const derived = loadConfig({ AUTH_SECRET: 'x'.repeat(40) }).payments.sandboxWebhookSecret;
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ AUTH_SECRET: 'y'.repeat(40) }).payments.sandboxWebhookSecret).not.toBe(derived);
    expect(() => loadConfig({ PAYMENTS_SANDBOX_WEBHOOK_SECRET: 'short' })).toThrow('PAYMENTS_SANDBOX_WEBHOOK_SECRET');
  });

  it('keeps a 3-D Secure challenge open PAYMENTS_CHALLENGE_EXPIRY_MINUTES (15 by default, 1 to 1440)', () => {
    expect(loadConfig({ PAYMENTS_CHALLENGE_EXPIRY_MINUTES: '1' }).payments.challengeExpiryMinutes).toBe(1);
    expect(loadConfig({ PAYMENTS_CHALLENGE_EXPIRY_MINUTES: '1440' }).payments.challengeExpiryMinutes).toBe(1440);
    for (const bad of ['0', '1441', '2.5', '-1', 'soon']) {
      expect(() => loadConfig({ PAYMENTS_CHALLENGE_EXPIRY_MINUTES: bad }), bad).toThrow('Configuration error: PAYMENTS_CHALLENGE_EXPIRY_MINUTES must be a whole number of minutes (1-1440)');
    }
  });

  it('turns Stripe on with its secret key and webhook signing secret, one without the other refused', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abcdefgh12', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12' }).payments.stripe).toEqual({ secretKey: 'sk_test_abcdefgh12', webhookSecret: 'whsec_abcdefgh12', publishableKey: undefined });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abcdefgh12' })).toThrow('STRIPE_WEBHOOK_SECRET');
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12' })).toThrow('STRIPE_SECRET_KEY');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'not-a-key' })).toThrow('STRIPE_SECRET_KEY');
  });

  it('an OpenADR VTN is all or nothing, and its version is one of the two the VEN speaks', () => {
    const vtn = { OPENADR_VTN_URL: 'https://vtn.example.ca/openadr3/3.1.1/', OPENADR_CLIENT_ID: 'ven-7', OPENADR_CLIENT_SECRET: 's3cret-value', OPENADR_VERSION: '3.1.1' };
    expect(loadConfig(vtn).openadr).toEqual({ name: 'default', vtnUrl: 'https://vtn.example.ca/openadr3/3.1.1', clientId: 'ven-7', clientSecret: 's3cret-value', version: '3.1.1', venName: 'peakwise', pollSeconds: 300, callbackUrl: undefined });
    expect(loadConfig({ ...vtn, OPENADR_VEN_NAME: 'Peakwise ON', OPENADR_POLL_SECONDS: '60', OPENADR_CALLBACK_URL: 'https://peakwise.ca/' }).openadr).toMatchObject({ venName: 'Peakwise ON', pollSeconds: 60, callbackUrl: 'https://peakwise.ca' });
    const refused: [Record<string, string>, string][] = [
      [{ ...vtn, OPENADR_CLIENT_SECRET: '' }, 'OPENADR_CLIENT_SECRET must be set when OPENADR_VTN_URL is'],
      [{ ...vtn, OPENADR_CLIENT_ID: '' }, 'OPENADR_CLIENT_ID must be set when OPENADR_VTN_URL is'],
      [{ ...vtn, OPENADR_VERSION: '' }, 'OPENADR_VERSION must be set when OPENADR_VTN_URL is'],
      [{ ...vtn, OPENADR_VERSION: '3.0.0' }, 'OPENADR_VERSION must be 3.0.1 or 3.1.1'],
      [{ ...vtn, OPENADR_VTN_URL: 'ftp://vtn.example.ca' }, 'OPENADR_VTN_URL must be an http:// or https:// URL'],
      [{ OPENADR_CLIENT_SECRET: 'orphan-secret' }, 'OPENADR_CLIENT_SECRET needs OPENADR_VTN_URL'],
      [{ OPENADR_CALLBACK_URL: 'https://peakwise.ca' }, 'OPENADR_CALLBACK_URL needs OPENADR_VTN_URL'],
      [{ ...vtn, OPENADR_CALLBACK_URL: 'mailto:ops@peakwise.ca' }, 'OPENADR_CALLBACK_URL must be an http:// or https:// URL'],
      [{ ...vtn, NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(64), OPENADR_CALLBACK_URL: 'http://peakwise.ca' }, 'OPENADR_CALLBACK_URL must be an https:// URL in production'],
    ];
    for (const [env, message] of refused) expect(() => loadConfig(env), message).toThrow(message);
    // The secret is never part of what a refusal says.
    expect(() => loadConfig({ ...vtn, OPENADR_VERSION: '9' })).not.toThrow('s3cret-value');
  });

  it('more VTNs come from OPENADR_VTNS, after the first; a bad entry is named, its secret never', () => {
    const first = { OPENADR_VTN_URL: 'https://on.example.ca/oadr', OPENADR_CLIENT_ID: 'ven-on', OPENADR_CLIENT_SECRET: 'on-secret-1', OPENADR_VERSION: '3.0.1', OPENADR_CALLBACK_URL: 'https://peakwise.ca/' };
    const quebec = { name: 'quebec', url: 'https://qc.example.ca/oadr/', clientId: 'ven-qc', clientSecret: 'qc-secret-2', version: '3.1.1', pollSeconds: 60 };
    const both = loadConfig({ ...first, OPENADR_VTNS: JSON.stringify([quebec]) });
    expect(both.openadrVtns).toEqual([
      { name: 'default', vtnUrl: 'https://on.example.ca/oadr', clientId: 'ven-on', clientSecret: 'on-secret-1', version: '3.0.1', venName: 'peakwise', pollSeconds: 300, callbackUrl: 'https://peakwise.ca' },
      { name: 'quebec', vtnUrl: 'https://qc.example.ca/oadr', clientId: 'ven-qc', clientSecret: 'qc-secret-2', version: '3.1.1', venName: 'peakwise', pollSeconds: 60, callbackUrl: 'https://peakwise.ca' },
    ]);
    expect(both.openadr?.name).toBe('default');
    // Without the single-VTN variables, the list's first is the first; the callback URL serves it.
    const alone = loadConfig({ OPENADR_VTNS: JSON.stringify([quebec]), OPENADR_CALLBACK_URL: 'https://peakwise.ca' });
    expect(alone.openadrVtns.map((v) => v.name)).toEqual(['quebec']);
    expect(alone.openadr?.callbackUrl).toBe('https://peakwise.ca');
    // Without any, nothing changes.
    expect(loadConfig({}).openadrVtns).toEqual([]);
    const refused: [unknown, string][] = [
      ['[{"name": "qc", "clientSecret": "qc-secret-2",', 'OPENADR_VTNS must be a JSON array of VTN objects'],
      [[], 'OPENADR_VTNS must be a JSON array of at least one VTN object'],
      [[{ ...quebec, clientId: undefined }], 'OPENADR_VTNS[0] ("quebec").clientId'],
      [[{ ...quebec, version: '3.0.0' }], 'OPENADR_VTNS[0] ("quebec").version must be 3.0.1 or 3.1.1'],
      [[{ ...quebec, url: 'ftp://qc.example.ca' }], 'OPENADR_VTNS[0] ("quebec").url must be an http:// or https:// URL'],
      [[{ ...quebec, name: 'Québec' }], 'OPENADR_VTNS[0].name must be 1-32 lower-case letters, digits or dashes'],
      [[{ ...quebec, secret: 'x' }], 'OPENADR_VTNS[0] ("quebec") has unknown fields (secret)'],
      [[{ ...quebec, pollSeconds: 0 }], 'OPENADR_VTNS[0] ("quebec").pollSeconds must be positive'],
      [[{ ...quebec, name: 'default' }], 'OPENADR_VTNS[0] ("default").name must not be "default"'],
      [[quebec, { ...quebec, url: 'https://qc2.example.ca' }], 'OPENADR_VTNS[1] ("quebec").name names another VTN already'],
      [[{ ...quebec, url: 'https://on.example.ca/oadr/' }], 'OPENADR_VTNS[0] ("quebec").url is the URL of another VTN already'],
      [[{ ...quebec, clientSecret: 'has space' }], 'OPENADR_VTNS[0] ("quebec").clientSecret must be 1-512 printable characters'],
    ];
    for (const [vtns, message] of refused) {
      const env = { ...first, OPENADR_VTNS: typeof vtns === 'string' ? vtns : JSON.stringify(vtns) };
      expect(() => loadConfig(env), message).toThrow(message);
      // No refusal repeats a secret, even the one it refuses.
      for (const secret of ['qc-secret-2', 'on-secret-1', 'has space']) expect(() => loadConfig(env), message).not.toThrow(secret);
    }
  });
});
