import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSummarySchema, statementDetailSchema } from '@peakwise/contracts/billing.contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { rowsOf } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asMember, createMember, type Member } from '../../test/test-session';
import { local, store } from '../energy/energy.test-helper';
import { addCard } from '../payments/payments.test-helper';
import { SIGNATURE_HEADER, signPayload } from '../payments/webhook-signature';
import type { Household } from '../households/household.repository';
import { changeTariff, ensureHouseholdForUser } from '../households/household.service';
import { catchUpStatements } from './statements.service';

/*
 * Ontario's net-metering credits lapse after 12 billing periods carried (decision 088), worked by
 * hand from the readings this file stores: the same kWh every day around local noon.
 *
 * Ontario households are on the RPP tiered plan: 9.3 ¢/kWh in tier 1 until October 2025, 12.0 ¢
 * from November 1, 2025 (OEB); every month here stays in tier 1 (600 kWh in summer), and exports
 * are credited at the tier-1 price. A month that owes nothing has no rebate or tax; one that owes
 * has the Ontario Electricity Rebate (13.1 % in early 2025) off and HST 13 % on its subtotal.
 * The BC household is on BC Hydro's two-step rate: 10.97 ¢/kWh in tier 1 and a basic charge of
 * 22.53 ¢ a day; a credit month has no GST.
 */

const MONTHS = ['2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02'];
const days = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
/** Ontario tier-1 price in tenths of a cent per kWh. */
const onPrice = (month: string) => (month >= '2025-11' ? 120 : 93);
/** kWh × tenths of a cent, to the cent (no product here lands on a half cent). */
const priced = (kwh: number, tenths: number) => Math.round((kwh * tenths) / 10);

type Pattern = { importKwh: number; exportKwh: number };
const SURPLUS: Pattern = { importKwh: 2, exportKwh: 12 };

/** One Ontario month's charges by hand. */
function ontarioCharges(month: string, { importKwh, exportKwh }: Pattern): number {
  const d = days(month);
  const subtotal = priced(importKwh * d, onPrice(month)) - priced(exportKwh * d, onPrice(month));
  if (subtotal <= 0) return subtotal;
  // Only January 2025 owes here: OER 13.1 %, HST 13 %, each rounded once.
  return subtotal - Math.round((subtotal * 131) / 1000) + Math.round((subtotal * 13) / 100);
}

/** One BC month's charges by hand: energy and credit at 10.97 ¢, 22.53 ¢ a day. */
function bcCharges(month: string, { importKwh, exportKwh }: Pattern): number {
  const d = days(month);
  return Math.round((importKwh * d * 1097) / 100) - Math.round((exportKwh * d * 1097) / 100) + Math.round((d * 2253) / 100);
}

let t: TestApp;
let now = new Date('2024-12-01T12:00:00Z');
const db = () => t.database.db;

async function householdIn(province: 'ON' | 'BC', zone: string, pattern: (month: string) => Pattern, months: readonly string[]) {
  const member = await createMember(t.app);
  // The household signing up made, in Ontario; a Vancouver postal code moves it to BC.
  const household = await ensureHouseholdForUser(db(), member.userId);
  if (province === 'BC') {
    const moved = await t.app.request('/api/household/home', { method: 'PUT', headers: asMember(member), body: JSON.stringify({ postalCode: 'V6B 1A1' }) });
    expect(await moved.json()).toMatchObject({ province: 'BC', timeZone: zone });
  }
  // In service from December 1, 2024.
  await changeTariff(db(), household.id, province === 'ON' ? 'on-tiered' : 'bc-residential-conservation', '2024-12-01');
  for (const month of months) {
    const { importKwh, exportKwh } = pattern(month);
    // A day's kWh in 1, 2 or 4 equal readings an hour apart from noon (an interval holds at most
    // 10 kWh): halves and quarters of whole kWh add back up exactly.
    let pieces = 1;
    while (Math.max(importKwh, exportKwh) / pieces > 8) pieces *= 2;
    const meter = Array.from({ length: days(month) }, (_, i) =>
      Array.from({ length: pieces }, (_, k) => ({
        ts: local(`${month}-${String(i + 1).padStart(2, '0')}`, 12 + k, 0, zone).toISOString(),
        productionKwh: exportKwh / pieces,
        consumptionKwh: importKwh / pieces,
        gridImportKwh: importKwh / pieces,
        gridExportKwh: exportKwh / pieces,
      })),
    ).flat();
    await store(db(), household.id, { meter });
  }
  return { member, household };
}

type Row = { id: string; periodStart: string; previousBalanceCents: number; chargesCents: number; amountDueCents: number; lines: [string, number][] };

async function statements(household: Household): Promise<Row[]> {
  return rowsOf<Row>(
    await db().execute(sql`
      select s.id, to_char(s.period_start, 'YYYY-MM') as "periodStart", s.previous_balance_cents as "previousBalanceCents", s.charges_cents as "chargesCents",
        s.amount_due_cents as "amountDueCents",
        (select json_agg(json_build_array(l.kind, l.amount_cents) order by l.position) from statement_lines l where l.statement_id = s.id) as lines
      from statements s where s.household_id = ${household.id}::uuid order by s.period_start`),
  );
}

const issueThrough = async (household: Household, at: string) => {
  now = new Date(at);
  return db().transaction((tx) => catchUpStatements(tx, household.id, now));
};
const lapses = (rows: readonly Row[]) => rows.flatMap((r) => r.lines.filter(([kind]) => kind === 'credit-lapse').map(([, cents]) => [r.periodStart, cents]));
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const get = (who: Member, path: string) => t.app.request(path, { headers: asMember(who) });

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
}, 60_000);
afterAll(() => t.close());

describe('Ontario net-metering credits lapse after 12 periods carried', () => {
  let member: Member;
  let household: Household;

  beforeAll(async () => {
    ({ member, household } = await householdIn('ON', 'America/Toronto', () => SURPLUS, MONTHS.slice(0, 14)));
  }, 120_000);

  it('writes off the credit carried out of the 12th statement at the start of the 13th, once', async () => {
    // December 2024 to December 2025, each issued as of its own 1st.
    expect(await issueThrough(household, '2026-01-01T12:00:00Z')).toBe(13);
    const rows = await statements(household);
    expect(rows.map((r) => r.periodStart)).toEqual(MONTHS.slice(0, 13));

    // No payments: each statement carries out the sum of every month's charges so far.
    const charges = MONTHS.slice(0, 13).map((m) => ontarioCharges(m, SURPLUS));
    // By hand: December 2024 −2,883, then −2,883 or −2,604 or −2,790 a month at 9.3 ¢ (10 kWh a
    // day net), November 2025 −3,600 at 12.0 ¢.
    expect(charges.slice(0, 2)).toEqual([-2883, -2883]);
    expect(charges[11]).toBe(-3600);
    const carriedOutOf12 = sum(charges.slice(0, 12));
    expect(carriedOutOf12).toBe(-34_755);
    for (const [i, row] of rows.slice(0, 12).entries()) {
      expect(row.amountDueCents).toBe(sum(charges.slice(0, i + 1)));
      expect(row.lines.map(([kind]) => kind)).not.toContain('credit-lapse');
    }

    const thirteenth = rows[12]!;
    expect(thirteenth.previousBalanceCents).toBe(carriedOutOf12);
    // The write-off is the first line, the whole credit carried in; December's own lines follow.
    expect(thirteenth.lines[0]).toEqual(['credit-lapse', 34_755]);
    expect(thirteenth.lines.slice(1).map(([kind, cents]) => [kind, cents])).toEqual([
      ['energy', priced(2 * 31, 120)],
      ['export-credit', -priced(12 * 31, 120)],
      ['rebate', 0],
      ['tax', 0],
    ]);
    expect(thirteenth.chargesCents).toBe(34_755 + charges[12]!);
    // After it the balance is December's own credit only: −3,720.
    expect(thirteenth.amountDueCents).toBe(charges[12]);
    expect(thirteenth.amountDueCents).toBe(-3720);

    // Issuing again adds nothing, and the write-off stays one line.
    expect(await issueThrough(household, '2026-01-01T12:00:00Z')).toBe(0);
    expect(lapses(await statements(household))).toEqual([['2025-12', 34_755]]);
  });

  it('shows the write-off on the screen’s data, the CSV and the PDF', async () => {
    const summary = billingSummarySchema.parse(await (await get(member, '/api/billing/summary')).json());
    const entry = summary.history.find((s) => s.periodStart === '2025-12-01')!;
    const detail = statementDetailSchema.parse(await (await get(member, `/api/billing/statements/${entry.id}`)).json());
    expect(detail.lines[0]).toEqual({
      kind: 'credit-lapse',
      descriptionKey: 'net-metering-12-periods',
      params: { date: '2025-12-01', periods: 12 },
      quantity: null,
      unit: null,
      unitPriceCents: null,
      amountCents: 34_755,
    });
    expect(detail.previousBalanceCents).toBe(-34_755);
    expect(detail.amountDueCents).toBe(-3720);

    const csv = await (await get(member, `/api/billing/statements/${entry.id}.csv?lang=fr`)).text();
    expect(csv.split('\r\n')[1]).toBe('credit-lapse,"Crédit de mesurage net expiré (reporté 12 mois), le 2025-12-01",,,,347.55');
    const pdf = await get(member, `/api/billing/statements/${entry.id}.pdf?lang=es`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Crédito por medición neta vencido (trasladado 12 meses), el 2025-12-01');
  });

  it('starts the count again after a write-off, and a late reading’s adjustment leaves the write-off out', async () => {
    // A reading of December 2025 arrives after its statement: 1 kWh more exported, 12 ¢ more credit.
    await store(db(), household.id, {
      meter: [{ ts: local('2025-12-15', 3, 0).toISOString(), productionKwh: 1, consumptionKwh: 0, gridImportKwh: 0, gridExportKwh: 1 }],
    });
    expect(await issueThrough(household, '2026-02-01T12:00:00Z')).toBe(1);
    const rows = await statements(household);
    const january = rows[13]!;
    expect(january.periodStart).toBe('2026-01');
    // November 2025 carried $0 into December after the write-off: no second write-off.
    expect(lapses(rows)).toEqual([['2025-12', 34_755]]);
    // The adjustment compares December's recomputed charges with what it billed for its own
    // period, not with the write-off of the balance it carried in.
    expect(january.lines.filter(([kind]) => kind === 'adjustment')).toEqual([['adjustment', -12]]);
    expect(january.amountDueCents).toBe(-3720 + ontarioCharges('2026-01', SURPLUS) - 12);
  });
});

describe('a payment in flight at the issue', () => {
  it('is not written off with the credit: once it fails and is added back the balance is the month’s own', async () => {
    const { member, household } = await householdIn('ON', 'America/Toronto', () => SURPLUS, MONTHS.slice(0, 14));
    expect(await issueThrough(household, '2025-12-01T12:00:00Z')).toBe(12);
    // $5.00 paid on December 10, still pending when December's statement is issued.
    now = new Date('2025-12-10T15:00:00Z');
    const card = await addCard(t, member, '4242424242424242');
    const paid = await t.app.request('/api/billing/payments', {
      method: 'POST',
      headers: asMember(member, { 'idempotency-key': randomUUID() }),
      body: JSON.stringify({ amountCents: 500, paymentMethodId: card.id }),
    });
    expect(paid.status).toBe(201);
    const paymentId = ((await paid.json()) as { id: string }).id;
    expect(await issueThrough(household, '2026-01-01T12:00:00Z')).toBe(1);

    const charges = MONTHS.slice(0, 14).map((m) => ontarioCharges(m, SURPLUS));
    let rows = await statements(household);
    // −34,755 carried out of November, less the $5.00 in flight: −35,255 taken in; the credit of
    // 34,755 lapses, the $5.00 stays.
    expect(rows[12]!.previousBalanceCents).toBe(-35_255);
    expect(lapses(rows)).toEqual([['2025-12', 34_755]]);
    expect(rows[12]!.amountDueCents).toBe(-500 + charges[12]!);

    // The payment fails: January adds it back, and owes nothing the member did not use.
    const [row] = rowsOf<{ reference: string }>(await db().execute(sql`select processor_reference as reference from payments where id = ${paymentId}::uuid`));
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'charge.failed', data: { reference: row!.reference } });
    const failed = await t.app.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(t.config.payments.sandboxWebhookSecret, body, now) },
      body,
    });
    expect(failed.status).toBe(200);
    expect(await issueThrough(household, '2026-02-01T12:00:00Z')).toBe(1);
    rows = await statements(household);
    expect(rows[13]!.previousBalanceCents).toBe(charges[12]);
    expect(rows[13]!.amountDueCents).toBe(charges[12]! + charges[13]!);
    expect(lapses(rows)).toEqual([['2025-12', 34_755]]);
  }, 120_000);
});

describe('the count of periods carried', () => {
  it('starts again after a month that owes: no write-off until 12 periods have carried a credit since', async () => {
    // January 2025 imports 19 kWh a day and exports nothing: it ends owing.
    const owing: Pattern = { importKwh: 19, exportKwh: 0 };
    const pattern = (month: string) => (month === '2025-01' ? owing : SURPLUS);
    const { household } = await householdIn('ON', 'America/Toronto', pattern, MONTHS);
    expect(await issueThrough(household, '2026-02-01T12:00:00Z')).toBe(14);

    const charges = MONTHS.map((m) => ontarioCharges(m, pattern(m)));
    // By hand: 589 kWh at 9.3 ¢ = 5,478; rebate 13.1 % = 717.6 → −718; HST 13 % = 712.1 → 712.
    expect(charges[1]).toBe(5472);
    const balances = MONTHS.map((_, i) => sum(charges.slice(0, i + 1)));
    expect(balances[1]).toBe(2589);
    // February 2025 on carry credits: the 12th of them, January 2026, is the first that may lapse.
    expect(balances.slice(2).every((b) => b < 0)).toBe(true);
    let rows = await statements(household);
    expect(rows.map((r) => r.amountDueCents)).toEqual(balances.slice(0, 14));
    expect(lapses(rows)).toEqual([]);

    // February 2026: the periods February 2025 to January 2026 each carried a credit out.
    expect(await issueThrough(household, '2026-03-01T12:00:00Z')).toBe(1);
    rows = await statements(household);
    expect(lapses(rows)).toEqual([['2026-02', -balances[13]!]]);
    expect(rows[14]!.amountDueCents).toBe(charges[14]);
  }, 120_000);
});

describe('other provinces', () => {
  it('a BC household with the same surplus every month carries its credit on', async () => {
    const { household } = await householdIn('BC', 'America/Vancouver', () => SURPLUS, MONTHS.slice(0, 13));
    expect(await issueThrough(household, '2026-01-01T12:00:00Z')).toBe(13);
    const rows = await statements(household);
    const charges = MONTHS.slice(0, 13).map((m) => bcCharges(m, SURPLUS));
    // By hand, December 2024: 62 kWh at 10.97 ¢ = 680.14 → 680, 372 kWh credited = 4,080.84 →
    // −4,081, 31 days at 22.53 ¢ = 698.43 → 698: −2,703.
    expect(charges[0]).toBe(-2703);
    expect(lapses(rows)).toEqual([]);
    expect(rows.map((r) => r.amountDueCents)).toEqual(charges.map((_, i) => sum(charges.slice(0, i + 1))));
  }, 120_000);
});
