import { existsSync } from 'node:fs';
import { useZoneOffsets } from '@peakwise/domain/local-time';
import { systemZoneFile, zoneOffsetsFrom } from './lib/zone-info';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Database } from './db/client';
import { GREEN_BUTTON_IMPORT_PATH } from '@peakwise/contracts/green-button.contract';
import { INGEST_READINGS_PATH } from '@peakwise/contracts/ingest.contract';
import { createIngestRoutes } from './ingest/ingest.routes';
import { createGreenButtonRoutes } from './ingest/green-button/green-button.routes';
import type { Config } from './lib/config';
import { closeAfterRefusedBody } from './lib/close-after-refused-body.middleware';
import { compressAnswers } from './lib/compress.middleware';
import { createRouter } from './lib/create-router';
import { registerSecuritySchemes } from './lib/security-schemes';
import { withFlaglessPatterns } from './lib/openapi-patterns';
import { createErrorHandler, errorBody } from './lib/errors';
import type { AdjustableClock } from './lib/clock';
import { createLogger, type Logger } from './lib/logger';
import { notifySql, SESSIONS_CHANNEL } from './lib/notify';
import { noStoreByDefault } from './lib/no-store.middleware';
import { originGuard } from './lib/origin-guard';
import { requestLog } from './lib/request-log.middleware';
import { loadSpa, serveSpa } from './lib/spa-static';
import { createCrawlerRoutes } from './modules/public-site/crawler.routes';
import { createApiTokenRoutes } from './modules/api-tokens/api-tokens.routes';
import { bearerTokens } from './modules/api-tokens/bearer-token.middleware';
import { createTokenRouteTable } from './modules/api-tokens/token-route-table';
import { createWebhookRoutes } from './modules/webhooks/webhooks.routes';
import { storableText } from './lib/storable-text.middleware';
import { readYourWrites } from './lib/read-your-writes.middleware';
import { primaryOnlyReads, type ReadDb } from './db/replica-reads';
import { createAccounts, type Accounts } from './modules/auth/accounts';
import { sessionCookiePrefix } from './modules/auth/auth';
import { createAuthRoutes } from './modules/auth/auth.routes';
import { useSessionCache } from './modules/auth/require-auth.middleware';
import { clearSessionsOnWrite, createSessionCache } from './modules/auth/session-cache';
import { createSessionRoutes } from './modules/auth/sessions.routes';
import { createCashOutsRoutes } from './modules/cash-outs/cash-outs.routes';
import { createConsentHistoryRoutes } from './modules/consent-history/consent-history.routes';
import { createPrivacyExportsRoutes } from './modules/privacy-exports/privacy-exports.routes';
import { createOpsCashOutsRoutes } from './modules/cash-outs/ops-cash-outs.routes';
import { createPayoutCallbackRoutes } from './modules/cash-outs/payout-callback.routes';
import { createBillingRoutes } from './modules/billing/billing.routes';
import type { PaymentProcessor } from './modules/payments/payment-processor';
import { createAutopayRoutes } from './modules/payments/autopay.routes';
import { createPaymentMethodsRoutes } from './modules/payments/payment-methods.routes';
import { createPaymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentWebhookRoutes } from './modules/payments/payment-webhook.routes';
import { createPaymentProcessor } from './modules/payments/create-payment-processor';
import { STRIPE_SIGNATURE_HEADER } from './modules/payments/stripe-processor';
import { createSandboxTokenizerRoutes } from './modules/payments/sandbox-tokenizer.routes';
import { createSandboxChallengeRoutes } from './modules/payments/sandbox-challenge.routes';
import { createPaymentsConfigRoutes } from './modules/payments/payments-config.routes';
import { SIGNATURE_HEADER } from './modules/payments/webhook-signature';
import { createBillingPreferencesRoutes } from './modules/billing/billing-preferences.routes';
import { createSavingsRoutes } from './modules/billing/savings.routes';
import { createEventsRoutes } from './modules/events/events.routes';
import { createEventPreferencesRoutes } from './modules/events/event-preferences.routes';
import { createEventPlugAutomationRoutes } from './modules/events/event-plug-automation.routes';
import { createRoomComfortRoutes } from './modules/comfort/room-comfort.routes';
import { createOpsEventsRoutes } from './modules/events/ops-events.routes';
import { createOpenAdrCallbackRoutes } from './modules/openadr/openadr-callback.routes';
import { createOpsOpenAdrRoutes } from './modules/openadr/ops-openadr.routes';
import { createOpsProgramsRoutes } from './modules/events/ops-programs.routes';
import { createMemberProgramsRoutes } from './modules/events/member-programs.routes';
import { createHealthRoutes } from './modules/health/health.routes';
import { createPublicConfigRoutes } from './modules/public-config/public-config.routes';
import { createDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createFirstStepsRoutes } from './modules/dashboard/first-steps.routes';
import { createDevicesRoutes } from './modules/devices/devices.routes';
import type { CommandPublisher } from './modules/devices/plug-command.service';
import { createPlugRoutes } from './modules/devices/plug.routes';
import { createDeviceManagementRoutes } from './modules/devices/device-management.routes';
import { deviceMqttAddress, type DeviceMqttAddress } from './modules/devices/device-mqtt-address';
import { createHomeService } from './modules/households/household-home.service';
import { createHouseholdRoutes } from './modules/households/household.routes';
import { createIngestTokenRoutes } from './modules/ingest-tokens/ingest-tokens.routes';
import type { LiveHub } from './modules/live/live-hub';
import { createLiveRoutes } from './modules/live/live.routes';
import { createMaintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { createNotificationChannels, type NotificationChannels } from './modules/notifications/notification-channels.service';
import { createNotificationPreferencesRoutes } from './modules/notifications/notification-preferences.routes';
import { createNotificationPreferencesService } from './modules/notifications/notification-preferences.service';
import { createUnsubscribeRoutes } from './modules/notifications/unsubscribe.routes';
import { createGeocoderClient } from './modules/postal/geocoder.client';
import { createPostalRoutes } from './modules/postal/postal.routes';
import { createPostalService } from './modules/postal/postal.service';
import { createOpsRewardsRoutes } from './modules/rewards/ops-rewards.routes';
import { createRewardsRoutes } from './modules/rewards/rewards.routes';
import { createProfileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { createPlumbingRoutes } from './modules/plumbing/plumbing.routes';
import { createPrizeDrawsRoutes } from './modules/prize-draws/prize-draws.routes';
import { createOpsLedgerRoutes } from './modules/points/ops-ledger.routes';
import { createPointsRoutes } from './modules/points/points.routes';
import { createSolarRoutes } from './modules/solar/solar.routes';
import { createUsageRoutes } from './modules/usage/usage.routes';
import { createTestClockRoutes } from './modules/test-clock/test-clock.routes';
import type { BrokerLogins } from './modules/devices/broker-logins.service';
import { natsLoginsOf } from './modules/devices/nats-logins.service';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Where screen reads run (decision 123); the primary itself when not given. */
  reads?: ReadDb;
  broker?: { isConnected(): boolean };
  /** The broker address the pairing screen gives devices; from the config (and the embedded broker's default port) when not given. */
  deviceMqtt?: DeviceMqttAddress;
  /** Sends device commands (plug on/off); without it a switch answers that the plugs are unreachable. */
  commands?: CommandPublisher;
  webDistDir?: string;
  logger?: Logger;
  /** better-auth, its mailer and account emails; built from config when not given. */
  accounts?: Accounts;
  /**
   * This process's LISTEN session: live fan-out for /api/live and other processes' session
   * changes. The caller owns it (closes it on shutdown); the app starts it.
   */
  liveHub: LiveHub;
  /** SMS, push and link signing for notifications; built from config when not given (main shares them with the durable worker). */
  notifications?: NotificationChannels;
  /** The card processor (decision 048); the embedded sandbox when not given. */
  paymentProcessor?: PaymentProcessor;
  /** The process's "now" (decision 050): energy screens, events, ingest; tests pin it. */
  clock?: () => Date;
  /** Given only when the test-clock setting is on (never in production): operators may then move it. */
  testClock?: AdjustableClock;
};

const API_BODY_LIMIT_BYTES = 1024 * 1024;
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** How long another server process may honour a session this one has ended if it missed the notification (decisions 022, 027). */
const SESSION_CACHE_TTL_MS = 5_000;

export function createApp(deps: AppDeps) {
  const { config, database } = deps;
  const logger = deps.logger ?? createLogger({ level: config.logLevel });
  // Every local time the server works out follows the database's zone files, as its SQL does:
  // PGlite's own, PostgreSQL's the system's (decision 145).
  useZoneOffsets(config.zoneinfoDir ? zoneOffsetsFrom((zone) => database.zoneFile(zone), systemZoneFile(config.zoneinfoDir)) : null);

  const app = createRouter();
  // Read before the headers are set: the prerendered pages' inline loader is allowed by its hash.
  const spa = deps.webDistDir && existsSync(deps.webDistDir) ? loadSpa(deps.webDistDir, { publicUrl: config.publicUrl }) : undefined;
  app.use('*', requestId());
  app.use('*', requestLog(logger));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // A hash allows one exact script and nothing else: no 'unsafe-inline' (decision 070).
        scriptSrc: ["'self'", ...(spa?.scriptHashes ?? [])],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      xContentTypeOptions: 'nosniff',
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      // A year, the least ASVS 5.0 (3.4.1) accepts; Hono's default is half that (decision 067).
      strictTransportSecurity: `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    }),
  );
  app.use('*', compressAnswers());
  app.use('*', closeAfterRefusedBody());
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: (c) => c.json(errorBody('payload_too_large', 'Request body is too large'), 413),
  });
  // Reading batches (up to 5000) have their own, larger limit, applied after the token check.
  // GET and HEAD bodies are never read, and asking for one makes the Node adapter build a full
  // web Request (a tenth of a millisecond on every chart read).
  const bodyless = (method: string) => method === 'GET' || method === 'HEAD';
  // A Green Button upload has its own configurable limit (GREEN_BUTTON_MAX_BYTES), checked after the session.
  const ownLimit = (path: string) => path === INGEST_READINGS_PATH || path === GREEN_BUTTON_IMPORT_PATH;
  app.use('/api/*', (c, next) => (ownLimit(c.req.path) || bodyless(c.req.method) ? next() : apiBodyLimit(c, next)));
  const clock = deps.clock ?? (() => new Date());
  // Personal API tokens (decision 060): checked before anything else reads the caller, against
  // the scopes the routes declare in the OpenAPI document (loaded below, once routes exist).
  const tokenRoutes = createTokenRouteTable();
  app.use('/api/*', bearerTokens({ db: database.db, clock, routes: tokenRoutes, ...config.apiTokens }));
  // Cross-site POST/PUT/PATCH/DELETE to /api are refused before any handler runs, unless a
  // personal API token (which a browser never sends by itself) authenticated them.
  app.use('/api/*', originGuard(config.publicUrl, { authorisedWithoutCookie: (c) => (c.var as { bearer?: unknown }).bearer !== undefined }));
  // A Green Button file is XML (which cannot carry NUL) and only its numbers are stored.
  app.use('/api/*', storableText(ownLimit));
  app.use('/api/*', noStoreByDefault());
  const reads = deps.reads ?? primaryOnlyReads(database.db);
  app.use('/api/*', readYourWrites(reads));
  app.onError(createErrorHandler(logger));
  // Unknown API paths answer JSON, never the SPA's HTML (the SPA fallback skips /api).
  app.notFound((c) => c.json(errorBody('not_found', 'Not found'), 404));

  const postalService = createPostalService({
    db: database.db,
    logger,
    serviceableProvinces: config.serviceableProvinces,
    ...(config.geocoderUrl ? { geocoder: createGeocoderClient({ baseUrl: config.geocoderUrl, timeoutMs: config.geocoderTimeoutMs }) } : {}),
  });
  const homeService = createHomeService({ db: database.db, postal: postalService, now: clock });

  const accounts = deps.accounts ?? createAccounts({ config, database, logger });
  const { liveHub } = deps;
  const sessionCache = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS });
  useSessionCache(accounts.auth, sessionCache);
  // Every process hears every other's session changes (decision 027), so listen from the start.
  liveHub.onSessionsChanged(() => sessionCache.clear());
  liveHub.start().catch((error: unknown) => logger.warn({ err: error }, 'LISTEN for live updates and session changes failed'));
  const announceSessionChange = () =>
    database.db.execute(notifySql(SESSIONS_CHANNEL, {})).then(
      () => undefined,
      // The other processes' caches then expire on their own, within SESSION_CACHE_TTL_MS.
      (error: unknown) => logger.warn({ err: error }, 'Could not announce a session change to other server processes'),
    );
  app.use('/api/*', clearSessionsOnWrite(sessionCache, (path) => path === INGEST_READINGS_PATH, announceSessionChange));
  const notifications = deps.notifications ?? createNotificationChannels({ config, db: database.db, logger });
  const notificationPreferences = createNotificationPreferencesService({ db: database.db, channels: notifications });
  // Per-credential broker logins, when the server manages them: Mosquitto's (decision 097) or NATS's
  // JWTs in operator mode (decision 132).
  const brokerLogins: BrokerLogins | undefined = config.mqttDynsec ? { kind: 'mosquitto', sealKey: config.mqttDynsec.sealKey } : config.natsLogins ? natsLoginsOf(config.natsLogins) : undefined;
  const profileService = createProfileService({ db: database.db, auth: accounts.auth, emails: accounts.emails, mailer: accounts.mailer, clock, brokerLogins });
  const paymentProcessor = deps.paymentProcessor ?? createPaymentProcessor(config);
  const payments = { auth: accounts.auth, db: database.db, clock, processor: paymentProcessor };
  // better-auth's own endpoints (/api/auth/*) sit outside the typed route tree.
  app.route('/', createAuthRoutes({ auth: accounts.auth, config }));

  const api = app
    .route('/', createHealthRoutes({ database, ...(deps.broker ? { broker: deps.broker } : {}) }))
    .route('/', createPublicConfigRoutes({ demoAccount: config.demoAccount, supportPhone: config.supportPhone }))
    .route('/', createProfileRoutes({ auth: accounts.auth, service: profileService }))
    .route('/', createSessionRoutes({ auth: accounts.auth, db: database.db }))
    .route('/', createPostalRoutes(postalService))
    .route('/', createIngestRoutes({ db: database.db, now: clock }))
    .route('/', createGreenButtonRoutes({ auth: accounts.auth, db: database.db, reads, clock, maxBytes: config.greenButtonMaxBytes }))
    .route('/', createHouseholdRoutes({ auth: accounts.auth, db: database.db, home: homeService }))
    .route('/', createLiveRoutes({ auth: accounts.auth, db: database.db, hub: liveHub, clock, logger }))
    .route('/', createSolarRoutes({ auth: accounts.auth, db: database.db, reads, clock }))
    .route('/', createUsageRoutes({ auth: accounts.auth, db: database.db, reads, clock }))
    .route('/', createDashboardRoutes({ auth: accounts.auth, db: database.db, reads, clock }))
    .route('/', createFirstStepsRoutes({ auth: accounts.auth, db: database.db, clock, serviceableProvinces: config.serviceableProvinces, home: homeService }))
    .route('/', createDevicesRoutes({ auth: accounts.auth, db: database.db, reads, clock }))
    .route('/', createPlumbingRoutes({ auth: accounts.auth, db: database.db, reads, clock }))
    .route('/', createMaintenanceRoutes({ auth: accounts.auth, db: database.db, reads, clock }))
    .route(
      '/',
      createDeviceManagementRoutes({
        auth: accounts.auth,
        db: database.db,
        reach: { mqtt: deps.deviceMqtt ?? deviceMqttAddress(config, config.mqttUrl ? undefined : { port: config.mqttBrokerPort, tlsPort: config.mqttTls?.port }), publicUrl: config.publicUrl, topicsWithoutDots: config.natsUrl !== undefined },
        brokerLogins,
      }),
    )
    .route('/', createEventsRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createEventPreferencesRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createEventPlugAutomationRoutes({ auth: accounts.auth, db: database.db }))
    .route('/', createRoomComfortRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createBillingRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createPaymentsRoutes(payments))
    .route('/', createPaymentMethodsRoutes(payments))
    .route('/', createAutopayRoutes(payments))
    .route('/', createSandboxTokenizerRoutes(payments))
    .route('/', createSandboxChallengeRoutes(payments))
    .route('/', createPaymentsConfigRoutes({ processor: paymentProcessor, stripePublishableKey: config.payments.stripe?.publishableKey }))
    .route('/', createPaymentWebhookRoutes({ ...payments, signatureHeader: paymentProcessor.name === 'stripe' ? STRIPE_SIGNATURE_HEADER : SIGNATURE_HEADER, mailer: accounts.mailer, publicUrl: config.publicUrl }))
    .route('/', createBillingPreferencesRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createSavingsRoutes({ auth: accounts.auth, db: database.db }))
    .route('/', createOpsEventsRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createOpsOpenAdrRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createOpenAdrCallbackRoutes({ db: database.db, clock }))
    .route('/', createOpsProgramsRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createMemberProgramsRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createPointsRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createCashOutsRoutes({ auth: accounts.auth, db: database.db, clock, reviewAbovePoints: config.payouts.reviewAbovePoints }))
    .route('/', createOpsCashOutsRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createPayoutCallbackRoutes({ db: database.db, clock, webhookSecret: config.payouts.webhookSecret }))
    .route('/', createOpsLedgerRoutes({ auth: accounts.auth, db: database.db }))
    .route('/', createPrizeDrawsRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createRewardsRoutes({ auth: accounts.auth, db: database.db, mailer: accounts.mailer, publicUrl: config.publicUrl }))
    .route('/', createOpsRewardsRoutes({ auth: accounts.auth, db: database.db, clock, mailer: accounts.mailer, publicUrl: config.publicUrl }))
    .route('/', createNotificationPreferencesRoutes({ auth: accounts.auth, service: notificationPreferences, channels: notifications, clock }))
    .route('/', createUnsubscribeRoutes({ service: notificationPreferences, channels: notifications, clock }))
    .route('/', createIngestTokenRoutes({ auth: accounts.auth, db: database.db, brokerLogins }))
    .route('/', createConsentHistoryRoutes({ auth: accounts.auth, db: database.db }))
    .route('/', createPrivacyExportsRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createApiTokenRoutes({ auth: accounts.auth, db: database.db, clock }))
    .route('/', createWebhookRoutes({ auth: accounts.auth, db: database.db, clock, allowLocalhost: config.webhooks.allowLocalhost }))
    .route('/', createPlugRoutes({ auth: accounts.auth, db: database.db, publisher: deps.commands, timeoutMs: config.plugConfirmTimeoutMs, clock }));

  // Both the setting (refused in production) and the clock itself: neither alone mounts it.
  if (config.clock.adjustable && deps.testClock) app.route('/', createTestClockRoutes({ auth: accounts.auth, db: database.db, clock: deps.testClock }));

  registerSecuritySchemes(app.openAPIRegistry, {
    sessionCookie: `${sessionCookiePrefix(config)}.session_token`,
    paymentSignatureHeader: paymentProcessor.name === 'stripe' ? STRIPE_SIGNATURE_HEADER : SIGNATURE_HEADER,
  });
  // Built once: every route is registered by now, and the document is the same for every caller.
  const document = withFlaglessPatterns(
    app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Peakwise API', version: '0.1.0', description: 'The API of the Peakwise portal and its meters (docs/member-api.md, docs/ingestion.md).' },
      servers: [{ url: config.publicUrl }],
    }),
  );
  app.get('/api/openapi.json', (c) => c.json(document));
  tokenRoutes.load(document);

  app.route('/', createCrawlerRoutes({ publicUrl: config.publicUrl }));
  if (spa) serveSpa(app, spa);

  return api;
}

/** The typed route tree for the web app's hono/client. */
export type AppType = ReturnType<typeof createApp>;
