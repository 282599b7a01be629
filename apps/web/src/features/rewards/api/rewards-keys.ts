/** The rewards feature's only source of query keys, reused by its hooks and invalidation. */
export const rewardsKeys = {
  all: ['rewards'] as const,
  catalogue: (scope: string) => ['rewards', scope, 'catalogue'] as const,
  orders: (scope: string) => ['rewards', scope, 'orders'] as const,
  upcoming: (scope: string) => ['rewards', scope, 'upcoming-events'] as const,
};
