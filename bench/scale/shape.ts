// The proportions of a generated platform, drawn from a seed: how games fall to organisers, how full they are, how
// many players leave or wait, how many accounts were erased, how often each person is notified and plays, how places
// are paid. The same seed draws the same shape; `generate.ts` writes it at any scale, so the small database is the
// large one's shape, smaller.
import { mulberry32 } from '../../test-support/seeded';

/** The seed `npm run bench:scale` draws from when none is given; bench/README.md records it and one more. */
export const DEFAULT_SEED = 1;
export const RECORDED_SEEDS = [DEFAULT_SEED, 2] as const;

/** Each proportion's range: a draw is uniform within it (whole numbers for the counts and cents). */
export const SHAPE_RANGES = {
  /** Organiser of rank r gets games in proportion to r^-skew: 0.5 spreads them, 1 gives the first a sixth at scale 1. */
  organiserSkew: [0.5, 1],
  /** Places in a game: from 8 to this many. */
  maxSlots: [14, 36],
  /** Games filled to the last place (a series' weeks always are). */
  fullShare: [0.3, 0.9],
  /** A game not full has at least this share of its places taken. */
  minFill: [0.2, 0.7],
  /** Full games with a waitlist, and a waitlist's longest length. */
  waitlistShare: [0.05, 0.4],
  maxWaitlist: [3, 15],
  /** Players who left a game, from 0 to this many per game. */
  maxLeft: [0, 8],
  /** Games cancelled by their organiser (everyone refunded). */
  cancelledShare: [0.01, 0.08],
  /** Accounts erased by their owner, as an erasure leaves them. */
  deletedShare: [0.005, 0.08],
  /**
   * A game's players are neighbours in the list of accounts, starting at position `size × u^skew` (u uniform): 1 spreads
   * play evenly, 2 makes the oldest accounts play in about one game in a hundred each at scale 1 (their ledgers the longest).
   */
  playerSkew: [1, 2],
  /** Notifications per player on average, and how they skew to the oldest accounts (as for play). */
  notificationsPerPlayer: [5, 25],
  notificationSkew: [1, 2],
  /** Places paid with credits; of the others paid through the platform, the share paid by PIX (the rest by card). */
  creditShare: [0.3, 0.8],
  pixShare: [0.1, 0.6],
  /** A top-up's amount: players top up by this much until what they spent is covered. */
  topUpCents: [1000, 5000],
} as const satisfies Record<string, readonly [number, number]>;

export type ShapeDraws = { -readonly [K in keyof typeof SHAPE_RANGES]: number };

/** Whole-number draws: counts and cents. */
const WHOLE: ReadonlySet<keyof ShapeDraws> = new Set(['maxSlots', 'maxWaitlist', 'maxLeft', 'topUpCents']);

/** A seed the bench accepts: a whole number from 0 to 2^31 − 1 (it also keys the SQL's hashes). */
export function isSeed(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < 2 ** 31;
}

/** The shape a seed draws, in SHAPE_RANGES' order. */
export function drawShape(seed: number): ShapeDraws {
  if (!isSeed(seed)) throw new Error(`semente inválida: ${seed} (um número inteiro de 0 a 2147483647)`);
  const next = mulberry32(seed);
  const draws = {} as ShapeDraws;
  for (const [name, [low, high]] of Object.entries(SHAPE_RANGES) as Array<[keyof ShapeDraws, readonly [number, number]]>) {
    const value = low + next() * (high - low);
    draws[name] = WHOLE.has(name) ? Math.round(value) : Math.round(value * 1000) / 1000;
  }
  return draws;
}
