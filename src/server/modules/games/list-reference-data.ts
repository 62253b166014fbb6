import { and, asc, eq } from 'drizzle-orm';
import type { BrazilianState, City, Sport } from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { cities, sports, states } from '../../db/schema';

/** The pickers show only active items. Sports keep their seeded order (volleyball first). */
export function listSports(ctx: ServerContext): Promise<Sport[]> {
  return ctx.db.select().from(sports).where(eq(sports.active, true)).orderBy(asc(sports.id));
}

export function listStates(ctx: ServerContext): Promise<BrazilianState[]> {
  return ctx.db.select().from(states).where(eq(states.active, true)).orderBy(asc(states.name));
}

/** Active cities, of one state when given (an unknown state simply has none), in pt-BR order (Águas Mornas among the A's). */
export async function listCities(ctx: ServerContext, stateId: number | undefined): Promise<City[]> {
  const rows = await ctx.db
    .select({ id: cities.id, name: cities.name, stateId: cities.stateId, active: cities.active })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(cities.active, true), eq(states.active, true), stateId === undefined ? undefined : eq(cities.stateId, stateId)));
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}
