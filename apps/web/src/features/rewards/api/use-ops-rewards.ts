import { opsFulfilmentOrderSchema, opsRewardItemSchema, type CreateRewardItem, type EditRewardItem, type OpsFulfilmentOrder, type OpsRewardItem } from '@peakwise/contracts/rewards.contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, retryTransient, useQueryScope, type Schema } from '@/lib/api-client';
import { rewardsKeys } from './rewards-keys';
import { rewardsRequest } from './rewards-request';

/** A list of one contract schema's items; the web app takes zod only through contracts. */
function listOf<T>(item: Schema<T>): Schema<T[]> {
  return {
    safeParse(value: unknown) {
      if (!Array.isArray(value)) return { success: false };
      const data: T[] = [];
      for (const entry of value) {
        const parsed = item.safeParse(entry);
        if (!parsed.success) return { success: false };
        data.push(parsed.data);
      }
      return { success: true, data };
    },
  };
}

const itemsSchema = listOf<OpsRewardItem>(opsRewardItemSchema);
const ordersSchema = listOf<OpsFulfilmentOrder>(opsFulfilmentOrderSchema);
export type QueueStatus = 'ordered' | 'shipped' | 'delivered';
const itemPath = (id: string) => `/api/ops/rewards/items/${encodeURIComponent(id)}`;
const orderPath = (id: string) => `/api/ops/rewards/orders/${encodeURIComponent(id)}`;

export function useOpsRewardItems() {
  const scope = useQueryScope();
  return useQuery({ queryKey: [...rewardsKeys.all, scope, 'ops-items'], queryFn: () => apiGet('/api/ops/rewards/items', itemsSchema), retry: retryTransient });
}

export function useFulfilmentQueue(status: QueueStatus) {
  const scope = useQueryScope();
  return useQuery({ queryKey: [...rewardsKeys.all, scope, 'ops-orders', status], queryFn: () => apiGet(`/api/ops/rewards/orders?status=${status}`, ordersSchema), retry: retryTransient });
}

/** Every console change refetches the feature's data (stock, codes, queue). */
function useConsoleMutation<I, O = unknown>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: rewardsKeys.all }) });
}

export const useCreateRewardItem = () => useConsoleMutation((input: CreateRewardItem) => rewardsRequest('POST', '/api/ops/rewards/items', input));
export const useEditRewardItem = () => useConsoleMutation(({ id, changes }: { id: string; changes: EditRewardItem }) => rewardsRequest('PATCH', itemPath(id), changes));
export const useUploadImage = () => useConsoleMutation(({ id, file }: { id: string; file: File }) => rewardsRequest('PUT', `${itemPath(id)}/image`, undefined, { body: file, type: file.type }));
export const useUploadCodes = () => useConsoleMutation(({ id, codes }: { id: string; codes: string }) => rewardsRequest('POST', `${itemPath(id)}/codes`, { codes }) as Promise<{ added: number; codesAvailable: number }>);
export const useShipOrder = () =>
  useConsoleMutation(({ id, tracking, carrier }: { id: string; tracking: string; carrier?: string }) => rewardsRequest('POST', `${orderPath(id)}/ship`, carrier ? { tracking, carrier } : { tracking }));
export const useDeliverOrder = () => useConsoleMutation((id: string) => rewardsRequest('POST', `${orderPath(id)}/deliver`));
