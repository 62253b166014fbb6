import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import { type GamePayloadShape, validateGamePayload, type ValidGamePayload } from '../../../shared/schemas/user-games';
import type { Queryable } from '../../db/open-database';
import { cities, sports, states } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { storedDescription } from './description-html';
import type { GameRow } from './registration-guards';
import { timeZoneOfState } from './time-zone';

/** The columns a game payload sets; `state` is absent when the payload did not say. */
export type GameValues = Omit<ValidGamePayload, 'state'> & {
  descriptionHtml: string;
  state?: 'draft' | 'published';
};

/** What an edit keeps from the stored game (or a series' template and first date): its date and reference data. */
type StoredPayload = Pick<GameRow, 'dateTime' | 'sportId' | 'stateId' | 'cityId'>;

/**
 * Sport, state and city must exist and be active, and the city must belong to the state. An edit
 * may keep an item that was deactivated after the game was made.
 */
async function checkReferenceData(q: Queryable, data: ValidGamePayload, current: StoredPayload | undefined) {
  const fields: Record<string, string> = {};
  const changed = (key: 'sportId' | 'stateId' | 'cityId') => data[key] !== null && data[key] !== current?.[key];

  if (changed('sportId')) {
    const [sport] = await q.select({ active: sports.active }).from(sports).where(eq(sports.id, data.sportId!));
    if (!sport?.active) fields.sportId = messages.sportInvalid;
  }
  if (changed('stateId')) {
    const [state] = await q.select({ active: states.active }).from(states).where(eq(states.id, data.stateId!));
    if (!state?.active) fields.stateId = messages.stateInvalid;
  }
  if (data.cityId !== null && (changed('cityId') || changed('stateId'))) {
    const [city] = await q.select({ active: cities.active, stateId: cities.stateId }).from(cities).where(eq(cities.id, data.cityId));
    const keepsCity = data.cityId === current?.cityId && city !== undefined;
    if (!city || (!city.active && !keepsCity) || city.stateId !== data.stateId) fields.cityId = messages.cityInvalid;
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError('validation_failed', first, fields);
}

/**
 * A game payload (already shaped by gamePayloadSchema) turned into the columns to store, or a 400
 * with the spec's pt-BR message and the field errors. For the organiser's and the admin's create
 * and update alike; pass the stored game as `current` when editing.
 */
export async function resolveGamePayload(
  q: Queryable,
  body: GamePayloadShape,
  options: { now: Date; current?: StoredPayload; groupId?: number | null },
): Promise<GameValues> {
  const timeZone = await timeZoneOfState(q, body.stateId);
  const result = validateGamePayload(body, { now: options.now, unchangedDateTime: options.current?.dateTime, timeZone });
  if (!result.success) throw new AppError('validation_failed', result.message, result.fields);
  const { state, ...data } = result.data;
  // Only a turma's game (or series) is for its members alone (decision 074).
  if (data.visibility === 'group' && (options.groupId ?? null) === null) {
    throw new AppError('validation_failed', messages.groups.groupRequired, { visibility: messages.groups.groupRequired });
  }
  await checkReferenceData(q, result.data, options.current);
  return { ...data, ...storedDescription(data.description), ...(state ? { state } : {}) };
}

/** A stored game as the payload that would make it: publishing checks a draft against the same rules. */
export function gamePayloadOf(game: GameRow): GamePayloadShape {
  return {
    name: game.name,
    location: game.location,
    address: game.address,
    dateTime: game.dateTime.toISOString(),
    price: toReais(game.priceCents),
    totalSlots: game.totalSlots,
    description: game.description,
    visibility: game.visibility,
    usePlatformPayment: game.usePlatformPayment,
    state: game.state,
    sportId: game.sportId,
    stateId: game.stateId,
    cityId: game.cityId,
  };
}
