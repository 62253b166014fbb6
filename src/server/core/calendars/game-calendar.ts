import { messages } from '../../../shared/messages';
import { gameEnd } from '../../../shared/rules/game-timing';
import { gamePath } from '../../../shared/links';
import { type ContentLine, icalComponent, icalText, icalUtc } from './icalendar';

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
 * STATUS:CANCELLED so calendars drop it, and a place not paid yet is TENTATIVE. The same games give the same bytes.
 */
export function gameCalendar(games: CalendarGame[], options: { publicUrl: string; name?: string }): string {
  const host = new URL(options.publicUrl).hostname;
  const events = games.map((game) => {
    const url = `${options.publicUrl}${gamePath(game.id)}`;
    const isCancelled = game.status === 'cancelled';
    const description = [isCancelled ? messages.calendarEventCancelled(game.cancelReason) : null, messages.calendarEventDescription(url)]
      .filter(Boolean)
      .join('\n');
    return icalComponent('VEVENT', [
      ['UID', `jogo-${game.id}@${host}`],
      // The revision: every change of the game (a cancel included) raises it, as calendars want before they replace
      // an event they already hold.
      ['SEQUENCE', String(Math.floor(game.updatedAt.getTime() / 1000))],
      // Stamped with the game's last change, not the time of the request.
      ['DTSTAMP', icalUtc(game.updatedAt)],
      ['DTSTART', icalUtc(game.dateTime)],
      ['DTEND', icalUtc(gameEnd(game.dateTime))],
      ['SUMMARY', icalText(game.name)],
      ['LOCATION', icalText(place(game))],
      ['DESCRIPTION', icalText(description)],
      ['URL;VALUE=URI', url],
      ['STATUS', isCancelled ? 'CANCELLED' : game.isTentative ? 'TENTATIVE' : 'CONFIRMED'],
      ['LAST-MODIFIED', icalUtc(game.updatedAt)],
    ]);
  });
  const header: ContentLine[] = [
    ['VERSION', '2.0'],
    ['PRODID', '-//Bora Jogar//Bora Jogar//PT-BR'],
  ];
  if (options.name) header.push(['NAME', icalText(options.name)], ['X-WR-CALNAME', icalText(options.name)]);
  return icalComponent('VCALENDAR', header, events);
}
