import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

// Secrets can arrive in headers or bodies at any depth we log; pino's wildcards match one level,
// so the usual places are listed explicitly.
const SECRET_FIELDS = ['authorization', 'cookie', 'set-cookie', 'password', 'token'];
const key = (parent: string, field: string) => (/^\w+$/.test(field) ? `${parent}.${field}` : `${parent}["${field}"]`);
const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => [
  ...(/^\w+$/.test(field) ? [field] : []),
  key('*', field),
  key('*.*', field),
  key('req.headers', field),
  key('res.headers', field),
]);

/** JSON logs on stdout; pipe through `npx pino-pretty` to read them locally. */
export function createLogger(options: { level: string; destination?: DestinationStream }): Logger {
  const settings = {
    level: options.level,
    base: { service: 'peakwise' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
