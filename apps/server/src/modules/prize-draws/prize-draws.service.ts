import { randomBytes } from 'node:crypto';
import type { PrizeDraw } from '@peakwise/contracts/prize-draws.contract';
import { HOUR_MS, DAY_MS } from '@peakwise/domain/time-constants';
import { PRIZE_DRAW_POINTS, REWARDS_SETTLE_GRACE_HOURS } from '@peakwise/domain/payout-rules';
import { drawWinner, entryToken, nextPrizeWeek, prizeWeekOf, seedCommitment } from '@peakwise/domain/prize-draw';
import type { DbOrTx } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import type { Mailer } from '../email/mailer';
import { prizeWinnerTemplate } from '../email/templates/prize-winner.template';
import { houseAccountId, insertTransfer, memberAccountId, PRIZE_ISSUANCE, transferIdByKey } from '../points/points.repository';
import { findDrawByWeek, householdContact, insertDraw, insertEntries, markDrawn, participantsBetween, type DrawRow } from './prize-draws.repository';

export const PRIZE_DRAW_JOBS = { commit: 'prize-draw.commit', draw: 'prize-draw.draw' } as const;
/** A week's seed is committed a day before it starts, well ahead of the first event that counts. */
const COMMIT_AHEAD_MS = DAY_MS;

const commitAt = (startsAt: Date) => new Date(startsAt.getTime() - COMMIT_AHEAD_MS);
const drawAt = (endsAt: Date) => new Date(endsAt.getTime() + REWARDS_SETTLE_GRACE_HOURS * HOUR_MS);

async function scheduleCommit(tx: DbOrTx, week: { week: string; startsAt: Date }, now: Date): Promise<void> {
  const at = commitAt(week.startsAt);
  await scheduleJob(tx, { name: PRIZE_DRAW_JOBS.commit, key: `prize-draw:${week.week}:commit`, runAt: at < now ? now : at, payload: { week: week.week } });
}

/** At start: the next week's commitment is on the durable schedule (each commitment then schedules the one after). */
export async function ensurePrizeDrawSchedule(tx: DbOrTx, now: Date): Promise<void> {
  const current = prizeWeekOf(now);
  const next = nextPrizeWeek(current.week);
  await scheduleCommit(tx, next, now);
  // A week committed before this start still needs its draw (the draw job is keyed, so this adds nothing twice).
  const existing = await findDrawByWeek(tx, current.week);
  if (existing && existing.status === 'committed') {
    await scheduleJob(tx, { name: PRIZE_DRAW_JOBS.draw, key: `prize-draw:${current.week}:draw`, runAt: drawAt(new Date(existing.endsAt)), payload: { week: current.week } });
  }
}

/**
 * Commits a week's draw: a fresh random seed, and its SHA-256 published from now on. A commit
 * that runs only after the week began (the server was down) commits nothing for that week:
 * a seed drawn after entries started to form is not a commitment. Either way the next week's
 * commit is scheduled.
 */
export async function commitWeek(tx: DbOrTx, week: string, now: Date, logger: Logger): Promise<void> {
  const w = prizeWeekOf(new Date(`${week}T12:00:00Z`));
  await scheduleCommit(tx, nextPrizeWeek(w.week), now);
  if (now >= w.startsAt) {
    logger.warn({ week }, 'Prize draw not committed before its week started; that week has no draw');
    return;
  }
  const seed = randomBytes(32).toString('hex');
  await insertDraw(tx, { week: w.week, startsAt: w.startsAt, endsAt: w.endsAt, seed, commitment: seedCommitment(seed), prizePoints: PRIZE_DRAW_POINTS, committedAt: now });
  await scheduleJob(tx, { name: PRIZE_DRAW_JOBS.draw, key: `prize-draw:${w.week}:draw`, runAt: drawAt(w.endsAt), payload: { week: w.week } });
}

/**
 * Draws a week once: its entries (one per household that took part), the winner by the domain's
 * rule, the prize through the ledger under a key per draw, and the winner's email, all in the
 * job's transaction.
 */
export async function drawWeek(tx: DbOrTx, week: string, now: Date, deps: { mailer: Mailer; publicUrl: string }): Promise<DrawRow | null> {
  const draw = await findDrawByWeek(tx, week, true);
  if (!draw || draw.status === 'drawn') return draw;
  const households = await participantsBetween(tx, new Date(draw.startsAt), new Date(draw.endsAt));
  const entries = households.map((householdId) => ({ householdId, entry: entryToken(draw.id, householdId) }));
  await insertEntries(tx, draw.id, entries);
  const result = drawWinner(draw.seed, entries.map((e) => e.entry));
  let winnerHouseholdId: string | null = null;
  let transferId: string | null = null;
  if (result) {
    winnerHouseholdId = entries.find((e) => e.entry === result.winner)!.householdId;
    const key = `prize-draw:${draw.id}`;
    const member = await memberAccountId(tx, winnerHouseholdId);
    const prizes = await houseAccountId(tx, PRIZE_ISSUANCE);
    await insertTransfer(tx, key, 'prize', { drawId: draw.id, week: draw.week }, [
      { accountId: prizes, amount: -draw.prizePoints },
      { accountId: member, amount: draw.prizePoints },
    ]);
    transferId = await transferIdByKey(tx, key);
    const contact = await householdContact(tx, winnerHouseholdId);
    if (contact) {
      const rendered = prizeWinnerTemplate(contact.language, { name: contact.name, points: draw.prizePoints, week: draw.week, rewardsUrl: `${deps.publicUrl}/rewards` });
      await deps.mailer.sendRecorded({ to: contact.email, kind: 'prize-winner', language: contact.language, ...rendered, messageId: `<prize-draw-${draw.id}@peakwise.ca>`, headers: {} }, tx);
    }
  }
  await markDrawn(tx, draw.id, { entries: entries.length, digest: result?.digest ?? null, winnerEntry: result?.winner ?? null, winnerHouseholdId, transferId }, now);
  return findDrawByWeek(tx, week);
}

/** What anyone may see of a draw: the seed only once drawn. */
export function drawView(draw: DrawRow, myEntry: string | null): PrizeDraw {
  const drawn = draw.status === 'drawn';
  return {
    id: draw.id,
    week: draw.week,
    startsAt: draw.startsAt,
    endsAt: draw.endsAt,
    commitment: draw.commitment,
    committedAt: draw.committedAt,
    prizePoints: draw.prizePoints,
    status: draw.status,
    seed: drawn ? draw.seed : null,
    digest: drawn ? draw.digest : null,
    entries: drawn ? draw.entries : null,
    winnerEntry: drawn ? draw.winnerEntry : null,
    drawnAt: draw.drawnAt,
    myEntry,
    won: drawn && myEntry !== null && myEntry === draw.winnerEntry,
  };
}
