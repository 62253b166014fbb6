import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillPath } from '../../../shared/api/route-key';
import { api, apiText } from '../../lib/api-client';
import { userGamesKey } from '../../lib/queries/user-games';

// Under the organiser's key: every change made from these screens (a walk-in, a removal, an edit) refreshes both.

/** The game's history, newest first (decision 075). */
export function useGameHistory(gameId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...userGamesKey, 'history', gameId],
      queryFn: ({ signal }) =>
        api('GET /user-games/:id/history', { params: { id: gameId }, signal, fallbackMessage: 'Erro ao carregar o histórico' }),
      staleTime: 0,
      enabled: Number.isInteger(gameId) && gameId > 0,
    }),
  );
}

/** The list as it is pasted in WhatsApp, read ahead so that copying it is one synchronous tap. */
export function useGameListText(gameId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...userGamesKey, 'list-text', gameId],
      queryFn: ({ signal }) =>
        apiText(fillPath('/user-games/:id/list.txt', { id: gameId }), { signal, fallbackMessage: 'Erro ao carregar a lista' }),
      staleTime: 0,
      enabled: Number.isInteger(gameId) && gameId > 0,
    }),
  );
}
