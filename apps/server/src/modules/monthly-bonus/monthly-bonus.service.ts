import { bonusMonth, earnsMonthlyBonus, nextBonusMonth } from '@peakwise/domain/monthly-bonus';
import { MONTHLY_BONUS_POINTS, REWARDS_SETTLE_GRACE_HOURS, REWARDS_TIME_ZONE } from '@peakwise/domain/payout-rules';
import { localDateOf } from '@peakwise/domain/local-time';
import { HOUR_MS } from '@peakwise/domain/time-constants';
import type { DbOrTx } from '../../db/client';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { BONUS_ISSUANCE, houseAccountId, insertTransfer, memberAccountId } from '../points/points.repository';
import { areaEventsBetween, unsettledEventsBetween } from './monthly-bonus.repository';

export const MONTHLY_BONUS_JOB = 'monthly-bonus.month';
/** While an event of the month is still unsettled, look again this much later. */
const WAIT_MS = HOUR_MS;

export async function scheduleMonthlyBonus(tx: DbOrTx, month: string, now: Date): Promise<void> {
  const at = new Date(bonusMonth(month).endsAt.getTime() + REWARDS_SETTLE_GRACE_HOURS * HOUR_MS);
  await scheduleJob(tx, { name: MONTHLY_BONUS_JOB, key: `monthly-bonus:${month}`, runAt: at < now ? now : at, payload: { month } });
}

/** At start: this month's bonus is on the durable schedule (each month's run schedules the next). */
export async function ensureMonthlyBonusSchedule(tx: DbOrTx, now: Date): Promise<void> {
  await scheduleMonthlyBonus(tx, localDateOf(now, REWARDS_TIME_ZONE).slice(0, 7), now);
}

/**
 * Credits the month's bonus to every household that took part in every event of its area
 * (at least one), once per household and month (the ledger key), after every event of the month
 * has settled. Answers when to look again if one has not.
 */
export async function creditMonthlyBonus(tx: DbOrTx, month: string, now: Date): Promise<{ retryAt: Date } | { credited: string[] }> {
  const { startsAt, endsAt } = bonusMonth(month);
  if ((await unsettledEventsBetween(tx, startsAt, endsAt)) > 0) return { retryAt: new Date(now.getTime() + WAIT_MS) };
  const byHousehold = new Map<string, { events: string[]; tookPart: Set<string> }>();
  for (const row of await areaEventsBetween(tx, startsAt, endsAt)) {
    const entry = byHousehold.get(row.householdId) ?? { events: [], tookPart: new Set<string>() };
    entry.events.push(row.eventId);
    if (row.tookPart) entry.tookPart.add(row.eventId);
    byHousehold.set(row.householdId, entry);
  }
  const bonuses = await houseAccountId(tx, BONUS_ISSUANCE);
  const credited: string[] = [];
  for (const [householdId, { events, tookPart }] of byHousehold) {
    if (!earnsMonthlyBonus(events, tookPart)) continue;
    const member = await memberAccountId(tx, householdId);
    const posted = await insertTransfer(tx, `monthly-bonus:${householdId}:${month}`, 'monthly_bonus', { month, events: events.length }, [
      { accountId: bonuses, amount: -MONTHLY_BONUS_POINTS },
      { accountId: member, amount: MONTHLY_BONUS_POINTS },
    ]);
    if (posted) credited.push(householdId);
  }
  await scheduleMonthlyBonus(tx, nextBonusMonth(month), now);
  return { credited };
}
