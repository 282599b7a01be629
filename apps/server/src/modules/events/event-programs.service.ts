import { PROGRAM_DEFAULTS, PROGRAM_MESSAGES, PROGRAM_PROBLEM_MESSAGES, type Program, type ProgramInput, type ProgramUpdate } from '@peakwise/contracts/event-programs.contract';
import { programProblems, type ProgramStatus } from '@peakwise/domain/event-program';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { scheduleJob } from '../durable-jobs/durable-jobs.repository';
import { findProgramById, insertProgram, otherLivePrograms, updateProgram, type ProgramValues } from './event-programs.repository';

/** Tells the members who asked to hear when a program covers their home (decision 103). */
export const PROGRAM_STARTED_JOB = 'program.started';

/**
 * Programs as operators' data: create, update (edit, pause, resume, end), get, list. The one path
 * for the console, the demo seeder and (later) OpenADR's mapping. An edit changes the program
 * only: each event copied its terms when it was scheduled.
 */

async function refuseInvalid(tx: DbOrTx, values: ProgramValues, exceptId: string | null) {
  const problems = programProblems(values, await otherLivePrograms(tx, exceptId));
  if (problems.length > 0) {
    // Details in the shape of a validation refusal (path, message), the path naming the problem for the console to translate.
    throw new AppError(
      400,
      'invalid_program',
      `${PROGRAM_MESSAGES.invalid} ${problems.map((p) => PROGRAM_PROBLEM_MESSAGES[p]).join(' ')}`,
      problems.map((code) => ({ path: code, message: PROGRAM_PROBLEM_MESSAGES[code] })),
    );
  }
}

function withDefaults(input: ProgramInput): ProgramValues {
  return {
    ...PROGRAM_DEFAULTS,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    fsas: input.fsas && input.fsas.length > 0 ? [...new Set(input.fsas)] : null,
    provinces: [...new Set(input.provinces)],
  } as ProgramValues;
}

async function announceStart(tx: DbOrTx, id: string, now: Date) {
  await scheduleJob(tx, { name: PROGRAM_STARTED_JOB, key: `program:${id}:started:${now.getTime()}`, runAt: now, payload: { programId: id } });
}

export async function createProgram(tx: DbOrTx, input: ProgramInput, now: Date): Promise<Program> {
  const values = withDefaults(input);
  await refuseInvalid(tx, values, null);
  const id = await insertProgram(tx, values);
  if (!id) throw new AppError(409, 'program_name_taken', PROGRAM_MESSAGES.nameTaken);
  await announceStart(tx, id, now);
  return (await findProgramById(tx, id))!;
}

const ALLOWED_MOVES: Record<ProgramStatus, readonly ProgramStatus[]> = { active: ['active', 'paused', 'ended'], paused: ['paused', 'active', 'ended'], ended: [] };

export async function changeProgram(tx: DbOrTx, id: string, update: ProgramUpdate, now: Date): Promise<Program> {
  const current = await findProgramById(tx, id, true);
  if (!current) throw new AppError(404, 'not_found', PROGRAM_MESSAGES.notFound);
  if (current.status === 'ended') throw new AppError(409, 'program_ended', PROGRAM_MESSAGES.ended);
  const status = update.status ?? current.status;
  if (!ALLOWED_MOVES[current.status].includes(status)) throw new AppError(409, 'program_ended', PROGRAM_MESSAGES.ended);
  const { id: _id, status: _status, ...stored } = current;
  const values = withDefaults({ ...stored, ...Object.fromEntries(Object.entries(update).filter(([k, v]) => v !== undefined && k !== 'status')) } as ProgramInput);
  // An ended program is over whatever its terms; a live one must stay valid.
  if (status !== 'ended') await refuseInvalid(tx, values, id);
  if (!(await updateProgram(tx, id, { ...values, status }, now))) throw new AppError(409, 'program_name_taken', PROGRAM_MESSAGES.nameTaken);
  // Resumed, or moved to new places: members waiting there hear of it.
  if (status === 'active') await announceStart(tx, id, now);
  return (await findProgramById(tx, id))!;
}

export async function getProgram(db: DbOrTx, id: string): Promise<Program> {
  const program = await findProgramById(db, id);
  if (!program) throw new AppError(404, 'not_found', PROGRAM_MESSAGES.notFound);
  return program;
}
