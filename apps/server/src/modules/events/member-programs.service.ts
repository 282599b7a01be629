import type { MemberPrograms } from '@peakwise/contracts/event-programs.contract';
import { PROGRAM_PROVINCES } from '@peakwise/domain/event-program';
import { localDateOf } from '@peakwise/domain/local-time';
import type { ProvinceCode } from '@peakwise/domain/postal-code';
import type { DbOrTx } from '../../db/client';
import type { Household } from '../households/household.repository';
import { programStartNotice, programsForHousehold, setProgramStartNotice } from './event-programs.repository';

/** Every program covering the member's home (decision 103), or why there is none. */
export async function memberPrograms(db: DbOrTx, household: Household, now: Date): Promise<MemberPrograms> {
  const served = PROGRAM_PROVINCES.includes(household.province as ProvinceCode);
  const programs = served ? await programsForHousehold(db, household.id, localDateOf(now, household.timeZone)) : [];
  return {
    place: served ? 'served' : 'outside',
    province: household.province,
    programs: programs.map((p) => ({
      id: p.id,
      name: p.name,
      nameFr: p.nameFr,
      seasonStart: p.seasonStart,
      seasonEnd: p.seasonEnd,
      windows: p.windows,
      noticeHours: p.noticeHours,
      rewardPoints: p.rewardPoints,
      pointsPerKwh: p.pointsPerKwh,
      targetPercent: p.targetPercent,
      preheat: p.preheat,
      status: p.status,
      takingPart: p.takingPart,
      timeZone: household.timeZone,
    })),
    notifyWhenStarts: await programStartNotice(db, household.id),
  };
}

export async function askToBeToldOfPrograms(tx: DbOrTx, household: Household, notify: boolean, userId: string, now: Date): Promise<MemberPrograms> {
  await setProgramStartNotice(tx, household.id, notify, userId, now);
  return memberPrograms(tx, household, now);
}
