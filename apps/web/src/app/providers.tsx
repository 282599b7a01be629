import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    // offlineFirst: with no network a read still goes out once, so the service worker can answer it
    // from the member's saved data (docs/decisions/061-installable-offline-app.md); only retries wait.
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
