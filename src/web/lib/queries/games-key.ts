/** Every cached game list and game lives under this key: one invalidation refreshes them all. */
export const gamesKey = ['games'] as const;
