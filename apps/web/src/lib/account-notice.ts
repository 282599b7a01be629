/** Navigation state for the message the public site shows after leaving the portal for good. */
export const ACCOUNT_DELETED_STATE = { notice: 'account-deleted' } as const;

export function isAccountDeletedState(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as { notice?: unknown }).notice === ACCOUNT_DELETED_STATE.notice);
}
