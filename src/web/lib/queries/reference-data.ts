import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

// Reference data changes only when an admin edits it: fetched once per visit.
const REFERENCE_STALE_MS = 10 * 60_000;

/** The spec shows only active items in the filters. */
const activeOnly = <T extends { active: boolean }>(items: T[]) => items.filter((item) => item.active);

export function getSports() {
  return api('GET /games/sports', { fallbackMessage: 'Erro ao carregar esportes' }).then(activeOnly);
}

export const sportsQuery = queryOptions({ queryKey: ['reference', 'sports'], queryFn: getSports, staleTime: REFERENCE_STALE_MS });

export function useSports() {
  return useQuery(sportsQuery);
}

export function getStates() {
  return api('GET /games/states', { fallbackMessage: 'Erro ao carregar estados' }).then(activeOnly);
}

export const statesQuery = queryOptions({ queryKey: ['reference', 'states'], queryFn: getStates, staleTime: REFERENCE_STALE_MS });

export function useStates() {
  return useQuery(statesQuery);
}

export function getCities(stateId: number) {
  return api('GET /games/cities', { query: { stateId }, fallbackMessage: 'Erro ao carregar cidades' }).then(activeOnly);
}

export function citiesQuery(stateId: number | undefined) {
  return queryOptions({
    queryKey: ['reference', 'cities', stateId ?? null],
    queryFn: () => getCities(stateId!),
    enabled: stateId !== undefined,
    staleTime: REFERENCE_STALE_MS,
  });
}

/** Every active city: only to find the state of a city an address names without its state. */
export function allCitiesQuery(isEnabled: boolean) {
  return queryOptions({
    queryKey: ['reference', 'cities', 'all'],
    queryFn: () => api('GET /games/cities', { fallbackMessage: 'Erro ao carregar cidades' }).then(activeOnly),
    enabled: isEnabled,
    staleTime: REFERENCE_STALE_MS,
  });
}

/** The cities of a state; idle until a state is chosen. */
export function useCities(stateId: number | undefined) {
  return useQuery(citiesQuery(stateId));
}
