/** The rewards feature's only source of query keys (STYLE habit 3). */
export const rewardsKeys = {
  all: ['rewards'] as const,
  points: (scope: string) => ['rewards', scope, 'points'] as const,
};
