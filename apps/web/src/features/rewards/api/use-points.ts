import { usePointsSummaryQuery } from '@/lib/use-points-summary';

/** The balance, its value, the next reward and the recent ledger activity (newest first, as the server sends it). */
export function usePoints() {
  return usePointsSummaryQuery();
}
