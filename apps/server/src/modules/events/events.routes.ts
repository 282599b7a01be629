import { z } from '@hono/zod-openapi';
import { type BaselineOutlookView, liveScorecardSchema, memberEventDetailSchema, memberEventSchema, nextEventSchema, upcomingEventsSchema, type EventResult } from '@peakwise/contracts/events.contract';
import type { Db } from '../../db/client';
import { createRouter, errorResponse as error, signedInRoute } from '../../lib/create-router';
import type { Auth } from '../auth/auth';
import { requireHousehold } from '../households/household.middleware';
import { eventOutlook } from './event-baseline-outlook.service';
import { memberScorecard } from './event-scorecard.service';
import { findResult, type StoredResult } from './events.repository';
import { frozenBaselinesOfHousehold } from './frozen-baselines.repository';
import { memberEvent, nextEvent, setOptIn, upcomingEvents } from './events.service';
import { resultProof } from './event-proof.service';

const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const eventParams = z.object({ id: z.uuid({ error: 'No such event.' }) });

function resultView(stored: StoredResult): EventResult {
  const detail = stored.detail as Partial<{
    reason: string | null;
    baselineDays: string[];
    dayKind: EventResult['dayKind'];
    adjustmentMethod: EventResult['adjustmentMethod'];
    adjustmentWindowGapMinutes: number;
    adjustmentPeers: number | null;
    adjustmentFactor: number | null;
    adjustmentUnclamped: number | null;
    adjustmentStatus: EventResult['adjustmentStatus'];
    missingSlots: string[];
    reductionPercent: number | null;
    targetMet: boolean;
    minimumCutKwh: number;
    intervals: EventResult['intervals'];
    fromGrid: boolean;
    grossLoad: EventResult['grossLoad'];
    sunMatched: EventResult['sunMatched'];
    baselineFromEventDay: true;
    pointsPerKwh: number;
    kwhBeyondTarget: number;
    kwhPoints: number;
  }>;
  // Read back as settlement stored it (decision 098): the explanation never recomputes a figure.
  return {
    outcome: stored.outcome,
    reason: detail.reason ?? null,
    baselineDays: detail.baselineDays ?? [],
    dayKind: detail.dayKind ?? null,
    adjustmentMethod: detail.adjustmentMethod ?? null,
    adjustmentWindowGapMinutes: detail.adjustmentWindowGapMinutes ?? null,
    adjustmentPeers: detail.adjustmentPeers ?? null,
    adjustmentFactor: detail.adjustmentFactor ?? null,
    adjustmentUnclamped: detail.adjustmentUnclamped ?? null,
    adjustmentStatus: detail.adjustmentStatus ?? null,
    missingIntervals: detail.missingSlots?.length ?? 0,
    baselineKwh: stored.baselineKwh ?? 0,
    actualKwh: stored.actualKwh ?? 0,
    reductionKwh: stored.reductionKwh ?? 0,
    reductionPercent: detail.reductionPercent ?? null,
    targetMet: detail.targetMet ?? false,
    ...(detail.minimumCutKwh !== undefined ? { minimumCutKwh: detail.minimumCutKwh } : {}),
    points: stored.points,
    ...(detail.pointsPerKwh ? { kwhPay: { pointsPerKwh: detail.pointsPerKwh, kwhBeyondTarget: detail.kwhBeyondTarget ?? 0, points: detail.kwhPoints ?? 0 } } : {}),
    intervals: detail.intervals ?? [],
    fromGrid: detail.fromGrid ?? false,
    ...(detail.grossLoad ? { grossLoad: detail.grossLoad } : {}),
    ...(detail.sunMatched ? { sunMatched: detail.sunMatched } : {}),
    ...(detail.baselineFromEventDay ? { baselineFromEventDay: true as const } : {}),
    settledAt: stored.settledAt,
  };
}

/** Energy Saving Events as a member sees them (their points: modules/points/points.routes.ts). */
export function createEventsRoutes(deps: { auth: Auth; db: Db; clock: () => Date }) {
  const member = requireHousehold(deps);
  const next = signedInRoute({
    method: 'get',
    path: '/api/events/next',
    tags: ['events'],
    summary: 'The next (or running) Energy Saving Event for the member’s home, with their opt-in',
    middleware: [member] as const,
    responses: { 200: json('The event, or null', nextEventSchema) },
  });
  const upcoming = signedInRoute({
    method: 'get',
    path: '/api/events/upcoming',
    tags: ['events'],
    summary: 'The running and scheduled Energy Saving Events of the member’s area, soonest first, with their reward and the member’s opt-in',
    middleware: [member] as const,
    responses: { 200: json('Up to five events', upcomingEventsSchema) },
  });
  const detail = signedInRoute({
    method: 'get',
    path: '/api/events/{id}',
    tags: ['events'],
    summary: 'One event of the member’s area, with their settled result and the baseline it came from, or before it the baseline their home would be scored against (decision 098)',
    middleware: [member] as const,
    request: { params: eventParams },
    responses: { 200: json('Event and result', memberEventDetailSchema), 400: error('Malformed id'), 404: error('No such event in the member’s area') },
  });
  const optIn = signedInRoute({
    method: 'put',
    path: '/api/events/{id}/participation',
    tags: ['events'],
    summary: 'Opt in to or out of an event, until it starts',
    middleware: [member] as const,
    request: { params: eventParams, body: { content: { 'application/json': { schema: z.object({ optedIn: z.boolean() }) } }, required: true } },
    responses: {
      200: json('The event with the member’s choice', memberEventSchema),
      400: error('Invalid body'),
      404: error('No such event in the member’s area'),
      409: error('The event has started or was cancelled, or the home takes part in an event at the same time of another program and one of the two programs is exclusive (exclusive_program)'),
    },
  });
  const scorecard = signedInRoute({
    method: 'get',
    path: '/api/events/{id}/scorecard',
    tags: ['events'],
    summary: 'The live, provisional scorecard of a running event for the member’s home (decision 038)',
    middleware: [member] as const,
    request: { params: eventParams },
    responses: {
      200: json('Baseline against actual so far, kWh saved and points on track; provisional', liveScorecardSchema),
      400: error('Malformed id'),
      404: error('No such event in the member’s area'),
      409: error('Not started, cancelled, or the home did not opt in'),
    },
  });

  return createRouter()
    .openapi(next, async (c) => {
      const { household } = c.var;
      const now = deps.clock();
      const event = await nextEvent(deps.db, household, now);
      // The banner's promise must hold for this home: it is told what the event can pay it.
      return c.json({ event, outlook: event ? await eventOutlook(deps.db, household, event, now) : null }, 200);
    })
    .openapi(upcoming, async (c) => {
      const { household } = c.var;
      const now = deps.clock();
      const events = await upcomingEvents(deps.db, household, now);
      // What each event can pay this home, so the list promises no points it cannot earn.
      const outlooks: Record<string, BaselineOutlookView> = {};
      // The frozen baselines of the listed events in one read (decision 099), not one per event.
      const frozen = await frozenBaselinesOfHousehold(deps.db, household.id, events.filter((e) => e.optedIn).map((e) => e.id));
      for (const event of events) {
        const outlook = await eventOutlook(deps.db, household, event, now, frozen.get(event.id));
        if (outlook) outlooks[event.id] = outlook;
      }
      return c.json({ events, outlooks }, 200);
    })
    .openapi(detail, async (c) => {
      const { household } = c.var;
      const { id } = c.req.valid('param');
      const now = deps.clock();
      const event = await memberEvent(deps.db, household, id, now);
      const stored = await findResult(deps.db, id, household.id);
      // How its points are paid, with the member's season as it stands now (decision 140).
      const proof = await resultProof(deps.db, stored ? { eventId: id, points: stored.points, proof: stored.proof } : undefined, household, now);
      return c.json({ event, result: stored ? { ...resultView(stored), ...(proof ? { proof } : {}) } : null, outlook: await eventOutlook(deps.db, household, event, now) }, 200);
    })
    .openapi(scorecard, async (c) => {
      const { household } = c.var;
      c.header('Cache-Control', 'no-store');
      return c.json(await memberScorecard(deps.db, household, c.req.valid('param').id, deps.clock()), 200);
    })
    .openapi(optIn, async (c) => {
      const { household } = c.var;
      const { id } = c.req.valid('param');
      const { optedIn } = c.req.valid('json');
      const event = await deps.db.transaction((tx) => setOptIn(tx, household, id, optedIn, deps.clock()));
      return c.json(event, 200);
    });
}
