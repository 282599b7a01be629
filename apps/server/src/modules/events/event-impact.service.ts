import { HOLDOUT_MESSAGES, type OpsEventImpact } from '@peakwise/contracts/event-holdout.contract';
import { EVENT_MESSAGES } from '@peakwise/contracts/events.contract';
import { holdoutImpact } from '@peakwise/domain/holdout-impact';
import { INTERVAL_MS } from '@peakwise/domain/time-constants';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { baselineSavings, findDraw, windowUseByArm } from './event-holdout.repository';
import { findEvent } from './events.repository';

const CONFIDENCE = 0.95;

/**
 * The program's impact on a settled event, measured against its random hold-out (decision 100):
 * called minus held out over the event window, per household and scaled to every called
 * household, beside what the settled baselines say was saved.
 */
export async function eventImpact(db: DbOrTx, eventId: string): Promise<OpsEventImpact> {
  const event = await findEvent(db, eventId);
  if (!event) throw new AppError(404, 'not_found', EVENT_MESSAGES.notFound);
  if (event.status !== 'settled') throw new AppError(409, 'impact_not_ready', HOLDOUT_MESSAGES.impactNotReady);
  const [draw, baseline] = [await findDraw(db, eventId), await baselineSavings(db, eventId)];
  const slots = Math.round((event.endsAt.getTime() - event.startsAt.getTime()) / INTERVAL_MS);
  const arms = draw ? await windowUseByArm(db, eventId, event.startsAt, event.endsAt, slots) : { uses: [], called: 0, heldOut: 0 };
  const impact = holdoutImpact(
    {
      calledKwh: arms.uses.filter((u) => !u.heldOut).map((u) => u.kwh),
      heldOutKwh: arms.uses.filter((u) => u.heldOut).map((u) => u.kwh),
      calledHouseholds: arms.called,
      baselineSavedKwh: baseline.savedKwh,
    },
    CONFIDENCE,
  );
  const status = !draw || draw.heldOut === 0 ? 'no_holdout' : impact.perHousehold ? 'measured' : 'too_few';
  const measured = status === 'measured';
  const p = impact.perHousehold;
  return {
    eventId,
    status,
    holdoutPercent: draw?.percent ?? 0,
    seed: draw?.seed ?? null,
    calledHouseholds: arms.called,
    heldOutHouseholds: arms.heldOut,
    calledMeasured: impact.called.n,
    heldOutMeasured: impact.heldOut.n,
    calledMeanKwh: impact.called.n > 0 ? impact.called.mean : null,
    heldOutMeanKwh: impact.heldOut.n > 0 ? impact.heldOut.mean : null,
    perHousehold: measured && p ? { differenceKwh: p.difference, low: p.low, high: p.high, degreesOfFreedom: p.df } : null,
    total: measured ? impact.total : null,
    baseline,
    baselineBiasKwh: measured ? impact.baselineBiasKwh : null,
    baselineBiasPercent: measured ? impact.baselineBiasPercent : null,
    confidence: CONFIDENCE,
  };
}
