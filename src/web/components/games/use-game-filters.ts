import { useState } from 'react';
import type { GameFilters } from '../../lib/queries/games';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export type GameFiltersState = {
  /** What the fields show, as typed. */
  values: GameFilters;
  /** What the list asks the server for: the same, with the location text settled. */
  query: GameFilters;
  hasFilters: boolean;
  set: <K extends keyof GameFilters>(key: K, value: GameFilters[K]) => void;
  /** A new state always clears the city (spec: players §5). */
  setState: (stateId: number | undefined) => void;
  clear: () => void;
};

/**
 * The filters of a game list. They live in the page, not in the address: the app scrolls to
 * the top on every query change, which would jump while the player types a location.
 */
export function useGameFilters(): GameFiltersState {
  const [values, setValues] = useState<GameFilters>({});
  const location = useDebouncedValue(values.location?.trim() ?? '', 350);
  // Clearing the field applies at once; only typing waits for the text to settle.
  const query: GameFilters = { ...values, location: values.location?.trim() && location !== '' ? location : undefined };
  const hasFilters = Object.values(values).some((value) => value !== undefined && value !== '');
  return {
    values,
    query,
    hasFilters,
    set: (key, value) => setValues((current) => ({ ...current, [key]: value })),
    setState: (stateId) => setValues((current) => ({ ...current, stateId, cityId: undefined })),
    clear: () => setValues({}),
  };
}
