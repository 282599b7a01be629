/** Query keys of the console's cash-out queue, member ledgers and prize draws. */
export const opsPayoutsKeys = {
  all: ['ops-payouts'] as const,
  cashOuts: (scope: string, status: string) => ['ops-payouts', scope, 'cash-outs', status] as const,
  members: (scope: string, email: string) => ['ops-payouts', scope, 'members', email] as const,
  ledger: (scope: string, householdId: string) => ['ops-payouts', scope, 'ledger', householdId] as const,
  draws: (scope: string) => ['ops-payouts', scope, 'draws'] as const,
};
