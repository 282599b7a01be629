import type { NotificationPreferences } from '@peakwise/contracts/notifications.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '../settings-keys';
import { getNotificationPreferences } from './notification-preferences-api';

export const useNotificationPreferences = () => useQuery({ queryKey: settingsKeys.notificationPreferences(), queryFn: getNotificationPreferences });

/** A change whose answer is the member's whole preferences, put in the cache as it comes. */
export function usePreferencesMutation<V>(mutationFn: (variables: V) => Promise<NotificationPreferences>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.notificationPreferences(), saved),
  });
}
