import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { updateSessionUser } from '../session';
import { gamesKey } from './games';

export const meKey = ['me'] as const;

/** The signed-in user with their games; every fetch also refreshes the header's balance. */
export async function getMe() {
  const me = await api('GET /users/me');
  updateSessionUser(me);
  return me;
}

// Registrations change by other people's actions too (a promotion): every visit shows the cache, then asks again.
export const meQuery = queryOptions({ queryKey: meKey, queryFn: getMe, staleTime: 0 });

export function useMe() {
  return useQuery(meQuery);
}

/** The games the player signed up for that have started, a page at a time (under meKey: refreshed with the user). */
export function useMyHistory() {
  return useInfiniteQuery({
    queryKey: [...meKey, 'history'],
    queryFn: ({ pageParam, signal }) => api('GET /users/me/history', { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next,
  });
}

/**
 * After applying, joining a waitlist or cancelling: every game list and the user (balance, my
 * games) are out of date. The user is fetched even when no page shows it, for the header.
 */
export async function refreshAfterRegistrationChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: gamesKey });
  await queryClient.invalidateQueries({ queryKey: meKey, refetchType: 'none' });
  await queryClient.fetchQuery(meQuery).catch(() => undefined);
}

export function cancelRegistration(gameId: number) {
  return api('POST /games/:id/cancel', { params: { id: gameId }, fallbackMessage: 'Erro ao cancelar inscrição' });
}

/** Cancels a registration or leaves a waitlist (the server tells which by the user's status). */
export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSuccess: () => refreshAfterRegistrationChange(queryClient),
  });
}
