import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { onSignOut } from '../lib/session';

/**
 * The query cache of the whole app, kept across route trees and emptied on sign-out. A chunk of
 * its own, fetched while the first page loads, so TanStack Query stays out of the initial bundle.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => onSignOut(() => queryClient.clear()), [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
