/** One query-key factory for the settings feature. */
export const settingsKeys = {
  all: ['settings'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  home: () => [...settingsKeys.all, 'home'] as const,
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
  ingestTokens: () => [...settingsKeys.all, 'ingest-tokens'] as const,
  notificationPreferences: () => [...settingsKeys.all, 'notification-preferences'] as const,
  eventPreferences: () => [...settingsKeys.all, 'event-preferences'] as const,
  privacyExports: () => [...settingsKeys.all, 'privacy-exports'] as const,
  consentHistory: () => [...settingsKeys.all, 'consent-history'] as const,
  apiTokens: () => [...settingsKeys.all, 'api-tokens'] as const,
  webhooks: () => [...settingsKeys.all, 'webhooks'] as const,
  webhookDeliveries: (id: string) => [...settingsKeys.all, 'webhooks', id, 'deliveries'] as const,
};
