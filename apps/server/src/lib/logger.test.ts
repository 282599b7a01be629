import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
  return { logger, lines };
}

describe('createLogger', () => {
  it('writes JSON and redacts secrets wherever they are logged', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: 'hunter2',
        user: { email: 'a@b.ca', password: 'hunter2', token: 't0k' },
        req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1', accept: 'text/html' } },
        res: { headers: { 'set-cookie': 'sid=2' } },
      },
      'hello',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['hunter2', 't0k', 'Bearer abc', 'sid=1', 'sid=2']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      msg: 'hello',
      service: 'peakwise',
      level: 30,
      password: '[redacted]',
      user: { email: 'a@b.ca', password: '[redacted]', token: '[redacted]' },
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' } },
      res: { headers: { 'set-cookie': '[redacted]' } },
    });
  });

  it('honours the level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', destination: { write: (line: string) => lines.push(line) } });
    logger.info('quiet');
    logger.warn('loud');
    expect(lines).toHaveLength(1);
  });
});
