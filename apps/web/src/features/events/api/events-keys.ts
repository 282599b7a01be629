/** The events feature's only source of query keys (STYLE habit 3). */
export const eventsKeys = {
  all: ['events'] as const,
  detail: (scope: string, eventId: string) => ['events', scope, 'detail', eventId] as const,
};
