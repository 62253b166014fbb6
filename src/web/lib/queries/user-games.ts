import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** Every cached organiser list and game lives under this key: the organiser's changes refresh them all. */
export const userGamesKey = ['user-games'] as const;

/** How many of the games they organise the home page shows. */
export const HOME_ORGANISED_GAMES = 3;

/**
 * The next games the caller organises, not over yet (the my-games "Ativos"), soonest first: the home page shows them to
 * an organiser, who may be registered in none. Empty for someone who organises nothing.
 */
export function useOrganisedGames() {
  return useQuery(
    queryOptions({
      queryKey: [...userGamesKey, 'home'],
      queryFn: ({ signal }) =>
        api('GET /user-games', {
          query: { filter: 'active', limit: HOME_ORGANISED_GAMES },
          signal,
          fallbackMessage: 'Erro ao carregar seus jogos',
        }),
      staleTime: 0,
    }),
  );
}
