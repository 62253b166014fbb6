export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can stand anywhere in time. */
export function fixedClock(start: Date): Clock & { set(date: Date): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
