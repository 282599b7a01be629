import { pino, type Logger } from 'pino';

export type { Logger };

// Secrets can arrive in headers or bodies at any depth we log; pino's wildcards match one level,
// so the usual places are listed explicitly.
const SECRET_FIELDS = ['authorization', 'cookie', '"set-cookie"', 'password', 'token'];
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => [
  field,
  `*.${field}`,
  `*.*.${field}`,
  `req.headers.${field}`,
  `res.headers.${field}`,
]);

/** JSON logs on stdout; pipe through `npx pino-pretty` to read them locally. */
export function createLogger(options: { level: string }): Logger {
  return pino({
    level: options.level,
    base: { service: 'peakwise' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
