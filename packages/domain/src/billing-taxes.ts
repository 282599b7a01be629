import type { LocalDate } from './local-time';
import type { ProvinceCode } from './postal-code';
import { versionOn } from './tariff';

/**
 * Sales taxes and provincial rebates on residential electricity, as data with effective dates
 * (docs/product/domain-rules.md#bills, decision 043). Like the tariffs, a change is a new version
 * appended to `versions`; never edit one already in force, or issued statements stop agreeing
 * with a recomputation. Rates are integers per million (13 % = 130,000). Each figure names its
 * source; "TO VERIFY" marks a figure that could not be confirmed from a primary source, or a
 * version known to be due whose figure was not found.
 */

export type ProvincialChargeId = 'hst' | 'gst' | 'qst' | 'ontario-electricity-rebate';

export type ProvincialChargeVersion = { effectiveFrom: LocalDate; ratePerMillion: number };

export type ProvincialCharge = {
  id: ProvincialChargeId;
  /** A rebate is a credit on the pre-tax subtotal; a tax is a charge on it. */
  kind: 'rebate' | 'tax';
  versions: readonly ProvincialChargeVersion[];
};

const GST: ProvincialCharge = {
  id: 'gst',
  kind: 'tax',
  versions: [
    // Source: Canada Revenue Agency, "GST/HST rates" (canada.ca; table re-read 2026-11-24 at its
    // cra-arc.gc.ca copy): 5 % since January 1, 2008.
    { effectiveFrom: '2008-01-01', ratePerMillion: 50_000 },
  ],
};

const ONTARIO_HST: ProvincialCharge = {
  id: 'hst',
  kind: 'tax',
  versions: [
    // Source: Canada Revenue Agency, "GST/HST rates" (canada.ca; re-read 2026-11-24 at its
    // cra-arc.gc.ca copy): Ontario HST 13 % since July 1, 2010.
    { effectiveFrom: '2010-07-01', ratePerMillion: 130_000 },
  ],
};

const ONTARIO_ELECTRICITY_REBATE: ProvincialCharge = {
  id: 'ontario-electricity-rebate',
  kind: 'rebate',
  versions: [
    // Ontario Rebate for Electricity Consumers Act, 2016 (O. Reg. 363/16): a percentage of the
    // pre-HST bill, set each November 1 with the OEB's price change.
    // Source: OEB news release of 2023-10-19, as reprinted by wawa-news.com and muskoka411.com
    // ("effective November 1, 2023, the Ontario government's Ontario Electricity Rebate (OER) will
    // increase to 19.3%").
    { effectiveFrom: '2023-11-01', ratePerMillion: 193_000 },
    // Source: Alectra Utilities, "Ontario Electricity Rebate" (alectrautilities.com/OER) and
    // Elexicon Energy's OER page: "a 13.1 % reduction on the amount of their bill before HST,
    // effective November 1, 2024".
    { effectiveFrom: '2024-11-01', ratePerMillion: 131_000 },
    // Source: OEB news release of 2025-10-18, as reprinted by wawa-news.com ("effective November
    // 1, 2025, the Ontario government's Ontario Electricity Rebate (OER) will change to 23.5%").
    { effectiveFrom: '2025-11-01', ratePerMillion: 235_000 },
    // TO VERIFY (missing version): the rate from November 1, 2026 was not found (searched the
    // OEB's releases and utilities' OER pages on 2026-11-24); until it is appended, November 2026
    // onwards gets 23.5 %.
  ],
};

const QUEBEC_QST: ProvincialCharge = {
  id: 'qst',
  kind: 'tax',
  versions: [
    // Source: Revenu Québec, "QST rate" (revenuquebec.ca): 9.975 % since January 1, 2013, on the
    // price before GST (not on the GST); re-read 2026-11-24 in Revenu Québec's "Basic Rules for
    // Applying the GST/HST and QST" and its release of 2012-12-17 on the 2013 change.
    { effectiveFrom: '2013-01-01', ratePerMillion: 99_750 },
  ],
};

/**
 * What each province adds to an electricity bill, in statement order: rebates first (they reduce
 * the pre-tax subtotal's total, not the taxable amount), then taxes.
 * BC: residential electricity is exempt from PST (BC Ministry of Finance, "PST exemptions …
 * residential energy products", Bulletin PST 203), so only GST. Alberta has no provincial sales tax.
 */
export const PROVINCIAL_CHARGES: Readonly<Partial<Record<ProvinceCode, readonly ProvincialCharge[]>>> = {
  ON: [ONTARIO_ELECTRICITY_REBATE, ONTARIO_HST],
  BC: [GST],
  AB: [GST],
  QC: [GST, QUEBEC_QST],
};

export type ChargeInForce = { id: ProvincialChargeId; kind: 'rebate' | 'tax'; ratePerMillion: number };

/**
 * The rebates and taxes of a province for a statement, at the rates in force on `date` (the last
 * day of the billing period; the rates change on the 1st of a month, so a month never spans two).
 */
export function provincialChargesOn(province: ProvinceCode, date: LocalDate): ChargeInForce[] {
  return (PROVINCIAL_CHARGES[province] ?? []).map((charge) => ({
    id: charge.id,
    kind: charge.kind,
    ratePerMillion: versionOn(charge.versions, date).ratePerMillion,
  }));
}
