import { openAdrAsksPerResource, openAdrReportIntervals, openAdrReportTotals, openAdrReportUnits, type OpenAdrReportUnits, type ReportFigure } from '@peakwise/domain/openadr-report';
import type { DbOrTx } from '../../db/client';
import { opsLiveEvent } from '../events/ops-live-event.service';
import { OpenAdrFault, type OpenAdrClient } from './openadr-client';
import { consentedHomeFigures, dueReports, settledFigures, type DueReport, type SentReport } from './openadr-reports.repository';
import { homeResourceNameFor, resourceNameFor } from './openadr-resource-name';

/*
 * Reports to the VTN (decision 110), sent while a poll asks its questions. One report per VTN event,
 * created once and then updated in place (PUT): provisional at every poll while the event runs, from
 * the same sums an operator watches live; final once the event is settled, from the settlement's own
 * results, and again only if a late reading re-settles it. Before creating one, the VEN looks for it
 * by event, client name and report name, so a report sent just before a crash is updated, never made
 * twice. Figures are summed over the opted-in homes under the program's one resource. A home's own
 * figures go only in a final report whose descriptors ask for each resource, and only for a home
 * whose member agreed (decision 121), under a name that does not identify it; the others stay in
 * the sum alone. A provisional report is the sum only.
 */

export type ReportRun = { sent: SentReport[]; error: string | null };

const SLOT_MS = 300_000;

const reportNameFor = (vtnEventId: string) => `peakwise-${vtnEventId}`;

export async function sendDueReports(db: DbOrTx, client: OpenAdrClient, vtn: { id: string; venName: string }, now: Date): Promise<ReportRun> {
  const sent: SentReport[] = [];
  try {
    for (const due of await dueReports(db, vtn.id, now)) {
      const units = openAdrReportUnits(due.descriptors);
      if (units === null) continue;
      const figures = due.stage === 'final' ? await settledFigures(db, due.eventId) : await liveFigures(db, due.eventId, now);
      const homes =
        due.stage === 'final' && openAdrAsksPerResource(due.descriptors)
          ? (await consentedHomeFigures(db, due.eventId)).map((h) => ({ resourceName: homeResourceNameFor(vtn.id, h.householdId), figures: h.figures }))
          : [];
      const body = openAdrReportBody(client.version, due, vtn.venName, figures, units, homes);
      const vtnReportId = due.vtnReportId ?? (await findReport(client, due, vtn.venName));
      const saved = vtnReportId
        ? await client.call<{ id: string }>('put', '/reports/{reportID}', { path: { reportID: vtnReportId }, body })
        : await client.call<{ id: string }>('post', '/reports', { body });
      sent.push({ vtnEventId: due.vtnEventId, eventId: due.eventId, vtnReportId: saved.id, stage: due.stage, settlementVersion: due.stage === 'final' ? due.settlementVersion : null, ...openAdrReportTotals(figures) });
    }
    return { sent, error: null };
  } catch (error) {
    // Whatever stopped a report (the VTN, or its figures) is the reports' fault: the poll's events still go in.
    return { sent, error: error instanceof OpenAdrFault ? error.message : `Unexpected: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The report as the VTN gets it: the program's resource (the sum), then each agreeing home's, intervals from the event's start. */
export function openAdrReportBody(
  version: OpenAdrClient['version'],
  due: Pick<DueReport, 'vtnEventId' | 'vtnProgramId' | 'programId' | 'startsAt'>,
  clientName: string,
  figures: ReportFigure[],
  units: OpenAdrReportUnits,
  homes: { resourceName: string; figures: ReportFigure[] }[] = [],
) {
  const intervalPeriod = { start: due.startsAt.toISOString().replace('.000Z', 'Z'), duration: 'PT5M' };
  return {
    // 3.0.1 ties a report to its program too; 3.1 knows it from the event.
    ...(version === '3.0.1' ? { programID: due.vtnProgramId } : {}),
    eventID: due.vtnEventId,
    clientName,
    reportName: reportNameFor(due.vtnEventId),
    payloadDescriptors: ['BASELINE', units === 'KW' ? 'DEMAND' : 'USAGE'].map((payloadType) => ({ objectType: 'REPORT_PAYLOAD_DESCRIPTOR', payloadType, units })),
    resources: [
      { resourceName: resourceNameFor(due.programId), intervalPeriod, intervals: openAdrReportIntervals(figures, units) },
      ...homes.map((home) => ({ resourceName: home.resourceName, intervalPeriod, intervals: openAdrReportIntervals(home.figures, units) })),
    ],
  };
}

async function findReport(client: OpenAdrClient, due: DueReport, clientName: string): Promise<string | null> {
  const found = await client.call<{ id: string; reportName?: string | null }[]>('get', '/reports', { query: { eventID: due.vtnEventId, clientName, limit: 50 } });
  return found.find((r) => r.reportName === reportNameFor(due.vtnEventId))?.id ?? null;
}

/** The live sums an operator watches, per elapsed interval, back in kWh. */
async function liveFigures(db: DbOrTx, eventId: string, now: Date): Promise<ReportFigure[]> {
  const live = await opsLiveEvent(db, eventId, now);
  const first = Math.floor(new Date(live.startsAt).getTime() / SLOT_MS) * SLOT_MS;
  return live.intervals.map((i) => ({ index: Math.round((new Date(i.startsAt).getTime() - first) / SLOT_MS), baselineKwh: (i.baselineKw * SLOT_MS) / 3_600_000, actualKwh: i.actualKw === null ? null : (i.actualKw * SLOT_MS) / 3_600_000 }));
}
