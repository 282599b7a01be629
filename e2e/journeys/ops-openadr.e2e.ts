import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { pagePerTest } from '../support/journey';
import { journeyDatabase } from '../support/journey-database';
import { signInThroughPanel } from '../support/demo-session';
import { DEMO_OPERATOR, JOURNEY_TIMEOUT } from '../support/journey-constants';

const VTN_URL = `https://vtn-${Date.now()}.example.ca/openadr3/3.1.1`;

let page: Page;
pagePerTest('ops-openadr', (p) => (page = p), { viewport: { width: 1440, height: 1100 } });
const db = journeyDatabase();
let vtnId: string;

beforeAll(async () => {
  // What a VEN that polled this VTN would have written (the server under test has no VTN configured).
  const { rows } = await db.query<{ id: string }>(
    `insert into openadr_vtns (url, version, ven_name, ven_id, last_token_at, last_poll_at, subscription_status, subscription_error, subscription_checked_at)
     values ($1, '3.1.1', 'peakwise', 'ven-e2e', now(), now(), 'failed', 'POST /subscriptions answered 400', now()) returning id`,
    [VTN_URL],
  );
  vtnId = rows[0]!.id;
  await db.query(`insert into openadr_program_maps (vtn_id, vtn_program_id, vtn_program_name) values ($1, 'program-e2e', 'E2E summer DR')`, [vtnId]);
  await db.query(
    `insert into openadr_events (vtn_id, vtn_event_id, vtn_program_id, fingerprint, status, reason, detail, first_seen_at, updated_at)
     values ($1, 'event-e2e', 'program-e2e', 'e2e', 'refused', 'unmapped_program', 'VTN program program-e2e feeds no Peakwise program', now(), now())`,
    [vtnId],
  );
  await db.query(
    `insert into openadr_reports (vtn_id, vtn_event_id, event_id, vtn_report_id, stage, settlement_version, intervals, baseline_kwh, actual_kwh, sent_at)
     select $1, 'event-e2e-settled', id, 'report-e2e', 'final', 1, 12, 25.5, 20.25, now() from energy_events order by starts_at limit 1`,
    [vtnId],
  );
});
// Registered after journeyDatabase's, so it runs before the connection closes (after-hooks run last registered first).
afterAll(async () => {
  await db.query(`delete from openadr_vtns where id = $1`, [vtnId]).catch(() => undefined);
});

describe('OpenADR in the console', () => {
  it('an operator sees the VTN connection and maps its program with the keyboard', { timeout: JOURNEY_TIMEOUT }, async () => {
    await signInThroughPanel(page, DEMO_OPERATOR);

    await page.goto('/ops');
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'OpenADR' }).click();
    await page.waitForURL((url) => url.pathname === '/ops/openadr');
    await page.getByRole('heading', { level: 1, name: 'OpenADR utilities' }).waitFor();
    const vtn = page.getByRole('region', { name: `VTN default — ${VTN_URL}` });
    await vtn.waitFor();
    await expect(vtn.textContent()).resolves.toContain('Refused by the VTN (polling goes on) — POST /subscriptions answered 400');
    await expect(vtn.textContent()).resolves.toContain('Its VTN program feeds no Peakwise program');
    await screenshot(page, 'ops-openadr');
    expect(await axeViolations(page)).toEqual([]);

    const { rows } = await db.query<{ id: string; name: string }>(`select id, name from event_programs where status = 'active' order by name limit 1`);
    const program = rows[0]!;
    const select = vtn.getByRole('combobox', { name: 'Peakwise program fed by E2E summer DR' });
    await select.focus();
    await select.selectOption(program.id);
    await page.keyboard.press('Tab');
    await expect(vtn.getByRole('button', { name: 'Save the program for E2E summer DR' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await vtn.getByText('Saved. Its waiting events are taken up at the next poll.').waitFor();
    const mapped = await db.query<{ programId: string | null }>(`select program_id as "programId" from openadr_program_maps where vtn_id = $1`, [vtnId]);
    expect(mapped.rows).toEqual([{ programId: program.id }]);
    expect(await axeViolations(page)).toEqual([]);
  });
});
