import { config } from 'zod/v4/core';

/**
 * Imported first by the web app. zod 4 probes `new Function` to decide whether it may compile
 * fast parsers; under the site's Content-Security-Policy (no 'unsafe-eval') that probe is
 * reported as a violation on every page load, noise that would hide a real attack. Parsing
 * without the JIT is fast enough for the few payloads a page validates.
 * Only zod's configuration is imported here, so the entry chunk does not carry all of zod: the
 * public pages never build a schema until a visitor checks a postal code.
 */
config({ jitless: true });
