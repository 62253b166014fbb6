import icalGenerator, { ICalEventStatus } from 'ical-generator';
import { messages } from '../../../shared/messages';
import { gameEnd } from '../../../shared/rules/game-timing';
import { gamePath } from '../games/game-notices';

/** What an event needs of a game. */
export type CalendarGame = {
  id: number;
  name: string;
  location: string;
  address: string;
  dateTime: Date;
  status: 'active' | 'cancelled';
  cancelReason: string | null;
  updatedAt: Date;
  /** The player's place is held but not paid yet: TENTATIVE. */
  isTentative?: boolean;
};

const place = (game: CalendarGame) => [game.location, game.address].filter((part) => part.trim() !== '').join(', ');

/**
 * An iCalendar of games, one event each: the UID is the game's (so a re-import or the next feed refresh
 * updates the event instead of adding another), times in UTC (an instant every calendar app shows on its own clocks,
 * so a 19:30 game in Manaus reads 19:30 to a phone in Manaus; a TZID would need a VTIMEZONE), a cancelled game stays as
 * STATUS:CANCELLED so calendars drop it, and a place not paid yet is TENTATIVE.
 */
export function gameCalendar(games: CalendarGame[], options: { publicUrl: string; name?: string }): string {
  const host = new URL(options.publicUrl).hostname;
  const calendar = icalGenerator({
    prodId: { company: 'Bora Jogar', product: 'Bora Jogar', language: 'PT-BR' },
    name: options.name ?? null,
  });
  for (const game of games) {
    const url = `${options.publicUrl}${gamePath(game.id)}`;
    const isCancelled = game.status === 'cancelled';
    calendar.createEvent({
      id: `jogo-${game.id}@${host}`,
      start: game.dateTime,
      end: gameEnd(game.dateTime),
      // Stamped with the game's last change, not the time of the request: the same game gives the same bytes.
      stamp: game.updatedAt,
      lastModified: game.updatedAt,
      // The revision: every change of the game (a cancel included) raises it, as calendars want before they
      // replace an event they already hold.
      sequence: Math.floor(game.updatedAt.getTime() / 1000),
      summary: game.name,
      location: place(game),
      description: [isCancelled ? messages.calendarEventCancelled(game.cancelReason) : null, messages.calendarEventDescription(url)]
        .filter(Boolean)
        .join('\n'),
      url,
      status: isCancelled ? ICalEventStatus.CANCELLED : game.isTentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
