import { QueryClient } from '@tanstack/react-query';
import { isRefusal } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a refusal only repeats the same answer.
        retry: (failureCount, error) => failureCount < 2 && !isRefusal(error),
      },
    },
  });
}
