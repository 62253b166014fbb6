import { toCents } from '../../../shared/money';
import type { SeriesMembership } from '../../../shared/schemas/series';

export type JoinCost = {
  /** Published weeks, each with or without a place for a new member. */
  published: number;
  /** Weeks already full: no place. */
  full: number;
  /** Confirmed now and charged from credits. */
  paidNow: { games: number; cents: number };
  /** Held until their deadline (48 h before each game), in date order. */
  due: { games: number; cents: number; firstDeadline: string | null };
  /** Free games: confirmed at once. */
  free: number;
  /** Paid outside the platform: confirmed, settled with the organiser. */
  outside: number;
};

/**
 * What joining would do now, week by week in date order, as joinSeries does it: a week with a place is confirmed
 * when free or paid outside, charged from credits while the balance covers its price, and held until its deadline
 * otherwise.
 */
export function joinCost(weeks: SeriesMembership['weeks'], credits: number): JoinCost {
  let balance = toCents(credits);
  const cost: JoinCost = {
    published: weeks.length,
    full: 0,
    paidNow: { games: 0, cents: 0 },
    due: { games: 0, cents: 0, firstDeadline: null },
    free: 0,
    outside: 0,
  };
  for (const week of weeks) {
    const price = toCents(week.price);
    if (!week.hasPlace) cost.full += 1;
    else if (!week.usePlatformPayment) cost.outside += 1;
    else if (price === 0) cost.free += 1;
    else if (balance >= price) {
      balance -= price;
      cost.paidNow.games += 1;
      cost.paidNow.cents += price;
    } else {
      cost.due.games += 1;
      cost.due.cents += price;
      cost.due.firstDeadline ??= week.paymentDeadline;
    }
  }
  return cost;
}
