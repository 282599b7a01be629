import { OPENADR_MESSAGES, type OpsOpenAdrVtn } from '@peakwise/contracts/openadr.contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findProgramById } from '../events/event-programs.repository';
import { listSentReports } from './openadr-reports.repository';
import { findVtn, listOpenAdrEvents, listVtns, programMaps, setProgramMap } from './openadr.repository';

/** The latest VTN events (and reports) shown per connection; older ones stay in the table. */
const EVENTS_SHOWN = 100;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Each VTN connection as /ops shows it: state, programs and their mapping, events and what they became. No secret is part of it. */
export async function opsOpenAdr(db: DbOrTx): Promise<OpsOpenAdrVtn[]> {
  const out: OpsOpenAdrVtn[] = [];
  for (const vtn of await listVtns(db)) {
    out.push({
      id: vtn.id,
      name: vtn.name,
      url: vtn.url,
      version: vtn.version,
      venName: vtn.venName,
      venId: vtn.venId,
      lastTokenAt: iso(vtn.lastTokenAt),
      lastPollAt: iso(vtn.lastPollAt),
      lastError: vtn.lastError,
      lastErrorAt: iso(vtn.lastErrorAt),
      failures: vtn.failures,
      retryAfter: iso(vtn.retryAfter),
      subscriptionStatus: vtn.subscriptionStatus,
      subscriptionError: vtn.subscriptionError,
      subscriptionCheckedAt: iso(vtn.subscriptionCheckedAt),
      reportError: vtn.reportError,
      reportErrorAt: iso(vtn.reportErrorAt),
      mqttStatus: vtn.mqttStatus,
      mqttBroker: vtn.mqttBroker,
      mqttTopics: vtn.mqttTopics,
      mqttError: vtn.mqttError,
      mqttChangedAt: iso(vtn.mqttChangedAt),
      mqttMessageAt: iso(vtn.mqttMessageAt),
      programs: await programMaps(db, vtn.id),
      events: (await listOpenAdrEvents(db, vtn.id, EVENTS_SHOWN)).map((e) => ({ ...e, firstSeenAt: e.firstSeenAt.toISOString(), updatedAt: e.updatedAt.toISOString() })),
      reports: (await listSentReports(db, vtn.id, EVENTS_SHOWN)).map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })),
    });
  }
  return out;
}

/** Which Peakwise program a VTN program's events feed; an unmapped event is taken up at the next poll. */
export async function mapVtnProgram(tx: DbOrTx, vtnId: string, vtnProgramId: string, programId: string | null, now: Date): Promise<void> {
  if (!(await findVtn(tx, vtnId))) throw new AppError(404, 'unknown_vtn', OPENADR_MESSAGES.unknownVtn);
  if (programId !== null && !(await findProgramById(tx, programId))) throw new AppError(404, 'unknown_program', OPENADR_MESSAGES.unknownProgram);
  if (!(await setProgramMap(tx, vtnId, vtnProgramId, programId, now))) throw new AppError(404, 'unknown_vtn_program', OPENADR_MESSAGES.unknownVtnProgram);
}
