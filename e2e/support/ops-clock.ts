import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The server's test clock, moved by a signed-in operator so the event jobs run "later" (never
 * backwards: the offset is at least 0). `resetOpsClock` puts it back; journeys call it in `finally`.
 */
export async function setOpsClock(operator: Page, at: number) {
  const res = await operator.request.put('/api/ops/clock', { data: { offsetMs: Math.max(0, Math.ceil(at - Date.now())) } });
  expect(res.status()).toBe(200);
}

export async function resetOpsClock(operator: Page) {
  await operator.request.put('/api/ops/clock', { data: { offsetMs: 0 } });
}
