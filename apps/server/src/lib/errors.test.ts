import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createErrorHandler } from './errors';
import { createLogger } from './logger';

function appThrowing(error: Error) {
  const app = new Hono();
  app.onError(createErrorHandler(createLogger({ level: 'silent' })));
  app.get('/api/x', () => {
    throw error;
  });
  return app;
}

describe('the API error handler', () => {
  it('answers 503 with Retry-After when the database pool had no connection in time, also when a query error wraps it', async () => {
    // The message pg-pool gives (node_modules/pg-pool/index.js), bare and as drizzle wraps it.
    const bare = new Error('timeout exceeded when trying to connect');
    for (const error of [bare, new Error('Failed query: select 1', { cause: bare })]) {
      const res = await appThrowing(error).request('/api/x');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ error: { code: 'service_busy', message: 'Peakwise is busy right now. Please try again in a moment.' } });
    }
  });

  it('keeps any other unexpected error a 500 that does not leak its message', async () => {
    const res = await appThrowing(new Error('relation "secret_table" does not exist')).request('/api/x');
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(await res.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } });
  });
});
