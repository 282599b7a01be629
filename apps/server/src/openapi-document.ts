// `npm run lint:openapi`: writes the OpenAPI document the server serves at /api/openapi.json to the
// file named by the first argument, for redocly to lint (decision 083). The app is built exactly as
// the server builds it, on an empty in-memory database: the document depends on no data.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createApp } from './app';
import { createDatabase } from './db/client';
import { loadConfig } from './lib/config';
import { createLogger } from './lib/logger';
import { createLiveHub } from './modules/live/live-hub';

const output = process.argv[2];
if (!output) throw new Error('Usage: openapi-document.ts <output file>');

const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
const logger = createLogger({ level: config.logLevel });
const database = createDatabase({ dataDir: 'memory' });
const liveHub = createLiveHub(database, logger);
const app = createApp({ config, database, logger, liveHub });
const res = await app.request('/api/openapi.json');
if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, `${JSON.stringify(await res.json(), null, 2)}\n`);
await liveHub.close();
await database.close();
// The app's own timers (rate limits, the mailer) would keep a process alive that is done.
process.exit(0);
