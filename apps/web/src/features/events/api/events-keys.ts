/** The events feature's only source of query keys, reused by its hooks and invalidation. */
export const eventsKeys = {
  all: ['events'] as const,
  detail: (scope: string, eventId: string) => ['events', scope, 'detail', eventId] as const,
  plugActions: (scope: string, eventId: string) => ['events', scope, 'plug-actions', eventId] as const,
};
