import { CalendarDays, Clock, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { placesWording } from '../../../shared/places-wording';
import type { Game } from '../../../shared/schemas/games';
import { cn } from '../../lib/cn';
import { formatDate, formatLongDate, formatPrice, formatTime } from '../../lib/format';

/** `Florianópolis/SC`, or '' for a game without a city (private games may have none). */
export function cityLabel(game: Pick<Game, 'city' | 'state'>): string {
  return [game.city?.name, game.state?.uf].filter(Boolean).join('/');
}

export const isFull = (game: Pick<Game, 'remainingSlots'>) => game.remainingSlots <= 0;

/** No place left to anyone: none free, and none held for a weekly series' mensalistas either. */
export const hasNoPlaceLeft = (game: Pick<Game, 'remainingSlots' | 'memberPlacesFree'>) =>
  isFull(game) && (game.memberPlacesFree ?? 0) <= 0;

/**
 * The colour of a game's places: red once no place is left to anyone; amber, as FullBadge's "Só vagas de mensalistas",
 * when the only free places are held for mensalistas; none of its own while anyone may take one.
 */
export function placesColour(game: Pick<Game, 'remainingSlots' | 'memberPlacesFree'>): string | undefined {
  if (!isFull(game)) return undefined;
  return hasNoPlaceLeft(game) ? 'text-red-700 dark:text-red-400' : 'text-amber-800 dark:text-amber-300';
}

type FactsGame = Pick<
  Game,
  'dateTime' | 'timeZone' | 'location' | 'price' | 'remainingSlots' | 'totalSlots' | 'registeredPlayers' | 'memberPlacesFree' | 'status'
>;

/** The game's date (the long form on hover) and start time on the clocks of its place, each beside its icon; the caller sets their size. */
export function GameWhen({ dateTime, timeZone }: { dateTime: string; timeZone: string }) {
  return (
    <>
      <p className="flex items-center gap-1.5">
        <CalendarDays className="size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <span className="sr-only">Data: </span>
        <span title={formatLongDate(dateTime, timeZone)}>{formatDate(dateTime, timeZone)}</span>
      </p>
      <p className="flex items-center gap-1.5">
        <Clock className="size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        <span className="sr-only">Horário: </span>
        {formatTime(dateTime, timeZone)}
      </p>
    </>
  );
}

/** Where the game is played, beside its pin. */
export function GamePlace({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-1.5 text-slate-700 dark:text-slate-300">
      <MapPin className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="sr-only">Local: </span>
      {children}
    </p>
  );
}

/**
 * The numbers people act on, big: date and time, price, places (placesWording: taken, free, held); then the place.
 * `compact` leaves out the places (lists of the user's own games).
 */
export function GameFacts({ game, compact = false, className }: { game: FactsGame; compact?: boolean; className?: string }) {
  return (
    <div className={cn('space-y-2', className)}>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-lg font-bold tabular-nums">
        <GameWhen dateTime={game.dateTime} timeZone={game.timeZone} />
        <p className="text-slate-900 dark:text-white">
          <span className="sr-only">Preço: </span>
          {formatPrice(game.price)}
        </p>
      </div>
      <GamePlace>{game.location}</GamePlace>
      {!compact && (
        <p
          className={cn('flex items-center gap-1.5 font-semibold tabular-nums', placesColour(game) ?? 'text-slate-800 dark:text-slate-200')}
        >
          <Users className="size-5 shrink-0" aria-hidden="true" />
          <span className="sr-only">Vagas: </span>
          {placesWording(game, new Date()).line}
        </p>
      )}
    </div>
  );
}
