import { gameEnd } from './rules/game-timing';

/** The player's page of a game: e-mails, calendars, pushes and notifications lead there. */
export const gamePath = (gameId: number) => `/apply/${gameId}`;

/** A turma's page (decision 074). */
export const groupPath = (slug: string) => `/t/${slug}`;

/** Google Maps' search for a place: opens the app on phones, the site elsewhere. */
export function mapSearchUrl(location: string, address: string): string {
  const query = [location, address].filter((part) => part.trim() !== '').join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** `20261128T223000Z`: the UTC form Google Calendar's `dates` takes. */
const compactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Google Calendar's "add event" page filled with a game (the same times as its .ics). */
export function googleCalendarUrl(game: { name: string; location: string; address: string; dateTime: string; url: string }): string {
  const start = new Date(game.dateTime);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: game.name,
    dates: `${compactUtc(start)}/${compactUtc(gameEnd(start))}`,
    location: [game.location, game.address].filter((part) => part.trim() !== '').join(', '),
    details: game.url,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
