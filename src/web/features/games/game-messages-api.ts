import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The avisos of a game its players read (decision 077), newest first; asked only of who may read them. */
export function useGameMessages(gameId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['games', gameId, 'messages'],
      queryFn: ({ signal }) =>
        api('GET /games/:id/messages', { params: { id: gameId }, signal, fallbackMessage: 'Erro ao carregar os avisos' }),
      enabled,
    }),
  );
}
