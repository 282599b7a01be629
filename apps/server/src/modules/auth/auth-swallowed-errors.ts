import { AsyncLocalStorage } from 'node:async_hooks';
import { isAPIError } from 'better-auth/api';

/**
 * better-auth catches what fails inside its endpoints — a database error among them — logs it,
 * and throws or answers a bare `500 INTERNAL_SERVER_ERROR` in its place, without the cause. The
 * API's error handler tells overload (no pool connection in time: 503 `service_busy`, decision
 * 066) from a fault only by that cause, so every session lookup under load came out a 500
 * (decision 072). better-auth hands us the original error on its logger and its `onAPIError`
 * hook, in the same async context as the call that failed: noted here per call, the caller can
 * put it back.
 */
const swallowed = new AsyncLocalStorage<unknown[]>();

/** From better-auth's logger and error hook: an error it is about to replace with a bare 500. */
export function noteSwallowedAuthError(error: unknown): void {
  if (error instanceof Error && !isAPIError(error)) swallowed.getStore()?.push(error);
}

/** A better-auth 500 that stood in for an error of ours, rethrown with that error as its cause. */
export class AuthFailure extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'AuthFailure';
  }
}

/**
 * Runs a better-auth API call (auth.api.*). If it throws its bare 500 after swallowing an error,
 * that error is thrown instead, as the cause of an AuthFailure, so the error handler classifies
 * what really happened. Any other outcome passes through untouched.
 */
export async function withSwallowedCause<T>(call: () => Promise<T>): Promise<T> {
  const errors: unknown[] = [];
  try {
    return await swallowed.run(errors, call);
  } catch (error) {
    if (errors.length > 0 && isAPIError(error) && error.statusCode >= 500) throw new AuthFailure(`better-auth: ${error.message}`, errors[0]);
    throw error;
  }
}

/**
 * Runs better-auth's request handler, which answers a failure instead of throwing it: the
 * response, and what it swallowed on the way when it answered 5xx.
 */
export async function handleNotingCause(call: () => Promise<Response>): Promise<{ response: Response; cause: unknown }> {
  const errors: unknown[] = [];
  const response = await swallowed.run(errors, call);
  return { response, cause: response.status >= 500 ? errors[0] : undefined };
}
