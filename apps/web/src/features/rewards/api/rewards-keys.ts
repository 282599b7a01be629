/** The rewards feature's only source of query keys, reused by its hooks and invalidation. */
export const rewardsKeys = {
  all: ['rewards'] as const,
  points: (scope: string) => ['rewards', scope, 'points'] as const,
};
