/** Query keys of cash-outs, activity pages and prize draws (decisions 041, 042). */
export const payoutsKeys = {
  all: ['payouts'] as const,
  cashOutRules: (scope: string) => ['payouts', scope, 'cash-out-rules'] as const,
  cashOuts: (scope: string) => ['payouts', scope, 'cash-outs'] as const,
  activity: (scope: string) => ['payouts', scope, 'activity'] as const,
  prizeDraws: (scope: string) => ['payouts', scope, 'prize-draws'] as const,
};
