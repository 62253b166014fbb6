import { formatWeekdayDateTime } from './dates';
import { formatBRL } from './money';
import { type PlacesCounts, placesWording } from './places-wording';

export type ListGame = PlacesCounts & {
  name: string;
  location: string;
  address: string;
  timeZone: string;
  /** Reais. */
  price: number;
};

export type ListPlayer = {
  name: string;
  /** A mensalista: a member of the game's weekly series. */
  isMember: boolean;
  /** A walk-in the organiser added by name. */
  isWalkIn: boolean;
  /** Paid through the platform (credits, card or PIX). */
  hasPaidOnPlatform: boolean;
};

function playerLine(player: ListPlayer, index: number): string {
  const marks = [player.isMember ? ' (mensalista)' : '', player.isWalkIn ? ' (avulso)' : '', player.hasPaidOnPlatform ? ' ✅' : ''];
  return `${index + 1}. ${player.name}${marks.join('')}`;
}

/**
 * The list as organisers paste it in WhatsApp (issue 44, item 6): the game's line (weekday, date and time on its own
 * clocks, place, price) and its places in the one wording of every screen, then the confirmed players and walk-ins
 * numbered in the order they got their place, mensalistas and walk-ins marked and ✅ for who paid through the platform,
 * then the waitlist, numbered in its order.
 */
export function gameListText(game: ListGame, players: ListPlayer[], waitlist: string[], now: Date): string {
  const place = game.address ? `${game.location} (${game.address})` : game.location;
  const lines = [
    `🏐 ${game.name}`,
    `📅 ${formatWeekdayDateTime(game.dateTime, game.timeZone)}`,
    `📍 ${place}`,
    `💰 ${game.price > 0 ? formatBRL(game.price) : 'Gratuito'}`,
    placesWording(game, now).line,
    '',
    'Confirmados:',
    ...(players.length > 0 ? players.map(playerLine) : ['Ninguém ainda']),
  ];
  if (waitlist.length > 0) lines.push('', 'Lista de espera:', ...waitlist.map((name, index) => `${index + 1}. ${name}`));
  if (players.some((player) => player.hasPaidOnPlatform)) lines.push('', '✅ pago pela plataforma');
  return `${lines.join('\n')}\n`;
}
