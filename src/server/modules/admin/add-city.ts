import { and, asc, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { IBGE_STATE_CODES, isCityCodeOfState } from '../../../shared/rules/ibge';
import type { AdminCity } from '../../../shared/schemas/admin';
import type { ServerContext } from '../../core/context';
import type { Queryable } from '../../db/open-database';
import { cities, states } from '../../db/schema';
import { AppError } from '../../lib/app-error';

async function stateOf(q: Queryable, stateId: number) {
  const [state] = await q.select().from(states).where(eq(states.id, stateId));
  if (!state) throw new AppError('state_not_found', messages.admin.stateNotFound);
  return state;
}

const cityColumns = { id: cities.id, name: cities.name, stateId: cities.stateId, active: cities.active, ibgeCode: cities.ibgeCode };

/** Every city of the state, active or not, in pt-BR alphabetical order. */
export async function listStateCities(ctx: ServerContext, stateId: number): Promise<AdminCity[]> {
  await stateOf(ctx.db, stateId);
  const rows = await ctx.db.select(cityColumns).from(cities).where(eq(cities.stateId, stateId)).orderBy(asc(cities.id));
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/**
 * A new active city of the state. Its IBGE code must start with the state's (SC = 42); a city of the same name in the
 * state or with the same code is a 409, found by the unique indexes, so two admins adding it at once get one city.
 */
export async function addCity(ctx: ServerContext, stateId: number, body: { name: string; ibgeCode: string }) {
  const state = await stateOf(ctx.db, stateId);
  if (!isCityCodeOfState(body.ibgeCode, state.uf)) {
    const message = messages.admin.ibgeCodeOfOtherState(state.uf, IBGE_STATE_CODES[state.uf] ?? '??');
    throw new AppError('validation_failed', message, { ibgeCode: message });
  }
  const [sameName] = await ctx.db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.stateId, stateId), sql`lower(${cities.name}) = lower(${body.name})`));
  if (sameName) throw new AppError('city_exists', messages.admin.cityExists);
  const [city] = await ctx.db
    .insert(cities)
    .values({ stateId, name: body.name, ibgeCode: body.ibgeCode, active: true })
    .onConflictDoNothing()
    .returning(cityColumns);
  if (!city) throw new AppError('city_exists', messages.admin.cityExists);
  ctx.log.info({ cityId: city.id, stateId, ibgeCode: city.ibgeCode }, 'cidade adicionada');
  return { message: messages.admin.cityAdded(city.name), city };
}
