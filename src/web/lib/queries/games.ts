import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GameListFilters } from '../../../shared/game-list-filters';
import { api } from '../api-client';
import { gamesKey } from './games-key';
import { useLiveGameLists } from './live-places';

/** The filters of the game lists (spec: players §3), as the query string carries them. */
export type GameFilters = GameListFilters;

export { gamesKey } from './games-key';

/** The public list (signed-in callers also get their registration on each game), its filters in the address's order. */
export function listGames(filters: GameFilters, signal?: AbortSignal) {
  const { sportId, stateId, cityId, date, location } = filters;
  return api('GET /games', { query: { sportId, stateId, cityId, date, location }, signal, fallbackMessage: 'Erro ao carregar jogos' });
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

/** A list of games whose places stay live while it is on screen. */
export function useGamesList(filters: GameFilters) {
  useLiveGameLists();
  return useQuery(gamesListQuery(filters));
}
