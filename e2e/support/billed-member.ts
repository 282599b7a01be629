import type pg from 'pg';
import { inject } from 'vitest';

/**
 * A member whose meter sent last month's readings and who is then billed by the month's
 * statement job, as every member is on the 1st (decision 069): for journeys that pay a statement
 * with an amount due, which the demo's solar months do not have.
 */

const FIVE_MINUTES = 5 * 60_000;
/** A request carries at most 5,000 readings (packages/contracts/src/ingest.contract.ts). */
const BATCH = 5_000;

export type Member = { email: string; password: string; householdId: string };

async function call(cookie: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(path, inject('baseUrl')), {
    method: init.method ?? 'GET',
    headers: { cookie, origin: inject('baseUrl'), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Signs up through the API, sets the home in Toronto and issues a meter token, as Settings would. */
export async function signUpMeteredMember(prefix: string, name: string): Promise<Member & { token: string }> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Correct-Horse-Battery-9';
  const res = await fetch(new URL('/api/auth/sign-up/email', inject('baseUrl')), {
    method: 'POST',
    headers: { origin: inject('baseUrl'), 'content-type': 'application/json' },
    body: JSON.stringify({ email, confirmEmail: email, password, name, birthDate: '1979-07-21', gender: 'female', marketingConsent: false, language: 'en' }),
  });
  if (res.status !== 200) throw new Error(`Sign-up: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const household = await call(cookie, '/api/household');
  await call(cookie, '/api/household/home', { method: 'PUT', body: { postalCode: 'M4C 1B5', timeZone: 'America/Toronto' } });
  const { token } = (await call(cookie, '/api/household/ingest-tokens', { method: 'POST', body: { label: 'Smart meter' } })) as { token: string };
  return { email, password, householdId: household.id as string, token };
}

/** The instant a local day starts in a zone (a whole UTC hour in the provinces Peakwise serves; found by trying each). */
function localMidnight(day: string, timeZone: string): number {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  const base = Date.parse(`${day}T00:00:00Z`);
  for (let h = -14; h <= 14; h++) {
    const p = Object.fromEntries(format.formatToParts(new Date(base + h * 3_600_000)).map((x) => [x.type, x.value]));
    if (`${p.year}-${p.month}-${p.day}` === day && p.hour === '00') return base + h * 3_600_000;
  }
  throw new Error(`No midnight found for ${day} in ${timeZone}`);
}

/**
 * A house without solar, as its meter reports every 5 minutes of the local days `from`–`to`
 * through the ingest API with the household's token: a base load that varies through the hour,
 * more in the evening. Returns how many intervals were stored.
 */
export async function sendMeterMonth(token: string, range: { from: string; to: string; timeZone: string }): Promise<number> {
  const start = localMidnight(range.from, range.timeZone);
  const end = localMidnight(new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), range.timeZone);
  const readings = [];
  for (let ts = start; ts < end; ts += FIVE_MINUTES) {
    const utcHour = new Date(ts).getUTCHours();
    const evening = utcHour >= 21 || utcHour < 3;
    const kwh = Math.round((0.04 + ((ts / FIVE_MINUTES) % 7) * 0.004 + (evening ? 0.06 : 0)) * 10_000) / 10_000;
    readings.push({ ts: new Date(ts).toISOString(), productionKwh: 0, consumptionKwh: kwh, gridImportKwh: kwh, gridExportKwh: 0 });
  }
  let accepted = 0;
  for (let i = 0; i < readings.length; i += BATCH) {
    const res = await fetch(new URL('/api/ingest/readings', inject('baseUrl')), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ meter: readings.slice(i, i + BATCH) }),
    });
    if (res.status !== 200) throw new Error(`Ingest: ${res.status} ${await res.text()}`);
    accepted += ((await res.json()) as { accepted: number }).accepted;
  }
  return accepted;
}

/**
 * A member who joined before `firstDay`: the day the household's service (its first tariff)
 * starts. The portal has no way to move it back, since a new account has no earlier meter, so
 * the journey does, in the one row that holds it.
 */
export async function backdateService(db: pg.Client, householdId: string, firstDay: string): Promise<void> {
  const { rowCount } = await db.query('update household_tariffs set effective_from = $2 where household_id = $1', [householdId, firstDay]);
  if (rowCount !== 1) throw new Error(`Expected one tariff row for ${householdId}, found ${rowCount}`);
}

/**
 * The month's statement run as the server schedules it on the 1st (STATEMENT_JOB and its key in
 * apps/server/src/modules/billing/statements.service.ts), due now: the durable worker then runs
 * the real job. A server started this month never scheduled last month's run, except on a first
 * start on the 1st (UTC), which schedules the month just over; once every household's zone has
 * passed midnight that run is done, before the journey's members sent their month. Then the run is
 * queued again: the job issues only what is not issued yet, so running it again bills those
 * members and nobody twice. (CI on 1 December at 10:40 UTC waited 120 s for a run that never came.)
 */
export async function scheduleStatementRun(db: pg.Client, month: string): Promise<void> {
  await db.query(
    `insert into durable_jobs (name, key, run_at, payload) values ('billing.issue-statements', $1, now(), $2::jsonb)
     on conflict (key) do update set run_at = excluded.run_at, status = 'queued', finished_at = null, locked_until = null
     where durable_jobs.status in ('queued', 'done')`,
    [`billing:statements:${month}`, JSON.stringify({ month })],
  );
}
