import { DEMO_NEIGHBOURS } from '@peakwise/contracts/demo-account';
import type { ProgramInput } from '@peakwise/contracts/event-programs.contract';
import { addDays, isWeekend, localDateOf, zonedTimeToUtc, type LocalDate } from '@peakwise/domain/local-time';
import { eq } from 'drizzle-orm';
import { parsePostalCode } from '@peakwise/domain/postal-code';
import { planForProvince } from '@peakwise/domain/tariff-plans';
import type { Db } from '../db/client';
import { scheduleNextDemoEvent } from './demo-event-schedule';
import type { DemoNeighbour } from './neighbour-profiles';
import type { Auth } from '../modules/auth/auth';
import { ensureDemoNeighbourAccount } from '../modules/demo/seed-demo-account';
import { scheduleJob } from '../modules/durable-jobs/durable-jobs.repository';
import { findProgramIdByName } from '../modules/events/event-programs.repository';
import { createProgram } from '../modules/events/event-programs.service';
import { findEventAt, insertEvent, setParticipation } from '../modules/events/events.repository';
import { EVENT_JOBS, jobKey } from '../modules/events/events.service';
import { changeTariff, ensureHouseholdForUser } from '../modules/households/household.service';
import { changeHouseholdTimeZone } from '../modules/households/household-time-zone.service';
import { households } from '../db/schema/household.schema';
import { DAY_MS } from '@peakwise/domain/time-constants';

const WEEKDAYS = [1, 2, 3, 4, 5];

/** Today's program, as the demo always had it: Ontario evenings, all year. */
export function ontarioProgram(today: LocalDate): ProgramInput {
  const year = Number(today.slice(0, 4));
  return {
    name: 'Ontario Peak Saver',
    nameFr: 'Économies de pointe Ontario',
    provinces: ['ON'],
    seasonStart: `${year - 1}-01-01`,
    seasonEnd: `${year + 1}-12-31`,
    windows: [{ weekdays: WEEKDAYS, start: '16:00', end: '21:00' }],
    noticeHours: 4,
    rewardPoints: 100,
    targetPercent: 10,
  };
}

/**
 * The winter the demo runs in: November to March, stretched so that whenever the server first
 * starts its season holds a past event and an upcoming one.
 */
export function demoWinterSeason(today: LocalDate): { seasonStart: LocalDate; seasonEnd: LocalDate } {
  const year = Number(today.slice(0, 4));
  const autumn = Number(today.slice(5, 7)) >= 7 ? year : year - 1;
  const start = `${autumn}-11-01`;
  const end = `${autumn + 1}-03-31`;
  const earliest = addDays(today, -45);
  const latest = addDays(today, 60);
  return { seasonStart: start < earliest ? start : earliest, seasonEnd: end > latest ? end : latest };
}

type DemoProgram = { program: ProgramInput; zone: string; pastHours: [number, number]; upcomingHours: [number, number] };

export function provincialDemoPrograms(today: LocalDate): Record<'QC' | 'BC' | 'AB', DemoProgram> {
  const season = demoWinterSeason(today);
  return {
    QC: {
      program: {
        name: 'Québec Winter Challenge',
        nameFr: 'Défi hivernal Québec',
        provinces: ['QC'],
        ...season,
        windows: [
          { weekdays: WEEKDAYS, start: '06:00', end: '10:00' },
          { weekdays: WEEKDAYS, start: '16:00', end: '20:00' },
        ],
        noticeHours: 12,
        rewardPoints: 150,
        pointsPerKwh: 20,
        targetPercent: 15,
        preheat: true,
      },
      zone: 'America/Toronto',
      pastHours: [17, 19],
      upcomingHours: [6, 9],
    },
    BC: {
      program: { name: 'BC Peak Saver', nameFr: 'Économies de pointe C.-B.', provinces: ['BC'], ...season, windows: [{ weekdays: WEEKDAYS, start: '16:00', end: '21:00' }], noticeHours: 24, rewardPoints: 120, targetPercent: 10 },
      zone: 'America/Vancouver',
      pastHours: [17, 19],
      upcomingHours: [17, 19],
    },
    AB: {
      program: { name: 'Alberta Peak Rewards', nameFr: 'Récompenses de pointe Alberta', provinces: ['AB'], ...season, windows: [{ weekdays: WEEKDAYS, start: '16:00', end: '20:00' }], noticeHours: 12, rewardPoints: 100, pointsPerKwh: 10, targetPercent: 10 },
      zone: 'America/Edmonton',
      pastHours: [17, 19],
      upcomingHours: [17, 19],
    },
  };
}

/** The program by its name, created through the operator's path the first time (decision 103). */
export async function ensureDemoProgram(db: Db, program: ProgramInput, now: Date): Promise<string> {
  const existing = await findProgramIdByName(db, program.name);
  if (existing) return existing;
  return (await db.transaction((tx) => createProgram(tx, program, now))).id;
}

const weekday = (date: LocalDate) => !isWeekend(date);

export type DemoNeighbourHome = { who: DemoNeighbour; userId: string; householdId: string; pastEventId: string };

/**
 * The other provinces' demo members (decision 103): Montréal, Vancouver and Calgary, each with a
 * home, its province's program, a past event it took part in and an upcoming one, scheduled
 * through the operator's path, not yet opted in. Idempotent. The past event is handed to
 * settlement like any ended event: at once when nothing will report the home's readings
 * (`settlePastEvents`), else by the caller once the simulated home's history is in (a settlement
 * before that would find no baseline). Returns each home with its past event.
 */
export async function ensureDemoNeighbours(deps: { auth: Auth; db: Db }, operatorId: string, now: Date, options: { settlePastEvents: boolean }): Promise<DemoNeighbourHome[]> {
  const { db } = deps;
  const homes: DemoNeighbourHome[] = [];
  for (const who of DEMO_NEIGHBOURS) {
    const userId = await ensureDemoNeighbourAccount(deps, who);
    const household = await ensureHouseholdForUser(db, userId, { name: `${who.city} home`, postalCode: who.postalCode, province: who.province, timeZone: who.timeZone }, now);
    // The account's creation made the home with the defaults (Ontario, no postal code): put it
    // where it is, the way the demo household is put back (its zone re-cuts its days), priced with its province's plan.
    if (household.province !== who.province || household.postalCode === null) {
      const parsed = parsePostalCode(who.postalCode);
      await db.update(households).set({ name: `${who.city} home`, province: who.province, postalCode: parsed.ok ? parsed.code : null }).where(eq(households.id, household.id));
      await changeHouseholdTimeZone(db, household.id, who.timeZone);
      const plan = planForProvince(who.province);
      if (plan) await changeTariff(db, household.id, plan.id, localDateOf(now, who.timeZone));
    }
    const demo = provincialDemoPrograms(localDateOf(now, who.timeZone))[who.province];
    const programId = await ensureDemoProgram(db, demo.program, now);
    const today = localDateOf(now, demo.zone);

    let past = addDays(today, -1);
    while (!weekday(past)) past = addDays(past, -1);
    const pastStart = zonedTimeToUtc(past, demo.pastHours[0], 0, demo.zone);
    let pastEventId = await findEventAt(db, programId, pastStart);
    if (!pastEventId) {
      // A past event cannot be scheduled (its start is gone): it is stored as it would have been, opted in, then settled.
      pastEventId = await db.transaction(async (tx) => {
        const eventId = await insertEvent(tx, {
          programId,
          startsAt: pastStart,
          endsAt: zonedTimeToUtc(past, demo.pastHours[1], 0, demo.zone),
          rewardPoints: demo.program.rewardPoints,
          targetPercent: demo.program.targetPercent,
          pointsPerKwh: demo.program.pointsPerKwh ?? 0,
          createdBy: operatorId,
        });
        await setParticipation(tx, eventId, household.id, true, new Date(pastStart.getTime() - DAY_MS));
        if (options.settlePastEvents) await scheduleJob(tx, { name: EVENT_JOBS.settle, key: jobKey(eventId, 'settle'), runAt: now, payload: { eventId } });
        return eventId;
      });
    }

    // The next working day's event, and from six hours before it the one after (`scheduleNextDemoEvent`).
    const schedule = { programId, operatorId, province: who.province, zone: demo.zone, hours: demo.upcomingHours };
    await db.transaction((tx) => scheduleNextDemoEvent(tx, schedule, now, today));
    homes.push({ who, userId, householdId: household.id, pastEventId });
  }
  return homes;
}
