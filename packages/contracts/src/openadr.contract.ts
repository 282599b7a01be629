import { z } from 'zod';
import { OPENADR_REFUSALS } from '@peakwise/domain/openadr-event-window';

/**
 * Peakwise as an OpenADR 3 VEN (decision 104): what the operator console shows of each VTN
 * connection and the events it received, and the one thing an operator sets, which Peakwise
 * program a VTN program feeds. No secret is ever part of these.
 */

export const OPENADR_EVENT_STATUSES = ['scheduled', 'refused', 'cancelled'] as const;
export const OPENADR_SUBSCRIPTION_STATUSES = ['off', 'active', 'failed'] as const;
export const OPENADR_REPORT_STAGES = ['provisional', 'final'] as const;
/**
 * The 3.1.1 MQTT notifier (decision 114): off when the VTN offers none (or speaks 3.0.1), failed
 * when it offers one the VEN cannot use, down while the broker cannot be reached (retrying).
 */
export const OPENADR_MQTT_STATUSES = ['off', 'connecting', 'connected', 'down', 'failed'] as const;

/** Why a VTN event did not become (or stopped following) a Peakwise event. */
export const OPENADR_EVENT_REASONS = [
  ...OPENADR_REFUSALS,
  /** Its VTN program feeds no Peakwise program yet: mapped later, it is taken up at the next poll. */
  'unmapped_program',
  /** The VTN changed or withdrew it after the Peakwise event had started. */
  'change_too_late',
] as const;
export type OpenAdrEventReason = (typeof OPENADR_EVENT_REASONS)[number];

export const OPENADR_MESSAGES = {
  notConfigured: 'No OpenADR VTN is configured.',
  unknownVtn: 'No such VTN.',
  unknownVtnProgram: 'The VTN has not published this program (yet).',
  unknownProgram: 'No such program.',
} as const;

const instantOrNull = z.string().nullable();

export const opsOpenAdrEventSchema = z.object({
  vtnEventId: z.string(),
  vtnProgramId: z.string(),
  status: z.enum(OPENADR_EVENT_STATUSES),
  reason: z.enum(OPENADR_EVENT_REASONS).nullable(),
  detail: z.string().nullable(),
  eventId: z.string().nullable(),
  firstSeenAt: z.string(),
  updatedAt: z.string(),
});

export const opsOpenAdrProgramSchema = z.object({
  vtnProgramId: z.string(),
  vtnProgramName: z.string(),
  programId: z.string().nullable(),
});

/** A report sent to the VTN (decision 110): the opted-in homes' summed figures as last sent. */
export const opsOpenAdrReportSchema = z.object({
  vtnEventId: z.string(),
  eventId: z.string(),
  vtnReportId: z.string(),
  stage: z.enum(OPENADR_REPORT_STAGES),
  settlementVersion: z.number().int().nullable(),
  intervals: z.number().int(),
  baselineKwh: z.number(),
  actualKwh: z.number(),
  sentAt: z.string(),
});

export const opsOpenAdrVtnSchema = z.object({
  id: z.string(),
  /** The configuration's name for it (decision 121): 'default' for the first, OPENADR_VTN_URL's. */
  name: z.string(),
  url: z.string(),
  version: z.enum(['3.0.1', '3.1.1']),
  venName: z.string(),
  venId: z.string().nullable(),
  lastTokenAt: instantOrNull,
  lastPollAt: instantOrNull,
  lastError: z.string().nullable(),
  lastErrorAt: instantOrNull,
  failures: z.number().int(),
  retryAfter: instantOrNull,
  /** Webhook subscriptions (decision 110): off without a callback URL, failed when the VTN refused them (polling goes on). */
  subscriptionStatus: z.enum(OPENADR_SUBSCRIPTION_STATUSES),
  subscriptionError: z.string().nullable(),
  subscriptionCheckedAt: instantOrNull,
  /** The last report the VTN refused or that could not be sent; cleared by the next one sent. */
  reportError: z.string().nullable(),
  reportErrorAt: instantOrNull,
  /** MQTT notifications (3.1.1, decision 114): the broker, the topics listened on and the last message heard. */
  mqttStatus: z.enum(OPENADR_MQTT_STATUSES),
  mqttBroker: z.string().nullable(),
  mqttTopics: z.array(z.string()),
  mqttError: z.string().nullable(),
  mqttChangedAt: instantOrNull,
  mqttMessageAt: instantOrNull,
  programs: z.array(opsOpenAdrProgramSchema),
  events: z.array(opsOpenAdrEventSchema),
  reports: z.array(opsOpenAdrReportSchema),
});
export type OpsOpenAdrVtn = z.infer<typeof opsOpenAdrVtnSchema>;

export const setOpenAdrProgramMapSchema = z.object({
  /** The Peakwise program the VTN program's events go to; null stops taking its new events. */
  programId: z.uuid({ error: OPENADR_MESSAGES.unknownProgram }).nullable(),
});
export type SetOpenAdrProgramMap = z.infer<typeof setOpenAdrProgramMapSchema>;
