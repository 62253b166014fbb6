import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { type GamePayloadShape, validateGamePayload } from '../../../shared/schemas/user-games';
import { type GameRow, lockGameWhere } from '../../core/games/registration-guards';
import { type GameValues, resolveGamePayload } from '../../core/games/resolve-game-payload';
import { timeZoneOfState } from '../../core/games/time-zone';
import type { Tx } from '../../db/open-database';
import { games } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const PUBLIC_FIELDS = ['sportId', 'stateId', 'cityId'] as const;

/**
 * The organisers' payload rules (resolveGamePayload), worded as the admin form words them (spec §5):
 * a missing field, price included, is 'Por favor, preencha todos os campos obrigatórios.'; a public
 * game without sport, state or city gets its own sentence; then the unparseable date. Field errors
 * stay as the shared rules give them.
 */
function adminPayloadError(body: GamePayloadShape, options: { now: Date; current?: GameRow; timeZone: string }): AppError | undefined {
  const result = validateGamePayload(body, { now: options.now, unchangedDateTime: options.current?.dateTime, timeZone: options.timeZone });
  const fields: Record<string, string> = result.success ? {} : { ...result.fields };
  if ((body.price === undefined || body.price === null) && body.free !== true) fields.price = messages.fieldRequired;
  if (Object.keys(fields).length === 0) return undefined;

  const isPublicMissing = PUBLIC_FIELDS.some((key) => key in fields);
  for (const key of PUBLIC_FIELDS) if (key in fields) fields[key] = messages.admin.publicNeedsPlace;
  const message = Object.values(fields).includes(messages.fieldRequired)
    ? messages.admin.requiredFields
    : isPublicMissing
      ? messages.admin.publicNeedsPlace
      : result.success
        ? messages.admin.requiredFields
        : result.message;
  return new AppError('validation_failed', message, fields);
}

export async function resolveAdminGamePayload(
  tx: Tx,
  body: GamePayloadShape,
  options: { now: Date; current?: GameRow },
): Promise<GameValues> {
  const error = adminPayloadError(body, { ...options, timeZone: await timeZoneOfState(tx, body.stateId) });
  if (error) throw error;
  return resolveGamePayload(tx, body, { ...options, groupId: options.current?.groupId ?? null });
}

/** Locks any game (the admin is not limited to their own), as every slot or money change does first. */
export async function lockAdminGame(tx: Tx, gameId: number): Promise<GameRow> {
  const game = await lockGameWhere(tx, eq(games.id, gameId));
  if (!game) throw new AppError('game_not_found', messages.admin.gameNotFound);
  return game;
}
