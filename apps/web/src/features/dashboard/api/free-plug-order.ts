import { firstStepsSchema, type FirstSteps } from '@peakwise/contracts/first-steps.contract';
import type { OrderFreePlug } from '@peakwise/contracts/free-plug-order.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useQueryScope } from '@/lib/api-client';
import { readServerError } from '@/lib/server-error';
import { dashboardKeys } from './dashboard-keys';

export type FieldDetail = { path: string; message: string };

/** A refused free-plug order with what the server said (status 0: no answer came back). */
export class FreePlugOrderError extends Error {
  override readonly name = 'FreePlugOrderError';
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly details: FieldDetail[],
  ) {
    super(serverMessage ?? `Order failed with status ${status}`);
  }
}

function detailsOf(body: unknown): FieldDetail[] {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const details = error && typeof error === 'object' ? (error as { details?: unknown }).details : undefined;
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    const { path, message } = (d && typeof d === 'object' ? d : {}) as Record<string, unknown>;
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}

/**
 * POST /api/dashboard/first-steps/free-plug with the dialog's Idempotency-Key: a retry after a
 * lost answer or a second click answers the first order. Its own module, loaded with the order
 * dialog only (the Dashboard's first-load budget, decision 058).
 */
async function postFreePlug(key: string, input: OrderFreePlug): Promise<FirstSteps> {
  let response: Response;
  try {
    response = await fetch('/api/dashboard/first-steps/free-plug', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(input),
    });
  } catch (thrown) {
    throw new FreePlugOrderError(0, thrown instanceof Error ? thrown.message : undefined, []);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new FreePlugOrderError(response.status, readServerError(body).message, detailsOf(body));
  const parsed = firstStepsSchema.safeParse(body);
  if (!parsed.success) throw new FreePlugOrderError(response.status, undefined, []);
  return parsed.data;
}

export function useOrderFreePlug() {
  const scope = useQueryScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: { key: string; input: OrderFreePlug }) => postFreePlug(key, input),
    onSuccess: (steps) => queryClient.setQueryData(dashboardKeys.firstSteps(scope), steps),
  });
}
