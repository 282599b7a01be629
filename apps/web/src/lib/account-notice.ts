/** Navigation state for the message the public site shows after leaving the portal for good. */
export const ACCOUNT_DELETED_STATE = { notice: 'account-deleted' } as const;

/** Navigation state after an ordinary sign-out from the portal. */
export const SIGNED_OUT_STATE = { notice: 'signed-out' } as const;

const noticeOf = (state: unknown) => (state && typeof state === 'object' ? (state as { notice?: unknown }).notice : undefined);

export function isAccountDeletedState(state: unknown): boolean {
  return noticeOf(state) === ACCOUNT_DELETED_STATE.notice;
}

/**
 * True once the member has left the portal by signing out or deleting the account. The public
 * page clears the session then: clearing it while the portal guard is still on screen would
 * send the member to the login panel instead of home.
 */
export function hasLeftPortalState(state: unknown): boolean {
  return isAccountDeletedState(state) || noticeOf(state) === SIGNED_OUT_STATE.notice;
}
