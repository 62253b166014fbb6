import { listGamesQuerySchema } from './schemas/games';

/**
 * The filters of the games lists as their address carries them (`/public-games?cityId=…`, the same on
 * /games), in this order. The web page reads and writes them, and the server keys its rendered pages
 * by them (decision 031).
 */
export const GAME_LIST_FILTER_KEYS = ['sportId', 'stateId', 'cityId', 'date', 'location'] as const;
export type GameListFilterKey = (typeof GAME_LIST_FILTER_KEYS)[number];

export type GameListFilters = {
  sportId?: number;
  stateId?: number;
  cityId?: number;
  /** `YYYY-MM-DD`, a day in São Paulo */
  date?: string;
  location?: string;
};

/**
 * The filters an address asks for. Each value is read with the API's own rule for it; one the API
 * would refuse (`sportId=abc`, `date=2026-02-30`, a location past 100 characters) is left out rather
 * than failing the page, and so is anything else in the query string.
 */
export function parseGameListFilters(params: URLSearchParams): GameListFilters {
  const filters: Record<string, unknown> = {};
  for (const key of GAME_LIST_FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = listGamesQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') filters[key] = parsed.data;
  }
  return filters as GameListFilters;
}

/** The query string of `filters` (`?sportId=1&date=…`, always in the same order), or '' for none. */
export function gameListFiltersSearch(filters: GameListFilters): string {
  const params = new URLSearchParams();
  for (const key of GAME_LIST_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** How many filters are on (the phone's collapsed panel shows it: "Filtros (2)"). */
export function countGameListFilters(filters: GameListFilters): number {
  return GAME_LIST_FILTER_KEYS.filter((key) => filters[key] !== undefined && filters[key] !== '').length;
}
