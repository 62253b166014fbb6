/** The `:gameId` of a route as a number; NaN for anything that is not one (shows not-found). */
export function parseGameId(value: string | undefined): number {
  return value && /^\d+$/.test(value) ? Number(value) : NaN;
}
