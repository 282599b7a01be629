import { HOLDOUT_MESSAGES } from '@peakwise/contracts/event-holdout.contract';
import { PROGRAM_MESSAGES } from '@peakwise/contracts/event-programs.contract';
import { EVENT_MESSAGES } from '@peakwise/contracts/events.contract';
import type { TFunction } from 'i18next';
import { apiRequest } from '@/lib/api-request';
import { readServerError } from '@/lib/server-error';

export type ErrorDetail = { path: string; message: string };

/**
 * A refused console request with everything the server said: the shared ApiRequestError drops
 * a validation refusal's `details`, and those carry the sentences the operator needs.
 */
export class OpsRequestError extends Error {
  override readonly name = 'OpsRequestError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly serverMessage: string | undefined,
    readonly details: ErrorDetail[],
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
  }
}

function readDetails(body: unknown): ErrorDetail[] {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const details = error && typeof error === 'object' ? (error as { details?: unknown }).details : undefined;
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (!d || typeof d !== 'object') return [];
    const { path, message } = d as Record<string, unknown>;
    return typeof message === 'string' && message ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}

/** A JSON request to /api/ops; anything but 2xx becomes an OpsRequestError (status 0: no answer). */
export async function opsRequest(method: 'POST' | 'PATCH', path: string, payload?: unknown): Promise<unknown> {
  let response;
  try {
    response = await apiRequest(method, path, payload);
  } catch (thrown) {
    throw new OpsRequestError(0, 'network_error', thrown instanceof Error ? thrown.message : undefined, []);
  }
  if (!response.ok) {
    const { code, message } = readServerError(response.body);
    throw new OpsRequestError(response.status, code, message, readDetails(response.body));
  }
  return response.body;
}

// An event outside its program's season or windows, or of a paused program (decision 103), is refused in the same way.
const PROGRAM_REFUSALS = { outsideSeason: PROGRAM_MESSAGES.outsideSeason, outsideWindows: PROGRAM_MESSAGES.outsideWindows, notActive: PROGRAM_MESSAGES.notActive };
type MessageKey = keyof typeof EVENT_MESSAGES | keyof typeof PROGRAM_REFUSALS;
const KNOWN = [...Object.entries(EVENT_MESSAGES), ...Object.entries(PROGRAM_REFUSALS)] as [MessageKey, string][];

/** A server sentence in the operator's language when it is one of the events' fixed refusals. */
function translate(t: TFunction<'ops'>, sentence: string): string {
  if (sentence === HOLDOUT_MESSAGES.percentOutOfRange) return t('errors.holdoutOutOfRange');
  const key = KNOWN.find(([, known]) => known === sentence)?.[0];
  return key ? t(`serverErrors.${key}`) : sentence;
}

/**
 * What to tell the operator about a refusal: each distinct reason the server gave (a validation
 * refusal's details, else its message), translated when known and verbatim otherwise.
 */
export function refusalMessages(t: TFunction<'ops'>, error: unknown): string[] {
  if (!(error instanceof OpsRequestError)) return [t('errors.generic')];
  if (error.status === 0) return [t('errors.network')];
  const sentences = error.details.length > 0 ? error.details.map((d) => d.message) : error.serverMessage ? [error.serverMessage] : [];
  if (sentences.length === 0) return [t('errors.generic')];
  return [...new Set(sentences.map((s) => translate(t, s)))];
}
