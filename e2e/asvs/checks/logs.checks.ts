import { describe, expect } from 'vitest';
import { check } from '../asvs-report';
import type { AsvsContext } from '../asvs-context';

const AREA = 'Logs';
/** Shapes of secrets, whoever's they are: personal API tokens, card numbers, session cookies. */
const SHAPES: [string, RegExp][] = [
  ['API token', /pwk_[A-Za-z0-9_-]{8,}/],
  ['card number', /\b4242[ -]?4242[ -]?4242[ -]?4242\b/],
  ['session cookie', /session_token=[^;\s"]{8,}/],
];

/** Runs last, over everything the server wrote to stdout and stderr while every other check ran. */
export function logChecks(ctx: AsvsContext) {
  describe(AREA, () => {
    check(AREA, 'No password, session token, API token, card number or reset token in the server output (log level trace)', ['16.2.5'], async () => {
      await new Promise((r) => setTimeout(r, 1_000));
      const output = ctx.server.output();
      const requestLines = output.split('\n').filter((line) => line.includes('"msg":"request"')).length;
      // The output must be the real log: a run that captured nothing would pass for the wrong reason.
      expect(requestLines, 'request log lines captured').toBeGreaterThan(100);
      const kinds = new Set(ctx.secrets.values());
      for (const kind of ['password', 'session token', 'API token', 'card number', 'password reset token']) expect(kinds, `the run handled no ${kind}`).toContain(kind);
      const found = [...ctx.secrets].filter(([secret]) => output.includes(secret)).map(([, kind]) => kind);
      for (const [kind, shape] of SHAPES) if (shape.test(output)) found.push(`${kind} (by shape)`);
      expect(found, [...new Set(found)].join(', ')).toEqual([]);
      return `${ctx.secrets.size} secrets against ${requestLines} request lines, ${(output.length / 1024).toFixed(0)} KB`;
    });
  });
}
