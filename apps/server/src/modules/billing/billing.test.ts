import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSummarySchema, statementDetailSchema, type StatementDetail } from '@peakwise/contracts/billing.contract';
import { rowsOf } from '../../db/rows';
import { billingJobHandlers } from '../../jobs/billing-jobs';
import { startDurableWorker } from '../../jobs/durable-worker';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { validateBatch } from '../../telemetry/validate-readings';
import { memberWithHousehold, store } from '../energy/energy.test-helper';
import { storeBatch } from '../readings/reading-store';
import type { Household } from '../households/household.repository';
import { changeTariff } from '../households/household.service';
import { jobsByKeyPrefix } from '../durable-jobs/durable-jobs.repository';
import { extractText, getDocumentProxy } from 'unpdf';
import { ensureHouseholdForUser } from '../households/household.service';
import { catchUpStatements, runStatementJob, scheduleStatementRun, scheduleStatementRuns } from './statements.service';

/*
 * Statements against an independent recomputation: raw meter_readings rows, classified into
 * Ontario time-of-use periods by this file's own clock arithmetic and priced with the OEB's
 * published prices, rounded to the cent by Math.round. Nothing here calls the tariff engine.
 */

const ZONE = 'America/Toronto';
// OEB RPP time-of-use prices (¢/kWh): May 1 2025 prices still in force in October (summer hours), November 1 2025 prices.
const PRICES = {
  '2025-10': { 'off-peak': 7.6, 'mid-peak': 12.2, 'on-peak': 15.8 },
  '2025-11': { 'off-peak': 9.8, 'mid-peak': 15.7, 'on-peak': 20.3 },
} as const;
// Ontario Electricity Rebate: 13.1 % from November 1, 2024; 23.5 % from November 1, 2025. HST 13 %.
const OER = { '2025-10': 0.131, '2025-11': 0.235 } as const;
const HST = 0.13;
const THANKSGIVING = '2025-10-13';

type Month = keyof typeof PRICES;
type Period = keyof (typeof PRICES)[Month];

const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', weekday: 'short', hourCycle: 'h23' });
function localOf(ts: Date) {
  const p = Object.fromEntries(parts.formatToParts(ts).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, month: Number(p.month), hour: Number(p.hour), weekend: p.weekday === 'Sat' || p.weekday === 'Sun' };
}

function periodOf(ts: Date): Period {
  const l = localOf(ts);
  if (l.weekend || l.date === THANKSGIVING || l.hour < 7 || l.hour >= 19) return 'off-peak';
  const winter = l.month >= 11 || l.month <= 4;
  const peakMiddle = l.hour >= 11 && l.hour < 17;
  if (winter) return peakMiddle ? 'mid-peak' : 'on-peak';
  return peakMiddle ? 'on-peak' : 'mid-peak';
}

const cents = (x: number) => Math.round(Number(x.toFixed(6)));

type Raw = { ts: Date; imp: number; exp: number };

/** The statement a month should carry, from raw readings: energy and credit per period, OER, HST. */
function expectedMonth(raw: readonly Raw[], month: Month, from: string, to: string) {
  const imp: Record<Period, number> = { 'off-peak': 0, 'mid-peak': 0, 'on-peak': 0 };
  const exp: Record<Period, number> = { 'off-peak': 0, 'mid-peak': 0, 'on-peak': 0 };
  for (const r of raw) {
    const d = localOf(r.ts).date;
    if (d < from || d > to) continue;
    imp[periodOf(r.ts)] += r.imp;
    exp[periodOf(r.ts)] += r.exp;
  }
  const energy = Object.fromEntries((Object.keys(imp) as Period[]).map((p) => [p, cents(imp[p] * PRICES[month][p])])) as Record<Period, number>;
  const credit = Object.fromEntries((Object.keys(exp) as Period[]).map((p) => [p, -cents(exp[p] * PRICES[month][p])])) as Record<Period, number>;
  const subtotal = [...Object.values(energy), ...Object.values(credit)].reduce((a, b) => a + b, 0);
  const rebate = -cents(subtotal * OER[month]);
  const hst = cents(subtotal * HST);
  return { energy, credit, subtotal, rebate, hst, total: subtotal + rebate + hst, importKwh: Object.values(imp).reduce((a, b) => a + b, 0) };
}

let now = new Date();
let t: TestApp;
let member: Member;
let household: Household;
const silent = createLogger({ level: 'silent' });

async function rawReadings(): Promise<Raw[]> {
  const rows = rowsOf<{ ts: string; imp: number; exp: number }>(
    await t.database.db.execute(sql`select ts::text as ts, grid_import_kwh as imp, grid_export_kwh as exp from meter_readings where household_id = ${household.id}::uuid`),
  );
  return rows.map((r) => ({ ts: new Date(r.ts), imp: r.imp, exp: r.exp }));
}

async function runWorker() {
  const worker = startDurableWorker({ db: t.database.db, handlers: billingJobHandlers(), logger: silent, clock: () => now });
  try {
    return await worker.runDue();
  } finally {
    await worker.stop();
  }
}

async function getJson(path: string, who: Member = member) {
  return t.app.request(path, { headers: asMember(who) });
}

async function statementFor(periodStart: string): Promise<StatementDetail> {
  const summary = billingSummarySchema.parse(await (await getJson('/api/billing/summary')).json());
  const entry = summary.history.find((s) => s.periodStart === periodStart);
  expect(entry).toBeDefined();
  const res = await getJson(`/api/billing/statements/${entry!.id}`);
  expect(res.status).toBe(200);
  return statementDetailSchema.parse(await res.json());
}

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  ({ member, household } = await memberWithHousehold(t));
  // On Ontario time-of-use from October 15, 2025: the first statement is prorated from that day.
  await changeTariff(t.database.db, household.id, 'on-tou', '2025-10-15');
  // One reading at the top of each UTC hour from October 10 to the end of November (readings
  // before the 15th exist but are not billed); imports vary by hour, exports around noon.
  const start = Date.parse('2025-10-10T04:00:00Z');
  const end = Date.parse('2025-12-01T05:00:00Z');
  let batch: { ts: string; productionKwh: number; consumptionKwh: number; gridImportKwh: number; gridExportKwh: number }[] = [];
  for (let ms = start, i = 0; ms < end; ms += HOUR, i += 1) {
    const hour = localOf(new Date(ms)).hour;
    const imp = 0.2 + ((i * 7) % 11) * 0.05;
    const exp = hour >= 11 && hour < 15 ? 0.1 + (i % 3) * 0.05 : 0;
    batch.push({ ts: new Date(ms).toISOString(), productionKwh: exp, consumptionKwh: imp, gridImportKwh: imp, gridExportKwh: exp });
    if (batch.length === 240) {
      await store(t.database.db, household.id, { meter: batch });
      batch = [];
    }
  }
  if (batch.length) await store(t.database.db, household.id, { meter: batch });
}, 120_000);
afterAll(() => t.close());

describe('monthly statements', () => {
  it('issues October on November 1 at local midnight, prorated from the 15th, equal to the recomputation to the cent', async () => {
    await scheduleStatementRun(t.database.db, '2025-10');
    now = new Date('2025-11-01T03:59:00Z'); // 23:59 on October 31 in Toronto
    await runWorker();
    expect(billingSummarySchema.parse(await (await getJson('/api/billing/summary')).json()).history).toEqual([]);

    now = new Date('2025-11-01T04:00:00Z');
    expect(await runWorker()).toBe(1);
    const october = await statementFor('2025-10-01');
    const want = expectedMonth(await rawReadings(), '2025-10', '2025-10-15', '2025-10-31');

    expect(october.billedFrom).toBe('2025-10-15');
    expect(october.dueDate).toBe('2025-11-15');
    const amount = (kind: string, key: string) => october.lines.find((l) => l.kind === kind && l.descriptionKey === key)?.amountCents;
    for (const p of ['off-peak', 'mid-peak', 'on-peak'] as const) {
      expect(amount('energy', p)).toBe(want.energy[p]);
      if (want.credit[p] !== 0) expect(amount('export-credit', p)).toBe(want.credit[p]);
    }
    expect(amount('rebate', 'ontario-electricity-rebate')).toBe(want.rebate);
    expect(amount('tax', 'hst')).toBe(want.hst);
    expect(october.chargesCents).toBe(want.total);
    expect(october.previousBalanceCents).toBe(0);
    expect(october.amountDueCents).toBe(want.total);
    expect(october.usage.importKwh).toBeCloseTo(want.importKwh, 9);
    expect(october.usage.days).toBe(17);
    expect(october.payments).toEqual([]);
    expect(october.lastYear).toBeNull();
    expect(october.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(october.chargesCents);
  });

  it('generating the month again changes nothing', async () => {
    const before = rowsOf(await t.database.db.execute(sql`select s.*, (select json_agg(l order by l.position) from statement_lines l where l.statement_id = s.id) as lines from statements s`));
    expect(await t.database.db.transaction((tx) => runStatementJob(tx, '2025-10', now))).toEqual({ issued: 0, retryAt: null });
    // and the worker's own key is done: nothing runs
    expect(await runWorker()).toBe(0);
    const after = rowsOf(await t.database.db.execute(sql`select s.*, (select json_agg(l order by l.position) from statement_lines l where l.statement_id = s.id) as lines from statements s`));
    expect(after).toEqual(before);
    expect(after).toHaveLength(1);
  });

  it('a reading that arrives after issue leaves October alone and becomes an adjustment on November', async () => {
    const octoberBefore = await statementFor('2025-10-01');
    // 8:30 p.m. on October 31 (off-peak), an interval that had not been sent.
    await store(t.database.db, household.id, {
      meter: [{ ts: '2025-11-01T00:30:00.000Z', productionKwh: 0, consumptionKwh: 1.5, gridImportKwh: 1.5, gridExportKwh: 0 }],
    });

    now = new Date('2025-12-01T05:00:00Z'); // midnight in Toronto (EST)
    expect(await runWorker()).toBe(1);
    // Only its status moved on (past its due date).
    expect({ ...(await statementFor('2025-10-01')), status: 'due' }).toEqual(octoberBefore);

    const raw = await rawReadings();
    const november = await statementFor('2025-11-01');
    const want = expectedMonth(raw, '2025-11', '2025-11-01', '2025-11-30');
    const octoberNow = expectedMonth(raw, '2025-10', '2025-10-15', '2025-10-31');
    const adjustment = november.lines.find((l) => l.kind === 'adjustment');
    // 1.5 kWh × 7.6 ¢ = 11.4 ¢ more energy, less 13.1 % rebate, plus HST.
    expect(adjustment).toEqual({
      kind: 'adjustment',
      descriptionKey: 'late-readings',
      params: { from: '2025-10-01', to: '2025-10-31', billedCents: octoberBefore.chargesCents, recomputedCents: octoberNow.total },
      quantity: null,
      unit: null,
      unitPriceCents: null,
      amountCents: octoberNow.total - octoberBefore.chargesCents,
    });
    expect(adjustment!.amountCents).toBeGreaterThan(0);
    for (const p of ['off-peak', 'mid-peak', 'on-peak'] as const) {
      expect(november.lines.find((l) => l.kind === 'energy' && l.descriptionKey === p)?.amountCents).toBe(want.energy[p]);
    }
    expect(november.lines.find((l) => l.kind === 'tax')?.amountCents).toBe(want.hst);
    expect(november.chargesCents).toBe(want.total + adjustment!.amountCents);
    expect(november.previousBalanceCents).toBe(octoberBefore.amountDueCents);
    expect(november.amountDueCents).toBe(octoberBefore.amountDueCents + november.chargesCents);
  });

  it('the summary shows the balance, the due date and each statement as Due or Overdue', async () => {
    now = new Date('2025-12-10T15:00:00Z');
    const summary = billingSummarySchema.parse(await (await getJson('/api/billing/summary')).json());
    const november = await statementFor('2025-11-01');
    expect(summary.balanceCents).toBe(november.amountDueCents);
    expect(summary.dueDate).toBe('2025-12-15');
    expect(summary.lastStatement?.id).toBe(november.id);
    expect(summary.history.map((s) => [s.periodStart, s.status])).toEqual([
      ['2025-11-01', 'due'],
      ['2025-10-01', 'overdue'],
    ]);
  });
});

describe('downloads and access', () => {
  it('the CSV holds the same lines and amounts', async () => {
    const november = await statementFor('2025-11-01');
    const res = await getJson(`/api/billing/statements/${november.id}.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const rows = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    const lineRows = rows.slice(1, 1 + november.lines.length);
    expect(lineRows.map((r) => r.split(',').at(-1))).toEqual(november.lines.map((l) => (l.amountCents / 100).toFixed(2)));
    expect(rows.at(-1)?.split(',').at(-1)).toBe((november.amountDueCents / 100).toFixed(2));
  });

  it('the PDF is a PDF with its font embedded, in the language asked for', async () => {
    const november = await statementFor('2025-11-01');
    const res = await getJson(`/api/billing/statements/${november.id}.pdf?lang=fr`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = bytes.toString('latin1');
    expect(text).toMatch(/\/FontFile2/);
    expect(text).toMatch(/NotoSans/);
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(text).toContain('/Lang (fr)');
    // The embedded font's character map covers what French needs: é, É, è, à, ç and ’.
    const streams = [...text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
      try {
        return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    });
    const cmap = streams.filter((x) => x.includes('begincmap')).join('\n').toLowerCase();
    for (const code of ['00e9', '00e8', '00e0', '2019']) expect(cmap).toContain(`<${code}>`);
  });

  it('a month that leaves a credit reads "Credit $…" on the PDF and the CSV in every language, and the PDF names the holder, address, account, period and meter', async () => {
    const holder = await createMember(t.app, { name: 'Élise Gagnon', language: 'fr' });
    const home = await ensureHouseholdForUser(t.database.db, holder.userId);
    await t.database.db.execute(sql`update households set name = 'Maison Gagnon', postal_code = 'M5V3L9' where id = ${home.id}::uuid`);
    await changeTariff(t.database.db, home.id, 'on-tou', '2025-08-01');
    // Only exports: 2 kWh sent to the grid at noon every day of August, nothing drawn.
    const meter = [];
    for (let day = 1; day <= 31; day += 1) meter.push({ ts: `2025-08-${String(day).padStart(2, '0')}T16:00:00Z`, productionKwh: 2, consumptionKwh: 0, gridImportKwh: 0, gridExportKwh: 2 });
    await store(t.database.db, home.id, { meter });
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, home.id, new Date('2025-09-05T12:00:00Z')))).toBe(1);
    const summary = billingSummarySchema.parse(await (await getJson('/api/billing/summary', holder)).json());
    const august = summary.history[0]!;
    expect(august.amountDueCents).toBeLessThan(0);
    const credit = -august.amountDueCents;
    const dollars = (credit / 100).toFixed(2);

    const csvIn = async (lang: string) => (await (await getJson(`/api/billing/statements/${august.id}.csv?lang=${lang}`, holder)).text()).trim().split('\r\n').at(-1);
    expect(await csvIn('en')).toBe(`credit,Credit (carried to your next statement),,,,${dollars}`);
    expect(await csvIn('fr')).toBe(`credit,Crédit (reporté sur votre prochain relevé),,,,${dollars}`);
    expect(await csvIn('es')).toBe(`credit,Crédito (se aplica a tu próximo estado de cuenta),,,,${dollars}`);

    const pdfText = async (lang: string) => {
      const res = await getJson(`/api/billing/statements/${august.id}.pdf?lang=${lang}`, holder);
      expect(res.status).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true });
      return text.replace(/[\u00a0\u202f]/g, ' ');
    };
    const en = await pdfText('en');
    expect(en).toContain('Account holder');
    expect(en).toContain('Élise Gagnon');
    expect(en).toContain('Maison Gagnon, Toronto, ON M5V 3L9');
    // The household id's first twelve hex digits, grouped by four.
    expect(en).toContain(home.id.replace(/-/g, '').slice(0, 12).toUpperCase().replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3'));
    expect(en).toContain(`Whole-home meter ${home.id}`);
    expect(en).toContain('2025-08-01 – 2025-08-31');
    expect(en).toContain('Account holder Élise Gagnon');
    expect(en).toContain('Billing period 2025-08-01 – 2025-08-31');
    expect(en).toContain(`Credit (carried to your next statement) $${dollars}`);
    expect(en).not.toContain('Amount due');
    const fr = await pdfText('fr');
    expect(fr).toContain(`Crédit (reporté sur votre prochain relevé) ${dollars.replace('.', ',')} $`);
    expect(fr).not.toContain('Montant dû');
    expect(await pdfText('es')).toContain('Crédito (se aplica a tu próximo estado de cuenta)');
  });

  it('another member, a malformed id and an unknown id all get nothing', async () => {
    const november = await statementFor('2025-11-01');
    const stranger = await createMember(t.app);
    for (const suffix of ['', '.pdf', '.csv']) {
      const res = await getJson(`/api/billing/statements/${november.id}${suffix}`, stranger);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such statement.' } });
    }
    expect(billingSummarySchema.parse(await (await getJson('/api/billing/summary', stranger)).json()).history).toEqual([]);
    expect((await getJson('/api/billing/statements/not-a-statement')).status).toBe(400);
    expect((await getJson(`/api/billing/statements/${november.id}.doc`)).status).toBe(400);
    expect((await getJson('/api/billing/statements/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.app.request(`/api/billing/statements/${november.id}`)).status).toBe(401);
  });
});

describe('time zones and catching up', () => {
  it('the month’s job waits for each zone’s midnight: Vancouver three hours after Toronto', async () => {
    const { household: west } = await memberWithHousehold(t);
    await t.database.db.execute(sql`update households set province = 'BC', time_zone = 'America/Vancouver' where id = ${west.id}::uuid`);
    await changeTariff(t.database.db, west.id, 'bc-residential-conservation', '2025-09-01');
    await scheduleStatementRun(t.database.db, '2025-09');
    const westStatements = async () =>
      rowsOf<{ charges: number }>(await t.database.db.execute(sql`select charges_cents as charges from statements where household_id = ${west.id}::uuid`));

    now = new Date('2025-10-01T05:00:00Z'); // 1 a.m. in Toronto, 10 p.m. on September 30 in Vancouver
    await runWorker();
    expect(await westStatements()).toEqual([]);
    const [job] = rowsOf<{ status: string; runAt: string }>(
      await t.database.db.execute(sql`select status, to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as "runAt" from durable_jobs where key = 'billing:statements:2025-09'`),
    );
    expect(job).toEqual({ status: 'queued', runAt: '2025-10-01T07:00Z' });

    now = new Date('2025-10-01T07:00:00Z');
    await runWorker();
    // No readings: the basic charge, 30 days × 22.53 ¢ = 675.9 → 676, and GST 5 % = 33.8 → 34.
    expect(await westStatements()).toEqual([{ charges: 710 }]);
  });

  it('catching up issues every owed month in order, each carrying the balance, and a second pass issues none', async () => {
    const { household: qc } = await memberWithHousehold(t);
    await t.database.db.execute(sql`update households set province = 'QC' where id = ${qc.id}::uuid`);
    await changeTariff(t.database.db, qc.id, 'qc-rate-d', '2025-08-20');
    const at = new Date('2025-11-05T12:00:00Z');
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, qc.id, at))).toBe(3);
    const rows = rowsOf<{ p: string; prev: number; charges: number; due: number }>(
      await t.database.db.execute(sql`select period_start::text as p, previous_balance_cents as prev, charges_cents as charges, amount_due_cents as due
        from statements where household_id = ${qc.id}::uuid order by period_start`),
    );
    // Access charge 46.154 ¢/day; GST 5 %, QST 9.975 %, each rounded half up.
    // Aug 20–31: 12 days = 553.848 → 554; GST 27.7 → 28; QST 55.26 → 55: 637.
    // September: 1,384.62 → 1,385; 69.25 → 69; 138.15 → 138: 1,592. October: 1,430.774 → 1,431; 71.55 → 72; 142.74 → 143: 1,646.
    expect(rows).toEqual([
      { p: '2025-08-01', prev: 0, charges: 637, due: 637 },
      { p: '2025-09-01', prev: 637, charges: 1592, due: 2229 },
      { p: '2025-10-01', prev: 2229, charges: 1646, due: 3875 },
    ]);
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, qc.id, at))).toBe(0);
    // Each month as of its own 1st (Montréal midnight, EDT), due the 15th: not "issued Nov 5, due Sep 15".
    const dated = rowsOf<{ issued: string; due: string }>(
      await t.database.db.execute(sql`select to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as issued, due_date::text as due
        from statements where household_id = ${qc.id}::uuid order by period_start`),
    );
    expect(dated).toEqual([
      { issued: '2025-09-01T04:00', due: '2025-09-15' },
      { issued: '2025-10-01T04:00', due: '2025-10-15' },
      { issued: '2025-11-01T04:00', due: '2025-11-15' },
    ]);
  });

  it('a month issued late (the job was down until the 20th) is due 14 days after its issue, not on the 15th before it', async () => {
    const { household: late } = await memberWithHousehold(t);
    await changeTariff(t.database.db, late.id, 'on-tou', '2025-08-01');
    await t.database.db.transaction((tx) => runStatementJob(tx, '2025-08', new Date('2025-09-20T16:00:00Z')));
    const [row] = rowsOf<{ due: string }>(await t.database.db.execute(sql`select due_date::text as due from statements where household_id = ${late.id}::uuid`));
    expect(row).toEqual({ due: '2025-10-04' });
  });

  it('Hydro-Québec Rate D from raw readings: pooled tier 1, access charge, credits at tier 1, GST and QST, to the cent', async () => {
    const { member: quebecer, household: qc } = await memberWithHousehold(t);
    await t.database.db.execute(sql`update households set province = 'QC' where id = ${qc.id}::uuid`);
    await changeTariff(t.database.db, qc.id, 'qc-rate-d', '2025-08-01');
    const meter = [];
    const start = Date.parse('2025-09-01T04:00:00Z');
    const end = Date.parse('2025-10-01T04:00:00Z');
    for (let ms = start, i = 0; ms < end; ms += HOUR, i += 1) {
      const imp = 1.5 + (i % 5) * 0.25;
      const exp = i % 24 === 17 ? 0.4 : 0;
      meter.push({ ts: new Date(ms).toISOString(), productionKwh: exp, consumptionKwh: imp, gridImportKwh: imp, gridExportKwh: exp });
    }
    await store(t.database.db, qc.id, { meter: meter.slice(0, 400) });
    await store(t.database.db, qc.id, { meter: meter.slice(400) });
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, qc.id, new Date('2025-10-05T12:00:00Z')))).toBe(2);

    const raw = rowsOf<{ imp: number; exp: number }>(
      await t.database.db.execute(sql`select coalesce(sum(grid_import_kwh), 0) as imp, coalesce(sum(grid_export_kwh), 0) as exp from meter_readings
        where household_id = ${qc.id}::uuid and ts >= '2025-09-01T04:00:00Z' and ts < '2025-10-01T04:00:00Z'`),
    )[0]!;
    // Hydro-Québec Rate D from April 1, 2025: 6.905 ¢ for the first 40 kWh × 30 days, 10.652 ¢ after; access 46.154 ¢/day.
    const tier1 = Math.min(raw.imp, 1200);
    const energy = cents(tier1 * 6.905) + cents((raw.imp - tier1) * 10.652);
    const access = cents(30 * 46.154);
    const credit = -cents(raw.exp * 6.905);
    const subtotal = energy + access + credit;
    const total = subtotal + cents(subtotal * 0.05) + cents(subtotal * 0.09975);
    expect(raw.imp).toBeGreaterThan(1200);

    const res = await getJson('/api/billing/summary', quebecer);
    const september = billingSummarySchema.parse(await res.json()).history.find((h) => h.periodStart === '2025-09-01')!;
    const detail = statementDetailSchema.parse(await (await getJson(`/api/billing/statements/${september.id}`, quebecer)).json());
    expect(detail.lines.map((l) => [l.kind, l.descriptionKey])).toEqual([
      ['fixed', 'daily-charge'],
      ['energy', 'tier-1'],
      ['energy', 'tier-2'],
      ['export-credit', 'energy'],
      ['tax', 'gst'],
      ['tax', 'qst'],
    ]);
    expect(detail.lines[0]!.amountCents).toBe(access);
    expect(detail.lines[1]!.amountCents + detail.lines[2]!.amountCents).toBe(energy);
    expect(detail.lines[3]!.amountCents).toBe(credit);
    expect(detail.chargesCents).toBe(total);
    // August had no readings: the access charge and taxes only, carried as the previous balance.
    expect(detail.previousBalanceCents).toBe(cents(31 * 46.154) + cents(cents(31 * 46.154) * 0.05) + cents(cents(31 * 46.154) * 0.09975));
  });

  it('start-up schedules the month now ending anywhere, and nothing older', async () => {
    await scheduleStatementRuns(t.database.db, new Date('2027-05-20T12:00:00Z'));
    await scheduleStatementRuns(t.database.db, new Date('2027-03-01T02:00:00Z')); // still February at UTC−12
    const keys = (await jobsByKeyPrefix(t.database.db, 'billing:statements:2027-')).map((j) => [j.key, j.runAt]);
    expect(keys).toEqual([
      ['billing:statements:2027-02', '2027-02-28T10:00:00Z'],
      ['billing:statements:2027-03', '2027-03-31T10:00:00Z'],
      ['billing:statements:2027-05', '2027-05-31T10:00:00Z'],
    ]);
  });

  it('a correction that moves kWh between hours (same total) still becomes an adjustment', async () => {
    const { household: moved } = await memberWithHousehold(t);
    await changeTariff(t.database.db, moved.id, 'on-tou', '2025-06-01');
    // Its plan was chosen before the statement (the test's clock is in the past; the row's is not).
    await t.database.db.execute(sql`update household_tariffs set created_at = '2025-06-01T12:00:00Z' where household_id = ${moved.id}::uuid`);
    const reading = (ts: string, kwh: number) => ({ ts, productionKwh: 0, consumptionKwh: kwh, gridImportKwh: kwh, gridExportKwh: 0 });
    // Monday June 30, 2025 (summer hours): 10 a.m. is mid-peak, noon on-peak.
    await store(t.database.db, moved.id, { meter: [reading('2025-06-30T14:00:00.000Z', 1), reading('2025-06-30T16:00:00.000Z', 0)] });
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, moved.id, new Date('2025-07-01T06:00:00Z')))).toBe(1);
    // The next day, inside the 7-day correction window (decision 031), the meter resends both hours.
    const corrected = validateBatch({ meter: [reading('2025-06-30T14:00:00.000Z', 0), reading('2025-06-30T16:00:00.000Z', 1)] }, new Date('2025-07-02T12:00:00Z'));
    if (!corrected.ok) throw new Error(corrected.message);
    await storeBatch(t.database.db, moved.id, corrected, { now: new Date('2025-07-02T12:00:00Z') });
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, moved.id, new Date('2025-08-05T12:00:00Z')))).toBe(1);
    const [adjustment] = rowsOf<{ amount: number; params: Record<string, number> }>(
      await t.database.db.execute(sql`select l.amount_cents as amount, l.description_params as params from statement_lines l join statements s on s.id = l.statement_id
        where s.household_id = ${moved.id}::uuid and l.kind = 'adjustment'`),
    );
    // Billed: 1 kWh mid-peak 12.2 → 12, OER 13.1 % 1.57 → −2, HST 1.56 → 2: 12. Now: on-peak 15.8 → 16, −2.10 → −2, +2.08 → 2: 16.
    expect(adjustment).toEqual({ amount: 4, params: { from: '2025-06-01', to: '2025-06-30', billedCents: 12, recomputedCents: 16 } });

    // August: nothing touched July since it was issued, so it is not recomputed (and nothing is adjusted).
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, moved.id, new Date('2025-09-05T12:00:00Z')))).toBe(1);
    const kinds = rowsOf<{ p: string; kinds: string[] }>(
      await t.database.db.execute(sql`select s.period_start::text as p, array_agg(l.kind order by l.position)::text[] as kinds from statements s
        join statement_lines l on l.statement_id = s.id where s.household_id = ${moved.id}::uuid group by s.period_start order by s.period_start`),
    );
    expect(kinds.map((k) => [k.p, k.kinds.includes('adjustment')])).toEqual([
      ['2025-06-01', false],
      ['2025-07-01', true],
      ['2025-08-01', false],
    ]);
  });

  it('a run issues at most its limit and asks to run again at once while households wait', async () => {
    const homes = [await memberWithHousehold(t), await memberWithHousehold(t)].map((m) => m.household);
    for (const home of homes) await changeTariff(t.database.db, home.id, 'ab-rolr', '2025-06-01');
    await t.database.db.execute(sql`update households set province = 'AB', time_zone = 'America/Edmonton' where id in (${sql.join(homes.map((h) => sql`${h.id}::uuid`), sql`, `)})`);
    const at = new Date('2025-07-01T12:00:00Z');
    expect(await t.database.db.transaction((tx) => runStatementJob(tx, '2025-06', at, 1))).toEqual({ issued: 1, retryAt: at });
    expect(await t.database.db.transaction((tx) => runStatementJob(tx, '2025-06', at, 1))).toEqual({ issued: 1, retryAt: at });
    expect(await t.database.db.transaction((tx) => runStatementJob(tx, '2025-06', at, 1))).toEqual({ issued: 0, retryAt: null });
    // Nothing metered: GST on nothing. A household without a tariff (an unserved province) gets none.
    const { household: unserved } = await memberWithHousehold(t);
    await t.database.db.execute(sql`delete from household_tariffs where household_id = ${unserved.id}::uuid`);
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, unserved.id, at))).toBe(0);
  });

  it('a month before the plan’s first published price is skipped, not a failure', async () => {
    const { household: early } = await memberWithHousehold(t);
    await t.database.db.execute(sql`update households set province = 'AB', time_zone = 'America/Edmonton' where id = ${early.id}::uuid`);
    // Alberta's rate of last resort is known from January 1, 2025.
    await changeTariff(t.database.db, early.id, 'ab-rolr', '2024-12-01');
    expect(await t.database.db.transaction((tx) => catchUpStatements(tx, early.id, new Date('2025-02-10T12:00:00Z')))).toBe(1);
    const periods = rowsOf<{ p: string }>(await t.database.db.execute(sql`select period_start::text as p from statements where household_id = ${early.id}::uuid`));
    expect(periods).toEqual([{ p: '2025-01-01' }]);
  });
});

describe('rules the database keeps', () => {
  it('refuses to change an issued line or amount', async () => {
    await expect(t.database.db.execute(sql`update statement_lines set amount_cents = amount_cents + 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update statements set charges_cents = charges_cents + 1, amount_due_cents = amount_due_cents + 1`)).rejects.toThrow();
  });

  /** The database's refusal: at commit as is, inside a query under the error the driver wraps it in. */
  const refusal = (work: Promise<unknown>) => work.then(() => 'accepted', (e: Error) => (e.cause instanceof Error ? e.cause : e).message);
  const insertStatement = (tx: Pick<typeof t.database.db, 'execute'>, periodStart: string, chargesCents: number, issuedAt: string | null = null) =>
    tx.execute(sql`insert into statements (household_id, period_start, period_end, billed_from, issued_at, due_date, province, time_zone, previous_balance_cents, charges_cents, amount_due_cents, import_kwh, export_kwh)
      values (${household.id}::uuid, ${periodStart}::date, (${periodStart}::date + interval '1 month' - interval '1 day')::date, ${periodStart}::date,
        coalesce(${issuedAt}::timestamptz, (${periodStart}::date + interval '1 month')::timestamp at time zone ${ZONE}),
        (${periodStart}::date + interval '1 month 14 days')::date, 'ON', ${ZONE}, 0, ${chargesCents}, ${chargesCents}, 0, 0) returning id`);

  it('refuses a statement due before it is issued, and holds none', async () => {
    // "Issued Nov 28, due Nov 15": the back-fill's old mistake, refused on the household's calendar.
    expect(await refusal(t.database.db.transaction(async (tx) => void (await insertStatement(tx, '2023-10-01', 0, '2023-11-28T17:00:00Z'))))).toMatch(/statements_due_after_issue/);
    // 04:30 UTC on the 16th is still the 15th in Toronto: due that day, accepted.
    expect(await refusal(t.database.db.transaction(async (tx) => void (await insertStatement(tx, '2023-09-01', 0, '2023-10-16T03:30:00Z'))))).toBe('accepted');
    expect(await refusal(t.database.db.transaction(async (tx) => void (await insertStatement(tx, '2023-08-01', 0, '2023-09-16T04:30:00Z'))))).toMatch(/statements_due_after_issue/);
    // Every statement this file issued (the job, late readings, catch-up, other zones) is due on or after its issue.
    const early = rowsOf(await t.database.db.execute(sql`select id from statements where due_date < (issued_at at time zone time_zone)::date`));
    expect(early).toEqual([]);
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from statements`))[0]!.n).toBeGreaterThan(5);
  });

  it('refuses, at commit, a statement with charges and no lines', async () => {
    expect(await refusal(t.database.db.transaction(async (tx) => void (await insertStatement(tx, '2023-11-01', 500))))).toMatch(/lines do not add up/);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from statements where period_start = '2023-11-01'`))).toEqual([]);
  });

  it('refuses a line added later to a stored statement', async () => {
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.transaction(async (tx) => {
        const inserted = await insertStatement(tx, '2023-12-01', 500);
        const id = rowsOf<{ id: string }>(inserted)[0]!.id;
        await tx.execute(sql`insert into statement_lines (statement_id, position, kind, description_key, amount_cents) values (${id}::uuid, 0, 'energy', 'off-peak', 500)`);
        return inserted;
      }),
    );
    expect(
      await refusal(t.database.db.execute(sql`insert into statement_lines (statement_id, position, kind, description_key, amount_cents) values (${row!.id}::uuid, 1, 'adjustment', 'off-peak', 7)`)),
    ).toMatch(/lines do not add up/);
    expect(rowsOf(await t.database.db.execute(sql`select sum(amount_cents)::int as s from statement_lines where statement_id = ${row!.id}::uuid`))).toEqual([{ s: 500 }]);
  });

  it('refuses, at the insert of its lines, a statement whose lines do not add up', async () => {
    expect(
      await refusal(
        t.database.db.transaction(async (tx) => {
          const [row] = rowsOf<{ id: string }>(await insertStatement(tx, '2024-01-01', 500));
          await tx.execute(sql`insert into statement_lines (statement_id, position, kind, description_key, amount_cents) values (${row!.id}::uuid, 0, 'energy', 'off-peak', 499)`);
        }),
      ),
    ).toMatch(/lines do not add up/);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from statements where period_start = '2024-01-01'`))).toEqual([]);
  });
});
