import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { AuthUser, ServerContext } from '../../core/context';
import { assertManagesGame, loadRegistrationsWithContacts } from '../../core/games/game-day';
import { effectiveStatus } from '../../core/games/game-view';
import { listWalkIns } from '../../core/games/walk-ins';
import { games } from '../../db/schema';
import { centsCell, dateTimeCell, excelCsv } from '../../lib/csv';

const csv = messages.gameDay.csv;

/** The game's registrations as a spreadsheet for the organiser: one row per registration, oldest first, then the walk-ins. */
export async function exportRegistrationsCsv(
  ctx: ServerContext,
  user: AuthUser,
  gameId: number,
): Promise<{ filename: string; body: string }> {
  await assertManagesGame(ctx.db, gameId, user);
  // Registration times read on the clocks of the game's place, like everything else about it.
  const [game] = await ctx.db.select({ timeZone: games.timeZone }).from(games).where(eq(games.id, gameId));
  const now = ctx.clock.now();
  const rows = await loadRegistrationsWithContacts(ctx.db, gameId);
  // Walk-ins (decision 047) after the registrations: a name, a place and their game-day marks.
  const walkIns = await listWalkIns(ctx.db, gameId);
  const body = excelCsv(csv.registrationsHeader, [
    ...rows.map(({ registration: r, name, email, phone }) => [
      name,
      email,
      phone,
      csv.status[effectiveStatus(r, now)],
      r.paymentType ? csv.payment[r.paymentType] : '',
      centsCell(r.paidCents),
      csv.presence(r.present),
      r.level,
      dateTimeCell(r.createdAt, game!.timeZone),
    ]),
    ...walkIns.map((walkIn) => [
      walkIn.name,
      '',
      '',
      messages.walkIns.csvStatus,
      '',
      '',
      csv.presence(walkIn.present),
      walkIn.level,
      dateTimeCell(new Date(walkIn.createdAt), game!.timeZone),
    ]),
  ]);
  return { filename: `inscricoes-jogo-${gameId}.csv`, body };
}
