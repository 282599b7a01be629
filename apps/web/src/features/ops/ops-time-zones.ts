import type { OpsProgram } from '@peakwise/contracts/event-programs.contract';

/**
 * The zones an operator can enter a window in, west to east. Wider than the members' list
 * (CANADIAN_TIME_ZONES): Saskatchewan and Yukon keep one offset all year, so an event in those
 * provinces written in Edmonton's or Winnipeg's clock would be an hour off for half the year.
 */
export const OPS_TIME_ZONES = [
  'America/Vancouver',
  'America/Whitehorse',
  'America/Edmonton',
  'America/Regina',
  'America/Winnipeg',
  'America/Toronto',
  'America/Halifax',
  'America/St_Johns',
] as const;
export type OpsTimeZone = (typeof OPS_TIME_ZONES)[number];

export const DEFAULT_OPS_TIME_ZONE: OpsTimeZone = 'America/Toronto';

/** Where most of each province lives (the same choice the server makes for a new household). */
const ZONE_BY_PROVINCE: Record<string, OpsTimeZone> = {
  BC: 'America/Vancouver',
  YT: 'America/Whitehorse',
  AB: 'America/Edmonton',
  NT: 'America/Edmonton',
  SK: 'America/Regina',
  MB: 'America/Winnipeg',
  ON: 'America/Toronto',
  QC: 'America/Toronto',
  NU: 'America/Toronto',
  NB: 'America/Halifax',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NL: 'America/St_Johns',
};

export function isOpsTimeZone(value: string): value is OpsTimeZone {
  return (OPS_TIME_ZONES as readonly string[]).includes(value);
}

/** A program's main zone: its first province's, or Eastern when the program is unknown. */
export function programTimeZone(program: Pick<OpsProgram, 'provinces'> | undefined): OpsTimeZone {
  const first = program?.provinces[0]?.toUpperCase();
  return (first && ZONE_BY_PROVINCE[first]) || DEFAULT_OPS_TIME_ZONE;
}
