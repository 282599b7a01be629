import { languageSchema } from '@peakwise/contracts/account.contract';
import { findProgramById, claimWaitingMembers } from '../modules/events/event-programs.repository';
import { PROGRAM_STARTED_JOB } from '../modules/events/event-programs.service';
import type { Mailer } from '../modules/email/mailer';
import { programStartedTemplate } from '../modules/email/templates/program-started.template';
import type { JobHandler } from './durable-worker';

/**
 * A program started covering some homes (created, resumed or moved): the members there who asked
 * to be told are, by email, each once (decision 103). Claiming and sending share the job's
 * transaction: a send that fails rolls the claim back for the retry.
 */
export function programJobHandlers(deps: { mailer: Mailer; publicUrl: string }): Record<string, JobHandler> {
  return {
    [PROGRAM_STARTED_JOB]: async ({ tx, job, now }) => {
      const programId = job.payload.programId;
      if (typeof programId !== 'string') throw new Error('Program job without programId');
      const program = await findProgramById(tx, programId);
      if (!program || program.status !== 'active') return;
      for (const member of await claimWaitingMembers(tx, programId, now)) {
        const parsed = languageSchema.safeParse(member.language);
        const language = parsed.success ? parsed.data : 'en';
        const rendered = programStartedTemplate(language, {
          programName: language === 'fr' ? program.nameFr : program.name,
          seasonStart: program.seasonStart,
          seasonEnd: program.seasonEnd,
          programsUrl: `${deps.publicUrl}/app/programs`,
        });
        await deps.mailer.sendRecorded({ to: member.email, kind: 'program-started', language, ...rendered, messageId: `<program-${programId}-${member.householdId}@peakwise.ca>`, headers: {} }, tx);
      }
    },
  };
}
