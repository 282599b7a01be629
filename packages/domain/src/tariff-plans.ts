import type { ProvinceCode } from './postal-code';
import type { FlatPlan, ScheduleRule, TariffPlan, TieredPlan, TimeOfUsePlan } from './tariff';

/**
 * Published residential electricity prices, as data with effective dates. A new price is a new
 * version appended to `versions`; never edit a version already in force, or past bills change.
 * Each figure carries its source (page, date read or published). Figures marked "TO VERIFY" could
 * not be confirmed from a primary source and must be checked before bills are sent; "TO VERIFY
 * (missing version)" marks a price change known or expected to be in force whose figures were not
 * found, so the previous version keeps pricing past its end.
 * Commodity prices only: delivery, regulatory, rate riders, rebates (e.g. the Ontario Electricity
 * Rebate) and taxes are not included.
 */

const WINTER = [11, 12, 1, 2, 3, 4]; // Ontario winter period: November 1 – April 30
const SUMMER = [5, 6, 7, 8, 9, 10]; // Ontario summer period: May 1 – October 31

/** OEB time-of-use hours (unchanged since November 2022; weekends and holidays are off-peak). */
const ONTARIO_TOU_SCHEDULE: readonly ScheduleRule[] = [
  { period: 'off-peak', days: 'weekends-and-holidays', fromHour: 0, toHour: 24 },
  { period: 'off-peak', days: 'weekdays', fromHour: 0, toHour: 7 },
  { period: 'off-peak', days: 'weekdays', fromHour: 19, toHour: 24 },
  // Winter: on-peak 7–11 a.m. and 5–7 p.m., mid-peak 11 a.m.–5 p.m.
  { period: 'on-peak', days: 'weekdays', fromHour: 7, toHour: 11, months: WINTER },
  { period: 'mid-peak', days: 'weekdays', fromHour: 11, toHour: 17, months: WINTER },
  { period: 'on-peak', days: 'weekdays', fromHour: 17, toHour: 19, months: WINTER },
  // Summer: mid-peak 7–11 a.m. and 5–7 p.m., on-peak 11 a.m.–5 p.m.
  { period: 'mid-peak', days: 'weekdays', fromHour: 7, toHour: 11, months: SUMMER },
  { period: 'on-peak', days: 'weekdays', fromHour: 11, toHour: 17, months: SUMMER },
  { period: 'mid-peak', days: 'weekdays', fromHour: 17, toHour: 19, months: SUMMER },
];

/** OEB ultra-low overnight hours, the same all year. */
const ONTARIO_ULO_SCHEDULE: readonly ScheduleRule[] = [
  { period: 'ultra-low-overnight', days: 'every-day', fromHour: 23, toHour: 24 },
  { period: 'ultra-low-overnight', days: 'every-day', fromHour: 0, toHour: 7 },
  { period: 'weekend-off-peak', days: 'weekends-and-holidays', fromHour: 7, toHour: 23 },
  { period: 'on-peak', days: 'weekdays', fromHour: 16, toHour: 21 },
  { period: 'mid-peak', days: 'weekdays', fromHour: 7, toHour: 16 },
  { period: 'mid-peak', days: 'weekdays', fromHour: 21, toHour: 23 },
];

/*
 * Ontario RPP prices (TOU, ULO, tiered) change once a year, on November 1: the OEB's "Regulated
 * Price Plan (RPP)" page (oeb.ca, read 2026-11-24) says prices are "reviewed once a year", and the
 * Ontario Regulatory Registry posting 38547 ("Changing Ontario Energy Board's Regulated Price Plan
 * (RPP) Rate Setting Frequency") has new prices "each November 1st"; only the TOU hours and the
 * tier threshold change on May 1, and those are in the schedules above. So May 1 needs no version.
 * TO VERIFY (missing version): the OEB's prices of November 1, 2026 were not found (searched OEB
 * news releases on newswire.ca and oeb.ca/newsroom, "RPP Price Report November 1, 2026", and
 * republications by local news and utilities on 2026-11-24); until they are appended, November
 * 2026 onwards is priced at the November 1, 2025 prices.
 */
export const ONTARIO_TIME_OF_USE: TimeOfUsePlan = {
  id: 'on-tou',
  name: 'Ontario Time-of-Use (RPP)',
  province: 'ON',
  kind: 'time-of-use',
  versions: [
    {
      // Source: OEB news release "Ontario Energy Board announces changes to electricity prices…",
      // newswire.ca 2024-10-18, Table 1, from November 1, 2024; unchanged on May 1, 2025 per
      // netnewsupdate.com, "Ontario's Off-Peak Electricity Hours Set to Change on May 1" (Apr 2025).
      effectiveFrom: '2024-11-01',
      schedule: ONTARIO_TOU_SCHEDULE,
      centsPerKwh: { 'off-peak': 7.6, 'mid-peak': 12.2, 'on-peak': 15.8 },
      dailyChargeCents: 0,
    },
    {
      // Source: OEB news release "Ontario Energy Board Announces Changes to Electricity Prices for
      // Households, Small Businesses and Farms", newswire.ca 2025-10-17 (republished at
      // wawa-news.com 2025-10-18), Table 1, prices from November 1, 2025.
      effectiveFrom: '2025-11-01',
      schedule: ONTARIO_TOU_SCHEDULE,
      centsPerKwh: { 'off-peak': 9.8, 'mid-peak': 15.7, 'on-peak': 20.3 },
      dailyChargeCents: 0,
    },
  ],
};

export const ONTARIO_ULTRA_LOW_OVERNIGHT: TimeOfUsePlan = {
  id: 'on-ulo',
  name: 'Ontario Ultra-Low Overnight (RPP)',
  province: 'ON',
  kind: 'time-of-use',
  versions: [
    {
      // Source: Hydro Ottawa, "Ultra-Low Overnight (ULO)" — effective November 1, 2024: 2.8 / 7.6 /
      // 12.2 / 28.4 ¢/kWh; same table at energyrates.ca for Nov 1, 2024 – Oct 31, 2025.
      effectiveFrom: '2024-11-01',
      schedule: ONTARIO_ULO_SCHEDULE,
      centsPerKwh: { 'ultra-low-overnight': 2.8, 'weekend-off-peak': 7.6, 'mid-peak': 12.2, 'on-peak': 28.4 },
      dailyChargeCents: 0,
    },
    {
      // Source: OEB news release, newswire.ca 2025-10-17 (wawa-news.com 2025-10-18), Table 3:
      // ultra-low overnight 3.9 and weekend off-peak 9.8 ¢/kWh from November 1, 2025.
      // TO VERIFY: mid-peak 15.7 and on-peak 39.1 ¢/kWh. Every retrieved copy of the release
      // (newswire.ca, wawa-news.com, jodyandpaula.com, read 2026-11-24) stops at Table 3's third
      // row; the two figures agree with public code that cites oeb.ca's "Electricity rates" page
      // for November 1, 2025, which is corroboration, not a primary source.
      effectiveFrom: '2025-11-01',
      schedule: ONTARIO_ULO_SCHEDULE,
      centsPerKwh: { 'ultra-low-overnight': 3.9, 'weekend-off-peak': 9.8, 'mid-peak': 15.7, 'on-peak': 39.1 },
      dailyChargeCents: 0,
    },
  ],
};

/** Residential tier thresholds, kWh per month: 1,000 in winter, 600 in summer (OEB). */
const ONTARIO_RESIDENTIAL_THRESHOLDS = [1000, 1000, 1000, 1000, 600, 600, 600, 600, 600, 600, 1000, 1000];

export const ONTARIO_TIERED: TieredPlan = {
  id: 'on-tiered',
  name: 'Ontario Tiered (RPP)',
  province: 'ON',
  kind: 'tiered',
  versions: [
    {
      // Thresholds: Wellington North Power / Bluewater Power pages ("600 kWh … summer (May 1 to
      // October 31) and 1,000 kWh … winter (November 1 to April 30)"), prorated by days.
      // Prices: OEB news release, newswire.ca 2024-10-18, Table 2: 9.3 / 11.0 ¢/kWh from
      // November 1, 2024.
      effectiveFrom: '2024-11-01',
      tier1Allowance: { kind: 'per-month', kwhByMonth: ONTARIO_RESIDENTIAL_THRESHOLDS },
      tier1CentsPerKwh: 9.3,
      tier2CentsPerKwh: 11.0,
      dailyChargeCents: 0,
    },
    {
      // Source: OEB news release, newswire.ca 2025-10-17 (wawa-news.com 2025-10-18), Table 2:
      // 12.0 / 14.2 ¢/kWh.
      effectiveFrom: '2025-11-01',
      tier1Allowance: { kind: 'per-month', kwhByMonth: ONTARIO_RESIDENTIAL_THRESHOLDS },
      tier1CentsPerKwh: 12.0,
      tier2CentsPerKwh: 14.2,
      dailyChargeCents: 0,
    },
  ],
};

export const BC_HYDRO_RESIDENTIAL_CONSERVATION: TieredPlan = {
  id: 'bc-residential-conservation',
  name: 'BC Hydro Residential Conservation Rate (two-step, RS 1101)',
  province: 'BC',
  kind: 'tiered',
  versions: [
    {
      // Source: BC Hydro, "Residential tiered rate" (app.bchydro.com, rate schedule 1101): Tier 1
      // 10.97 ¢/kWh up to days × 22.1918 kWh (1,350 kWh per average two-month period; 1,376 kWh
      // for 62 days), Tier 2 14.08 ¢/kWh; rates from April 1, 2024. Basic charge 22.53 ¢/day:
      // justandreasonable.com (Feb 2025) and islandsocialtrends.ca (BC Hydro bill, Jan 2025).
      // TO VERIFY (missing versions): BC Hydro raised rates 3.42 % on April 1, 2025 (app.bchydro.com
      // "Residential rates", "2025 bill increase": net bill +3.75 %), and the Province directed
      // 3.75 % increases on April 1, 2025 and April 1, 2026 (Nanaimo News NOW, 2025-03-17). The
      // per-kWh and basic-charge figures of either date were not found (searched app.bchydro.com
      // "Residential tiered rate", whose stored copy still shows 10.97 / 14.08 ¢/kWh, BCUC orders,
      // Electric Tariff RS 1101, news, 2026-11-24), so this version still prices April 2025
      // onwards. Only a partial figure turned up: a CBC report on the new flat rate (article
      // 1.7499067, April 2025, read at a mirror) gives Tier 1 as 11.72 ¢/kWh, but its Tier 2 and
      // basic charge were cut off, and a version is appended only whole. The BCUC's rate design decision of 2025-02-24 also phases the two-tier rate
      // toward one flat rate by 2028 (justandreasonable.com). Rate riders are not applied.
      effectiveFrom: '2024-04-01',
      tier1Allowance: { kind: 'per-day', kwh: 22.1918 },
      tier1CentsPerKwh: 10.97,
      tier2CentsPerKwh: 14.08,
      dailyChargeCents: 22.53,
    },
  ],
};

export const ALBERTA_RATE_OF_LAST_RESORT: FlatPlan = {
  id: 'ab-rolr',
  name: 'Alberta Rate of Last Resort (formerly Regulated Rate Option)',
  province: 'AB',
  kind: 'flat',
  versions: [
    {
      // Source: ENMAX, "Understanding the Rate of Last Resort": 12.06 ¢/kWh in Calgary, Cardston,
      // Ponoka and Red Deer, fixed January 1, 2025 – December 31, 2026, including the 0.1 ¢/kWh
      // consumer awareness surcharge. EPCOR (Edmonton) and Direct Energy charge 12.01 ¢/kWh
      // (Medicine Hat News, 2024-12-03). Wire-owner delivery charges are not included.
      // The next price, from January 1, 2027, was not announced in anything retrieved on
      // 2026-11-24 (searched ENMAX, EPCOR, AUC and news for a 2027–2028 Rate of Last Resort);
      // it must be appended before January 2027 is billed.
      effectiveFrom: '2025-01-01',
      centsPerKwh: 12.06,
      dailyChargeCents: 0,
    },
  ],
};

export const HYDRO_QUEBEC_RATE_D: TieredPlan = {
  id: 'qc-rate-d',
  name: 'Hydro-Québec Rate D',
  province: 'QC',
  kind: 'tiered',
  versions: [
    {
      // Second tier 10.342 ¢/kWh: hydroquebec.com "Rate DM" page (Rate D second-tier price, 2024).
      // TO VERIFY: access charge 44.810 ¢/day and first tier 6.704 ¢/kWh are from memory; they
      // agree with the 2025 figures below less the 3 % increase of April 1, 2025. The stored
      // hydroquebec.com rate pages (Rate D, Flex D, DT, Winter Credit Option; read 2026-11-24)
      // render their price tables without the figures, and no Régie de l'énergie tariff text for
      // April 1, 2024 was found.
      effectiveFrom: '2024-04-01',
      tier1Allowance: { kind: 'per-day', kwh: 40 },
      tier1CentsPerKwh: 6.704,
      tier2CentsPerKwh: 10.342,
      dailyChargeCents: 44.81,
    },
    {
      // Source: hydroquebec.com "Rate Flex D" billing page, rates effective April 1, 2025, summer
      // column (billed as Rate D): system access charge 46.154 ¢/day, 6.905 ¢/kWh up to 40 kWh ×
      // days in the consumption period, 10.652 ¢/kWh for the rest. The first tier is pooled over
      // the consumption period, not applied day by day (hydroquebec.com "Rate D").
      // TO VERIFY (missing version): the Régie de l'énergie granted residential rates +3 % on
      // April 1, 2026 (Radio-Canada's report of its decision of 2026-03-16, reprinted at
      // webjosh.com: 3 % in 2026 and 2027, 2.6 % in 2028), but the per-component prices of April
      // 1, 2026 were not found (searched hydroquebec.com rate pages and the Régie's decisions on
      // 2026-11-24), so this version still prices April 2026 onwards.
      effectiveFrom: '2025-04-01',
      tier1Allowance: { kind: 'per-day', kwh: 40 },
      tier1CentsPerKwh: 6.905,
      tier2CentsPerKwh: 10.652,
      dailyChargeCents: 46.154,
    },
  ],
};

export const TARIFF_PLANS: readonly TariffPlan[] = [
  ONTARIO_TIME_OF_USE,
  ONTARIO_ULTRA_LOW_OVERNIGHT,
  ONTARIO_TIERED,
  BC_HYDRO_RESIDENTIAL_CONSERVATION,
  ALBERTA_RATE_OF_LAST_RESORT,
  HYDRO_QUEBEC_RATE_D,
];

/** The plan a new household gets by default: the one most customers in the province are on. */
const DEFAULT_PLAN_BY_PROVINCE: Partial<Record<ProvinceCode, TariffPlan>> = {
  ON: ONTARIO_TIME_OF_USE,
  BC: BC_HYDRO_RESIDENTIAL_CONSERVATION,
  AB: ALBERTA_RATE_OF_LAST_RESORT,
  QC: HYDRO_QUEBEC_RATE_D,
};

/** Default plan for a province; `null` where Peakwise has no tariff (not serviceable). */
export function planForProvince(province: ProvinceCode): TariffPlan | null {
  return DEFAULT_PLAN_BY_PROVINCE[province] ?? null;
}

/** Every plan a household in the province can choose. */
export function plansForProvince(province: ProvinceCode): TariffPlan[] {
  return TARIFF_PLANS.filter((plan) => plan.province === province);
}

export function planById(id: string): TariffPlan | null {
  return TARIFF_PLANS.find((plan) => plan.id === id) ?? null;
}
