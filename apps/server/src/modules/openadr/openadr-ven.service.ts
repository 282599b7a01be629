import { createHash } from 'node:crypto';
import { EVENT_MAX_HOURS } from '@peakwise/contracts/events.contract';
import type { OpenAdrEventReason } from '@peakwise/contracts/openadr.contract';
import { openAdrEventWindow, type OpenAdrEventShape } from '@peakwise/domain/openadr-event-window';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { cancelEvent, editEvent, scheduleEvent } from '../events/events.service';
import { OpenAdrFault, type OpenAdrClient } from './openadr-client';
import { listAll } from './openadr-listing';
import { recordReportError, saveSentReport } from './openadr-reports.repository';
import { sendDueReports, type ReportRun } from './openadr-reports.service';
import { checkNotifier, type NotifierCheck } from './openadr-notifier.service';
import { resourceNameFor } from './openadr-resource-name';
import { recordSubscriptionState, retireSubscriptionRows, saveSubscription } from './openadr-subscriptions.repository';
import { checkSubscriptions, retireSubscriptions, type SubscriptionCheck } from './openadr-subscriptions.service';
import {
  ensureVtn,
  findOpenAdrEvent,
  findVtn,
  liveOpenAdrEventIds,
  peakwisePrograms,
  programMaps,
  recordPollFailure,
  recordPollSuccess,
  resourcesOf,
  saveOpenAdrEvent,
  saveResource,
  seeVtnProgram,
  setVenId,
  type OpenAdrEventRow,
  type VtnRow,
} from './openadr.repository';

/*
 * One poll of one VTN (decisions 104, 110), in two parts so that no transaction is open while the
 * VTN is asked anything: `fetchVtn` enrols (finds or creates our ven, one resource per Peakwise
 * program area) and reads every program and event; `applyVtnSnapshot` then brings the Peakwise
 * events in line in one short transaction. Everything the fetch sends is safe to repeat (it finds
 * before it creates), so a crash between the two repeats the fetch and loses nothing. Each VTN
 * event is applied in a savepoint of its own, so a refusal leaves nothing of it half-written.
 */

type VtnObject = { id: string; modificationDateTime?: string };
type VtnProgram = VtnObject & { programName: string };
type VtnEvent = VtnObject & OpenAdrEventShape & { programID: string; eventName?: string | null; reportDescriptors?: unknown[] | null };

/** More than this many pages of programs or events is a VTN misbehaving, not a program list. */
const MAX_PAGES = 40;

export type PollResult = { ok: true; applied: number; unchanged: number } | { ok: false; error: string; retryAt: Date };

/** The back-off after failed polls in a row: 1, 2, 4 … minutes, at most an hour, or longer when the VTN says so. */
export function openAdrBackoffMs(failures: number, retryAfterMs?: number): number {
  const ours = Math.min(60, 2 ** Math.max(0, failures - 1)) * 60_000;
  return Math.max(ours, retryAfterMs ?? 0);
}

/** `name`: the configuration's (decision 121); the first VTN's, 'default', when left out. */
export type VtnIdentity = { url: string; version: '3.0.1' | '3.1.1'; venName: string; name?: string };

type Resource = { resourceName: string; programId: string; vtnResourceId: string };

/** What one fetch learnt from the VTN, to be written in one transaction; or the fault that ended it. */
export type VtnSnapshot = { vtnId: string; lastTokenAt: Date | null } & (
  | { ok: true; venId: string; enrolled: boolean; resources: Resource[]; programs: VtnProgram[]; events: VtnEvent[]; subscriptions: SubscriptionCheck; reports: ReportRun; notifier: NotifierCheck }
  | { ok: false; error: string; retryAfterMs: number | undefined }
);

/**
 * Asks the VTN; writes nothing but the VTN's own row (made on first start) and, before a bearer
 * token goes to the VTN, its hash. `callbackUrl`: this server as the VTN reaches it; without it the
 * VEN only polls.
 */
export async function fetchVtn(db: DbOrTx, client: OpenAdrClient, identity: VtnIdentity, now: Date, callbackUrl?: string): Promise<VtnSnapshot> {
  const vtn = await ensureVtn(db, identity);
  const known = new Set((await resourcesOf(db, vtn.id)).map((r) => r.resourceName));
  const programs = await peakwisePrograms(db);
  try {
    const venId = vtn.venId ?? (await enrol(client, vtn));
    const resources = await registerResources(client, venId, programs.filter((p) => !known.has(resourceNameFor(p.id))));
    const vtnPrograms = await listAll<VtnProgram>(client, '/programs', { maxPages: MAX_PAGES });
    const events = await listAll<VtnEvent>(client, '/events', { maxPages: MAX_PAGES });
    // A 3.1.1 VTN with an MQTT broker tells us there (decision 114); webhooks are for the others.
    const notifier = await checkNotifier(client, vtnPrograms.map((p) => p.id));
    // A VTN that refuses subscriptions is still polled: its fault is the subscription's, not the poll's.
    // Under MQTT the webhooks made before it was offered are deleted on the VTN (decision 121).
    const subscriptions =
      notifier.kind === 'mqtt' ? await retireSubscriptions(db, client, vtn) : await checkSubscriptions(db, client, vtn, callbackUrl, vtnPrograms.map((p) => p.id), now);
    // Reports too: one refused is recorded as the reports' fault, and tried again at the next poll.
    const reports = await sendDueReports(db, client, vtn, now);
    return { vtnId: vtn.id, lastTokenAt: client.lastTokenAt(), ok: true, venId, enrolled: vtn.venId === null, resources, programs: vtnPrograms, events, subscriptions, reports, notifier };
  } catch (error) {
    const message = error instanceof OpenAdrFault ? error.message : `Unexpected: ${error instanceof Error ? error.message : String(error)}`;
    return { vtnId: vtn.id, lastTokenAt: client.lastTokenAt(), ok: false, error: message, retryAfterMs: error instanceof OpenAdrFault ? error.retryAfterMs : undefined };
  }
}

/** Writes what a fetch learnt: the whole of it in a savepoint, so a fault half-way records the fault and nothing else. */
export async function applyVtnSnapshot(tx: DbOrTx, snapshot: VtnSnapshot, now: Date): Promise<PollResult> {
  const vtnId = snapshot.vtnId;
  const failed = async (message: string, retryAfterMs: number | undefined): Promise<PollResult> => {
    const failures = (await findVtn(tx, vtnId))?.failures ?? 0;
    const retryAt = new Date(now.getTime() + openAdrBackoffMs(failures + 1, retryAfterMs));
    await recordPollFailure(tx, vtnId, now, message, retryAt, snapshot.lastTokenAt);
    return { ok: false, error: message, retryAt };
  };
  if (!snapshot.ok) return failed(snapshot.error, snapshot.retryAfterMs);
  try {
    const result = await tx.transaction(async (poll) => {
      if (snapshot.enrolled) await setVenId(poll, vtnId, snapshot.venId);
      for (const resource of snapshot.resources) await saveResource(poll, vtnId, resource);
      for (const program of snapshot.programs) await seeVtnProgram(poll, vtnId, program.id, program.programName, now);
      for (const held of snapshot.subscriptions.held) await saveSubscription(poll, vtnId, held, now);
      if (snapshot.subscriptions.retired) await retireSubscriptionRows(poll, vtnId, now);
      await recordSubscriptionState(poll, vtnId, snapshot.subscriptions.status, snapshot.subscriptions.error, now);
      for (const report of snapshot.reports.sent) await saveSentReport(poll, vtnId, report, now);
      if (snapshot.reports.error !== null || snapshot.reports.sent.length > 0) await recordReportError(poll, vtnId, snapshot.reports.error, now);
      const mapped = new Map((await programMaps(poll, vtnId)).map((m) => [m.vtnProgramId, m.programId]));
      let applied = 0;
      for (const event of snapshot.events) if (await applyVtnEvent(poll, vtnId, event, mapped.get(event.programID) ?? null, now)) applied += 1;
      // An event the VTN no longer lists was withdrawn: deleting it is how a VTN cancels one.
      const listed = new Set(snapshot.events.map((e) => e.id));
      for (const vtnEventId of await liveOpenAdrEventIds(poll, vtnId)) if (!listed.has(vtnEventId) && (await withdrawVtnEvent(poll, vtnId, vtnEventId, now))) applied += 1;
      return { applied, unchanged: snapshot.events.length - applied };
    });
    await recordPollSuccess(tx, vtnId, now, snapshot.lastTokenAt);
    return { ok: true, ...result };
  } catch (error) {
    return failed(`Unexpected: ${error instanceof Error ? error.message : String(error)}`, undefined);
  }
}

/** Both parts, the write in a transaction of its own (tests, and anything not on the durable schedule). */
export async function pollVtn(db: Db, client: OpenAdrClient, identity: VtnIdentity, now: Date, callbackUrl?: string): Promise<PollResult> {
  const snapshot = await fetchVtn(db, client, identity, now, callbackUrl);
  return db.transaction((tx) => applyVtnSnapshot(tx, snapshot, now));
}

/** Finds our ven by name (a restart, or a second server) before creating it. */
async function enrol(client: OpenAdrClient, vtn: VtnRow): Promise<string> {
  const found = await client.call<{ id: string; venName: string }[]>('get', '/vens', { query: { venName: vtn.venName } });
  const mine = found.find((v) => v.venName === vtn.venName);
  const ven =
    mine ??
    (await client.call<{ id: string }>('post', '/vens', {
      // 3.1 tells a VEN's own request from a business logic one by objectType; 3.0.1 has one shape.
      body: client.version === '3.1.1' ? { objectType: 'VEN_VEN_REQUEST', venName: vtn.venName } : { venName: vtn.venName },
    }));
  return ven.id;
}

/** Each resource not registered yet, found by name (a fetch repeated after a crash) before it is created. */
async function registerResources(client: OpenAdrClient, venId: string, programs: { id: string }[]): Promise<Resource[]> {
  const out: Resource[] = [];
  for (const program of programs) {
    const resourceName = resourceNameFor(program.id);
    const existing =
      client.version === '3.1.1'
        ? await client.call<{ id: string; resourceName: string }[]>('get', '/resources', { query: { venID: venId, resourceName } })
        : await client.call<{ id: string; resourceName: string }[]>('get', '/vens/{venID}/resources', { path: { venID: venId }, query: { resourceName } });
    const created =
      existing.find((r) => r.resourceName === resourceName) ??
      (client.version === '3.1.1'
        ? await client.call<{ id: string }>('post', '/resources', { body: { objectType: 'VEN_RESOURCE_REQUEST', resourceName, venID: venId } })
        : await client.call<{ id: string }>('post', '/vens/{venID}/resources', { path: { venID: venId }, body: { resourceName, venID: venId } }));
    out.push({ resourceName, programId: program.id, vtnResourceId: created.id });
  }
  return out;
}

/** Of the event as sent, keys sorted: the same event twice is the same text. */
export function eventFingerprint(event: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(canonical) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)])) : value;
  return createHash('sha256').update(JSON.stringify(canonical(event))).digest('hex');
}

/** What the events service refused, in the VEN's words; anything else is not the event's fault. */
function reasonOf(error: unknown): OpenAdrEventReason | null {
  if (!(error instanceof AppError)) return null;
  const reasons: Record<string, OpenAdrEventReason> = { event_started: 'change_too_late', start_in_past: 'starts_in_past', event_too_long: 'too_long', end_before_start: 'no_interval_period', unknown_program: 'unmapped_program' };
  return reasons[error.code] ?? null;
}

type Outcome = Pick<OpenAdrEventRow, 'status' | 'reason' | 'detail' | 'eventId'>;

/** True when it changed anything. */
async function applyVtnEvent(tx: DbOrTx, vtnId: string, event: VtnEvent, programId: string | null, now: Date): Promise<boolean> {
  const fingerprint = eventFingerprint(event);
  const existing = await findOpenAdrEvent(tx, vtnId, event.id);
  const takenUpNow = existing?.status === 'refused' && existing.reason === 'unmapped_program' && programId !== null;
  if (existing && existing.fingerprint === fingerprint && !takenUpNow) return false;
  const reportDescriptors = event.reportDescriptors?.length ? event.reportDescriptors : null;
  const save = (outcome: Outcome) => saveOpenAdrEvent(tx, vtnId, { vtnEventId: event.id, vtnProgramId: event.programID, fingerprint, reportDescriptors, ...outcome }, now);
  try {
    await tx.transaction(async (sp) => save(await decide(sp, vtnId, event, existing, programId, now)));
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === null) throw error;
    // The change was refused whole (the savepoint is gone); a Peakwise event already made goes on as it was.
    await save(existing?.status === 'scheduled' ? { status: 'scheduled', reason, detail: (error as Error).message, eventId: existing.eventId } : { status: 'refused', reason, detail: (error as Error).message, eventId: null });
  }
  return true;
}

async function decide(tx: DbOrTx, vtnId: string, event: VtnEvent, existing: OpenAdrEventRow | null, programId: string | null, now: Date): Promise<Outcome> {
  const window = openAdrEventWindow(event, now, EVENT_MAX_HOURS);
  const running = existing?.status === 'scheduled' && existing.eventId ? existing.eventId : null;
  if (running) {
    if (!window.ok) {
      // The VTN changed it into something Peakwise cannot run (e.g. SIMPLE level 0): it is off for the members.
      await cancelEvent(tx, running, now);
      return { status: 'refused', reason: window.reason, detail: window.detail, eventId: running };
    }
    await editEvent(tx, running, { startsAt: window.window.startsAt.toISOString(), endsAt: window.window.endsAt.toISOString() }, now, { noticeWaivedFor: 'vtn' });
    return { status: 'scheduled', reason: null, detail: describe(window.window), eventId: running };
  }
  if (!window.ok) return { status: 'refused', reason: window.reason, detail: window.detail, eventId: null };
  if (programId === null) return { status: 'refused', reason: 'unmapped_program', detail: `VTN program ${event.programID} feeds no Peakwise program`, eventId: null };
  const id = await scheduleEvent(tx, { programId, startsAt: window.window.startsAt.toISOString(), endsAt: window.window.endsAt.toISOString() }, `openadr:${vtnId}`, now, { noticeWaivedFor: 'vtn' });
  return { status: 'scheduled', reason: null, detail: describe(window.window), eventId: id };
}

const describe = (w: { simpleLevel: number | null; importCapacityLimit: number | null }) =>
  [w.simpleLevel !== null ? `SIMPLE level ${w.simpleLevel}` : null, w.importCapacityLimit !== null ? `IMPORT_CAPACITY_LIMIT ${w.importCapacityLimit}` : null].filter(Boolean).join(', ');

async function withdrawVtnEvent(tx: DbOrTx, vtnId: string, vtnEventId: string, now: Date): Promise<boolean> {
  const existing = await findOpenAdrEvent(tx, vtnId, vtnEventId);
  if (!existing || existing.status === 'cancelled') return false;
  const save = (outcome: Outcome) => saveOpenAdrEvent(tx, vtnId, { vtnEventId, vtnProgramId: existing.vtnProgramId, fingerprint: existing.fingerprint, ...outcome }, now);
  if (existing.eventId === null || existing.status === 'refused') {
    await save({ status: 'cancelled', reason: null, detail: 'Withdrawn by the VTN', eventId: existing.eventId });
    return true;
  }
  if (existing.reason === 'change_too_late') return false;
  const eventId = existing.eventId;
  try {
    await tx.transaction(async (sp) => {
      await cancelEvent(sp, eventId, now);
      await saveOpenAdrEvent(sp, vtnId, { vtnEventId, vtnProgramId: existing.vtnProgramId, fingerprint: existing.fingerprint, status: 'cancelled', reason: null, detail: 'Withdrawn by the VTN', eventId }, now);
    });
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === null) throw error;
    await save({ status: 'scheduled', reason, detail: `Withdrawn by the VTN after it started: ${(error as Error).message}`, eventId });
  }
  return true;
}
