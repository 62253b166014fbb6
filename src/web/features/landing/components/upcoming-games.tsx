import { ArrowRight, CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { placesWording } from '../../../../shared/places-wording';
import type { Game } from '../../../../shared/schemas/games';
import { FullBadge } from '../../../components/games/full-badge';
import { hasNoPlaceLeft } from '../../../components/games/game-facts';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/spinner';
import { formatLongDate, formatPrice, formatTime } from '../../../lib/format';
import { LANDING_GAMES_LIMIT, useUpcomingGames } from '../api';

/**
 * The free places in the one wording (placesWording), or the line once none is free; when the only free places are held
 * for mensalistas, FullBadge's "Só vagas de mensalistas", as on the game's page.
 */
function SlotsBadge({ game }: { game: Game }) {
  const { free } = placesWording(game, new Date());
  if (game.remainingSlots <= 0 && !hasNoPlaceLeft(game)) return <FullBadge game={game} />;
  if (game.remainingSlots <= 0 || free === undefined) return <Badge tone="warning">Lotado · lista de espera</Badge>;
  return <Badge tone={game.remainingSlots === 1 ? 'warning' : 'success'}>{free}</Badge>;
}

function GameCard({ game }: { game: Game }) {
  const place = [game.city?.name, game.state?.uf].filter(Boolean).join(' – ');
  return (
    <li className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-800 dark:text-brand-200">
        <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
        <span className="first-letter:uppercase">{formatLongDate(game.dateTime, game.timeZone)}</span>
      </p>
      <p className="mt-1 text-3xl font-extrabold tracking-tight">{formatTime(game.dateTime, game.timeZone)}</p>
      <h3 className="mt-3 text-lg font-bold leading-snug">
        {/* The whole card opens the game's page; the link's name stays the game's name. */}
        <Link to={`/apply/${game.id}`} className="after:absolute after:inset-0 after:rounded-2xl">
          {game.name}
        </Link>
      </h3>
      <p className="mt-2 flex items-start gap-2 text-slate-600 dark:text-slate-400">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {game.location}
          {place && <span className="block text-sm">{place}</span>}
        </span>
      </p>
      <div className="mt-auto flex items-end justify-between gap-3 pt-5">
        <p className="text-2xl font-extrabold text-slate-900 dark:text-white">{formatPrice(game.price)}</p>
        <SlotsBadge game={game} />
      </div>
    </li>
  );
}

function GameCardSkeleton() {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="mt-3 h-8 w-20" />
      <Skeleton className="mt-4 h-5 w-3/4" />
      <Skeleton className="mt-3 h-4 w-1/2" />
      <div className="mt-6 flex justify-between">
        <Skeleton className="h-7 w-24" />
        <Skeleton className="h-6 w-20 rounded-full" />
      </div>
    </li>
  );
}

/** A few upcoming public games; the section simply disappears when there are none or the call fails. */
export function UpcomingGames() {
  const { data: games, isPending, isError } = useUpcomingGames();
  if (isError || (!isPending && games.length === 0)) return null;

  return (
    <section aria-labelledby="proximos-jogos" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="proximos-jogos" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Próximos jogos
          </h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">Jogos abertos para inscrição agora.</p>
        </div>
        <Link
          to="/public-games"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-xl font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          Ver todos os jogos
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <ul className="grid gap-4 md:grid-cols-3" aria-busy={isPending || undefined} aria-label={isPending ? 'Carregando jogos' : undefined}>
        {isPending
          ? Array.from({ length: LANDING_GAMES_LIMIT }, (_, index) => <GameCardSkeleton key={index} />)
          : games.map((game) => <GameCard key={game.id} game={game} />)}
      </ul>
    </section>
  );
}
