import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City } from '../../../shared/schemas/games';
import { api } from '../../lib/api-client';

/** How many upcoming public games the landing shows. */
export const LANDING_GAMES_LIMIT = 3;

// The landing hides a section that fails; one quick retry covers a flaky 4G hop without a long skeleton.
const landingRetry = { retry: 1, retryDelay: 800 } as const;

export function fetchUpcomingGames(signal?: AbortSignal) {
  return api('GET /games', { query: { limit: LANDING_GAMES_LIMIT }, signal, anonymous: true, fallbackMessage: 'Erro ao carregar jogos' });
}

export const upcomingGamesQuery = queryOptions({
  queryKey: ['landing', 'upcoming-games'],
  queryFn: ({ signal }) => fetchUpcomingGames(signal),
  ...landingRetry,
});

export function useUpcomingGames() {
  return useQuery(upcomingGamesQuery);
}

export type ActiveCity = City & { uf: string };

/** The active cities of every active state (the server lists only active ones), by state then name. */
export async function fetchActiveCities(signal?: AbortSignal): Promise<ActiveCity[]> {
  const states = await api('GET /games/states', { signal, anonymous: true, fallbackMessage: 'Erro ao carregar estados' });
  const citiesByState = await Promise.all(
    states.map((state) =>
      api('GET /games/cities', { query: { stateId: state.id }, signal, anonymous: true, fallbackMessage: 'Erro ao carregar cidades' }),
    ),
  );
  return states.flatMap((state, index) => (citiesByState[index] ?? []).map((city) => ({ ...city, uf: state.uf })));
}

export const activeCitiesQuery = queryOptions({
  queryKey: ['landing', 'active-cities'],
  queryFn: ({ signal }) => fetchActiveCities(signal),
  staleTime: 60 * 60 * 1000,
  ...landingRetry,
});

export function useActiveCities() {
  return useQuery(activeCitiesQuery);
}
