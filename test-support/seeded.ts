/**
 * mulberry32, a small seeded generator: the same seed gives the same numbers in [0, 1), so a failing sequence (a
 * property test, a soak) can be run again from its seed.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The seeded generator with the draws tests and the soak make: a whole number in a range, one of a list, a chance. */
export function seeded(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[Math.floor(next() * items.length)]),
    chance: (p: number) => next() < p,
  };
}

export type Random = ReturnType<typeof seeded>;
