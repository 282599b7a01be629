import { z } from 'zod';

/**
 * Imported first by the web app. zod 4 probes `new Function` to decide whether it may compile
 * fast parsers; under the site's Content-Security-Policy (no 'unsafe-eval') that probe is
 * reported as a violation on every page load, noise that would hide a real attack. Parsing
 * without the JIT is fast enough for the few payloads a page validates.
 */
z.config({ jitless: true });
