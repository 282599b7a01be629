import type { CommandPublisher } from '../modules/devices/plug-command.service';
import { confirmSentCommands, powerDownForEvent, restoreAfterEvent, sendDecidedCommands } from '../modules/events/event-plug-automation.service';
import { checkComfort, sendComfortCommands } from '../modules/events/event-comfort.service';
import { findEvent } from '../modules/events/events.repository';
import { EVENT_JOBS, moveEvent } from '../modules/events/events.service';
import { settleEndedEvent } from '../modules/events/event-settlement.service';
import { freezeEventBaselines } from '../modules/events/frozen-baselines.service';
import type { JobHandler } from './durable-worker';

const eventIdOf = (payload: Record<string, unknown>) => {
  if (typeof payload.eventId !== 'string') throw new Error('Event job without an eventId');
  return payload.eventId;
};

/** The timed steps of an Energy Saving Event (decision 034), each run once by the durable worker. */
export const eventJobHandlers: Record<string, JobHandler> = {
  [EVENT_JOBS.start]: async ({ tx, job, now }) => {
    const event = await findEvent(tx, eventIdOf(job.payload), true);
    if (!event) return;
    // Last chance for a home that had too little history (or no frozen row): after this, fixed.
    await freezeEventBaselines(tx, event, now);
    await moveEvent(tx, event, 'start', now);
  },
  [EVENT_JOBS.freezeBaselines]: async ({ tx, job, now }) => {
    const event = await findEvent(tx, eventIdOf(job.payload));
    if (event && event.startsAt.getTime() > now.getTime()) await freezeEventBaselines(tx, event, now);
  },
  [EVENT_JOBS.end]: async ({ tx, job, now }) => {
    const event = await findEvent(tx, eventIdOf(job.payload), true);
    if (event) await moveEvent(tx, event, 'end', now);
  },
  [EVENT_JOBS.settle]: async ({ tx, job, now }) => {
    const run = await settleEndedEvent(tx, eventIdOf(job.payload), now);
    if (run.retryAt) return { retryAt: run.retryAt };
  },
};

/** Plug automation during events (decision 037): decide at the start, restore at the end, then send. */
export function eventPlugJobHandlers(publisher: CommandPublisher | undefined): Record<string, JobHandler> {
  return {
    [EVENT_JOBS.plugsOff]: ({ tx, job, now }) => powerDownForEvent(tx, eventIdOf(job.payload), now),
    [EVENT_JOBS.plugsRestore]: ({ tx, job, now }) => restoreAfterEvent(tx, eventIdOf(job.payload), now),
    [EVENT_JOBS.plugsSend]: ({ tx, job, now }) => {
      const phase = job.payload.phase;
      if (phase !== 'off' && phase !== 'restore') throw new Error('Plug command job without a phase');
      return sendDecidedCommands(tx, publisher, eventIdOf(job.payload), phase, now);
    },
    [EVENT_JOBS.plugsConfirm]: ({ tx, job, now }) => confirmSentCommands(tx, eventIdOf(job.payload), now),
    [EVENT_JOBS.comfortCheck]: ({ tx, job, now }) => checkComfort(tx, eventIdOf(job.payload), now),
    [EVENT_JOBS.comfortSend]: ({ tx, job, now }) => sendComfortCommands(tx, publisher, eventIdOf(job.payload), now),
  };
}
