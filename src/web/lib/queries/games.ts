import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gameListFiltersSearch, type GameListFilters } from '../../../shared/game-list-filters';
import type { Game } from '../../../shared/schemas/games';
import { apiRequest } from '../api-client';

/** The filters of the game lists (spec: players §3), as the query string carries them. */
export type GameFilters = GameListFilters;

/** Every cached game list and game lives under this key: one invalidation refreshes them all. */
export const gamesKey = ['games'] as const;

/** The public list (signed-in callers also get their registration on each game). */
export function listGames(filters: GameFilters, signal?: AbortSignal): Promise<Game[]> {
  return apiRequest<Game[]>(`/games${gameListFiltersSearch(filters)}`, { signal, fallbackMessage: 'Erro ao carregar jogos' });
}

export function gamesListQuery(filters: GameFilters) {
  return queryOptions({
    queryKey: [...gamesKey, 'list', filters],
    queryFn: ({ signal }) => listGames(filters, signal),
    // Keeps the last list on screen while a new filter loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
    // Slots move with every other player's action: each visit asks again (showing the cache meanwhile).
    staleTime: 0,
  });
}

export function useGamesList(filters: GameFilters) {
  return useQuery(gamesListQuery(filters));
}
