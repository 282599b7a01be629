import { resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createContext, type AsvsContext } from './asvs-context';
import { writeReport } from './asvs-report';
import { accessControlChecks } from './checks/access-control.checks';
import { accountDeletionChecks } from './checks/account-deletion.checks';
import { cookieChecks, runWideCookieCheck } from './checks/cookies.checks';
import { csrfChecks } from './checks/csrf.checks';
import { dataProtectionChecks } from './checks/data-protection.checks';
import { enumerationChecks } from './checks/enumeration.checks';
import { errorChecks } from './checks/errors.checks';
import { headerChecks } from './checks/headers.checks';
import { logChecks } from './checks/logs.checks';
import { massAssignmentChecks } from './checks/mass-assignment.checks';
import { rateLimitChecks } from './checks/rate-limit.checks';
import { sessionChecks } from './checks/sessions.checks';
import { pushEndpointChecks } from './checks/push-endpoints.checks';
import { sharedDemoChecks } from './checks/shared-demo.checks';
import { startLiveServer, type LiveServer } from './live-server';

const REPORT = resolve(import.meta.dirname, '../../docs/security/asvs.md');

let server: LiveServer | undefined;
let context: AsvsContext | undefined;
const startedAt = new Date();

// The checks are registered now and run in this order once the server is up; they reach it through `ctx`.
const ctx = new Proxy({} as AsvsContext, {
  get(_target, key) {
    if (!context) throw new Error('The live server is not running');
    return context[key as keyof AsvsContext];
  },
});

beforeAll(async () => {
  server = await startLiveServer();
  context = createContext(server);
});

afterAll(async () => {
  writeReport(REPORT, { startedAt, seconds: (Date.now() - startedAt.getTime()) / 1000, server: 'apps/server/src/main.ts as its own process, NODE_ENV=production, PostgreSQL, built web app, behind a (simulated) TLS proxy' });
  await server?.stop();
});

headerChecks(ctx);
cookieChecks(ctx);
csrfChecks(ctx);
dataProtectionChecks(ctx);
sessionChecks(ctx);
accountDeletionChecks(ctx);
rateLimitChecks(ctx);
accessControlChecks(ctx);
sharedDemoChecks(ctx);
pushEndpointChecks(ctx);
enumerationChecks(ctx);
massAssignmentChecks(ctx);
errorChecks(ctx);
runWideCookieCheck();
logChecks(ctx);
