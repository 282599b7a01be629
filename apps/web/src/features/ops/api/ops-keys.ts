/** The console's only source of query keys; scoped to the signed-in user like every feature's. */
export const opsKeys = {
  all: ['ops'] as const,
  programs: (scope: string) => ['ops', scope, 'programs'] as const,
  reach: (scope: string, programId: string) => ['ops', scope, 'reach', programId] as const,
  events: (scope: string) => ['ops', scope, 'events'] as const,
  live: (scope: string, eventId: string) => ['ops', scope, 'live', eventId] as const,
  impact: (scope: string, eventId: string) => ['ops', scope, 'impact', eventId] as const,
  openadr: (scope: string) => ['ops', scope, 'openadr'] as const,
};
