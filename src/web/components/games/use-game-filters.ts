import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { countGameListFilters, gameListFiltersSearch, parseGameListFilters, type GameListFilters } from '../../../shared/game-list-filters';
import { keepScrollState } from '../../lib/keep-scroll';
import { allCitiesQuery } from '../../lib/queries/reference-data';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export type GameFiltersState = {
  /** What the fields show: the address's filters, with the location as typed. */
  values: GameListFilters;
  /** What the list asks the server for: the filters in the address. */
  query: GameListFilters;
  hasFilters: boolean;
  /** How many filters the fields hold. */
  count: number;
  set: <K extends keyof GameListFilters>(key: K, value: GameListFilters[K]) => void;
  /** A new state always clears the city (spec: players §5). */
  setState: (stateId: number | undefined) => void;
  clear: () => void;
};

/** How long the location text has to rest before the address (and the list) follow it. */
const LOCATION_SETTLE_MS = 350;

/**
 * The filters of a games list, kept in the address (`?sportId=&stateId=&cityId=&date=&location=`,
 * decision 031): a filtered list can be shared and reloaded, and the server renders it already
 * filtered. A change rewrites the current history entry (no entry per keystroke) and keeps the
 * scroll; values the API would refuse are ignored.
 */
export function useGameFilters(): GameFiltersState {
  const [params, setParams] = useSearchParams();
  const query = parseGameListFilters(params);
  const applied = query.location ?? '';
  // A link may name a city without its state (`?cityId=2`): the state's picker shows the city's state.
  const allCities = useQuery(allCitiesQuery(query.cityId !== undefined && query.stateId === undefined));
  const stateId = query.stateId ?? allCities.data?.find((city) => city.id === query.cityId)?.stateId;

  // The field as typed; the address takes it once the typing settles.
  const [location, setLocation] = useState(applied);
  const settled = useDebouncedValue(location.trim(), LOCATION_SETTLE_MS);

  const apply = (change: (current: GameListFilters) => GameListFilters) =>
    setParams((current) => new URLSearchParams(gameListFiltersSearch(change({ stateId, ...parseGameListFilters(current) }))), {
      replace: true,
      preventScrollReset: true,
      state: keepScrollState,
    });

  // The address changed on its own (back, forward, a link, Limpar filtros): the field follows it.
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    if (location.trim() !== applied) setLocation(applied);
  }

  useEffect(() => {
    if (settled !== applied && settled === location.trim()) apply((current) => ({ ...current, location: settled || undefined }));
    // Runs when the typing settles; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const values: GameListFilters = { ...query, stateId, location: location === '' ? undefined : location };
  const count = countGameListFilters({ ...values, location: location.trim() || undefined });
  return {
    values,
    query,
    hasFilters: count > 0,
    count,
    set: (key, value) => {
      if (key === 'location') {
        const text = (value as string | undefined) ?? '';
        setLocation(text);
        // Clearing the field applies at once; only typing waits for the text to settle.
        if (text.trim() === '') apply((current) => ({ ...current, location: undefined }));
        return;
      }
      apply((current) => ({ ...current, [key]: value }));
    },
    setState: (stateId) => apply((current) => ({ ...current, stateId, cityId: undefined })),
    clear: () => {
      setLocation('');
      apply(() => ({}));
    },
  };
}
