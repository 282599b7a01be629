/**
 * An Ontario Time-of-Use statement's charges worked out again from raw meter rows, with the
 * published prices written out here, so a journey can check the server's statement without the
 * tariff engine or the statement service (decision 069). The rules are the ones a member reads on
 * the OEB's pages: each hour priced by its period, exports credited at the price of the hour they
 * leave, one rounding per line, then the Ontario Electricity Rebate and HST on the same
 * pre-rebate subtotal (nothing of either on a credit month).
 */

export type RawMeterRow = { ts: Date; gridImportKwh: number; gridExportKwh: number };
type Period = 'off-peak' | 'mid-peak' | 'on-peak';
type Dated<T> = { from: string; value: T };

// OEB Regulated Price Plan time-of-use prices, ¢/kWh.
const TOU_PRICES: Dated<Record<Period, number>>[] = [
  // OEB news release, 2024-10-18 (newswire.ca), Table 1: from November 1, 2024.
  { from: '2024-11-01', value: { 'off-peak': 7.6, 'mid-peak': 12.2, 'on-peak': 15.8 } },
  // OEB news release "Ontario Energy Board Announces Changes to Electricity Prices for Households,
  // Small Businesses and Farms", newswire.ca 2025-10-17 (wawa-news.com 2025-10-18), Table 1: from November 1, 2025.
  { from: '2025-11-01', value: { 'off-peak': 9.8, 'mid-peak': 15.7, 'on-peak': 20.3 } },
];
// Ontario Electricity Rebate on the bill before HST, in millionths (13.1 % = 131,000): integer
// cents times it are exact, so a half cent is a half cent.
const OER_PER_MILLION: Dated<number>[] = [
  // Alectra Utilities, "Ontario Electricity Rebate": 13.1 % effective November 1, 2024.
  { from: '2024-11-01', value: 131_000 },
  // The same OEB release (wawa-news.com 2025-10-18): the OER changes to 23.5 % effective November 1, 2025.
  { from: '2025-11-01', value: 235_000 },
];
// Canada Revenue Agency, "GST/HST rates": Ontario HST 13 % since July 1, 2010.
const HST_PER_MILLION = 130_000;

/** Good Friday (two days before Easter Sunday), from published Easter tables. */
const GOOD_FRIDAY: Record<number, string> = {
  2024: '2024-03-29',
  2025: '2025-04-18',
  2026: '2026-04-03',
  2027: '2027-03-26',
  2028: '2028-04-14',
  2029: '2029-03-30',
  2030: '2030-04-19',
};

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
const weekday = (iso: string) => utcDay(iso).getUTCDay(); // 0 Sunday … 6 Saturday
const plusDays = (iso: string, days: number) => ymd(new Date(utcDay(iso).getTime() + days * 86_400_000));
/** The n-th Monday of a month. */
const nthMonday = (year: number, month: number, n: number) => {
  const first = `${year}-${pad(month)}-01`;
  return plusDays(first, ((8 - weekday(first)) % 7) + (n - 1) * 7);
};

/**
 * The days the OEB prices as weekends: the Employment Standards Act's public holidays and the
 * Civic Holiday, a weekend one moved to the next weekday that is not already a holiday.
 */
export function oebHolidays(year: number): Set<string> {
  const goodFriday = GOOD_FRIDAY[year];
  if (!goodFriday) throw new Error(`No Good Friday written down for ${year}: add it to GOOD_FRIDAY`);
  const may24 = `${year}-05-24`;
  const actual = [
    `${year}-01-01`,
    nthMonday(year, 2, 3), // Family Day
    goodFriday,
    plusDays(may24, -((weekday(may24) + 6) % 7)), // Victoria Day: the Monday on or before May 24
    `${year}-07-01`,
    nthMonday(year, 8, 1), // Civic Holiday
    nthMonday(year, 9, 1), // Labour Day
    nthMonday(year, 10, 2), // Thanksgiving
    `${year}-12-25`,
    `${year}-12-26`,
  ];
  const observed = new Set<string>();
  for (const date of actual) {
    let day = date;
    while (weekday(day) === 0 || weekday(day) === 6 || observed.has(day)) day = plusDays(day, 1);
    observed.add(day);
  }
  return observed;
}

/** The OEB time-of-use period of a local hour (winter November–April, summer May–October). */
export function touPeriod(day: string, hour: number, holidays: ReadonlySet<string>): Period {
  const wd = weekday(day);
  if (wd === 0 || wd === 6 || holidays.has(day) || hour < 7 || hour >= 19) return 'off-peak';
  const month = Number(day.slice(5, 7));
  const winter = month >= 11 || month <= 4;
  const middle = hour >= 11 && hour < 17;
  if (winter) return middle ? 'mid-peak' : 'on-peak';
  return middle ? 'on-peak' : 'mid-peak';
}

const inForce = <T>(versions: readonly Dated<T>[], day: string): T => {
  const version = versions.filter((v) => v.from <= day).at(-1);
  if (!version) throw new Error(`No published figure in force on ${day}`);
  return version.value;
};

/** To the nearest cent, halves away from zero (how the CRA asks HST to be rounded). */
const cents = (x: number) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5 + 1e-6);

const localParts = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  return (at: Date) => {
    const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
    return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
  };
};

export type RecomputedStatement = {
  /** kWh imported and exported per period (summed from the hours). */
  imported: Record<Period, number>;
  exported: Record<Period, number>;
  subtotalCents: number;
  rebateCents: number;
  hstCents: number;
  /** What the month adds to the balance: lines, rebate and tax. */
  chargesCents: number;
};

/**
 * A month's charges from raw 5-minute rows: summed per local hour in `timeZone`, each hour priced
 * by its period, rows outside `from`–`to` (local days, inclusive) left out.
 */
export function recomputeOntarioTou(rows: readonly RawMeterRow[], range: { from: string; to: string }, timeZone: string): RecomputedStatement {
  const local = localParts(timeZone);
  const hours = new Map<string, { day: string; hour: number; importKwh: number; exportKwh: number }>();
  for (const row of rows) {
    const { day, hour } = local(row.ts);
    if (day < range.from || day > range.to) continue;
    // The fall-back night has two 1 a.m. hours; both are off-peak, so they may share a key.
    const key = `${day} ${hour}`;
    const sum = hours.get(key) ?? { day, hour, importKwh: 0, exportKwh: 0 };
    sum.importKwh += row.gridImportKwh;
    sum.exportKwh += row.gridExportKwh;
    hours.set(key, sum);
  }
  const zero = (): Record<Period, number> => ({ 'off-peak': 0, 'mid-peak': 0, 'on-peak': 0 });
  // Prices change on November 1 only, so a calendar month has one price list.
  const prices = inForce(TOU_PRICES, range.to);
  const imported = zero();
  const exported = zero();
  const holidays = new Map<number, Set<string>>();
  for (const h of hours.values()) {
    const year = Number(h.day.slice(0, 4));
    if (!holidays.has(year)) holidays.set(year, oebHolidays(year));
    const period = touPeriod(h.day, h.hour, holidays.get(year)!);
    imported[period] += h.importKwh;
    exported[period] += h.exportKwh;
  }
  let subtotalCents = 0;
  for (const period of Object.keys(prices) as Period[]) {
    subtotalCents += cents(imported[period] * prices[period]);
    subtotalCents -= cents(exported[period] * prices[period]);
  }
  const base = Math.max(0, subtotalCents);
  // 0 − so that a credit month's rebate is 0, not −0.
  const rebateCents = 0 - cents((base * inForce(OER_PER_MILLION, range.to)) / 1_000_000);
  const hstCents = cents((base * HST_PER_MILLION) / 1_000_000);
  return { imported, exported, subtotalCents, rebateCents, hstCents, chargesCents: subtotalCents + rebateCents + hstCents };
}
