import { CalendarDays, Clock, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Game } from '../../../../shared/schemas/games';
import { HYDRATE_AT_ONCE_ATTRIBUTE } from '../../../../shared/ssr';
import { GameDescription } from '../../../components/games/game-description';
import { placesWording } from '../../../../shared/places-wording';
import { cityLabel, placesColour } from '../../../components/games/game-facts';
import { FullBadge } from '../../../components/games/full-badge';
import { GamePhaseBadge } from '../../../components/games/game-phase-badge';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SkeletonStack } from '../../../components/ui/spinner';
import { ShareGameButton } from '../../../components/games/share-game';
import { cn } from '../../../lib/cn';
import { formatLongDate, formatPrice, formatTime } from '../../../lib/format';
import { AddToCalendar } from './add-to-calendar';
import { DrawnTeams } from './drawn-teams';
import { PaymentBadge } from './game-card';
import { LocationMap } from './location-map';
import { WhoIsGoing } from './who-is-going';

function Fact({ icon, label, children, className }: { icon: ReactNode; label: string; children: ReactNode; className?: string }) {
  return (
    // A <dl> group may hold only <dt> and <dd>: the icon sits inside the term, beside both lines.
    <div className="relative pl-8">
      <dt className="text-sm text-slate-600 dark:text-slate-400">
        <span className="absolute left-0 top-1 text-brand-700 dark:text-brand-300">{icon}</span>
        {label}
      </dt>
      <dd className={cn('text-lg font-bold', className)}>{children}</dd>
    </div>
  );
}

/** A game's page: what, when, where, how much, how many slots, and the actions the caller passes. */
export function GameDetailsView({ game, actions, summary }: { game: Game; actions: ReactNode; summary?: ReactNode }) {
  const place = cityLabel(game);
  const places = placesWording(game, new Date());
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <div className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{game.name}</h1>
        <div className="flex flex-wrap gap-2">
          {game.sport && <Badge tone="info">{game.sport.name}</Badge>}
          {place && <Badge>{place}</Badge>}
          <PaymentBadge usePlatformPayment={game.usePlatformPayment} />
          {game.visibility === 'private' && <Badge tone="warning">Privado</Badge>}
          {game.group && (
            <Link to={`/t/${game.group.slug}`} className="inline-flex">
              <Badge tone="info">{game.visibility === 'group' ? `Só a turma ${game.group.name}` : `Turma ${game.group.name}`}</Badge>
            </Link>
          )}
          <FullBadge game={game} />
          <GamePhaseBadge game={game} />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="space-y-6">
          <Card>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact icon={<CalendarDays className="size-5" aria-hidden="true" />} label="Data" className="first-letter:uppercase">
                {formatLongDate(game.dateTime, game.timeZone)}
              </Fact>
              <Fact icon={<Clock className="size-5" aria-hidden="true" />} label="Horário" className="tabular-nums">
                {formatTime(game.dateTime, game.timeZone)}
              </Fact>
              <Fact
                icon={
                  <span className="text-lg font-bold" aria-hidden="true">
                    R$
                  </span>
                }
                label="Preço"
                className="tabular-nums"
              >
                {formatPrice(game.price)}
              </Fact>
              <Fact icon={<Users className="size-5" aria-hidden="true" />} label="Vagas" className={cn('tabular-nums', placesColour(game))}>
                {places.line}
              </Fact>
            </dl>
            {places.heldNote && <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{places.heldNote}</p>}
            {summary}
          </Card>

          <div className="space-y-3">
            <AddToCalendar game={game} />
            <ShareGameButton game={game} fullWidth />
          </div>

          <DrawnTeams game={game} />

          <WhoIsGoing game={game} />

          <section aria-labelledby="game-place" className="space-y-3">
            <h2 id="game-place" className="text-xl font-bold">
              Local
            </h2>
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <span>
                <span className="block font-semibold">{game.location}</span>
                {game.address && <span className="block text-slate-700 dark:text-slate-300">{game.address}</span>}
              </span>
            </p>
            <LocationMap address={game.address} location={game.location} />
          </section>

          {(game.descriptionHtml.trim() !== '' || game.description.trim() !== '') && (
            <section aria-labelledby="game-description" className="space-y-2">
              <h2 id="game-description" className="text-xl font-bold">
                Sobre o jogo
              </h2>
              <GameDescription game={game} />
            </section>
          )}
        </div>

        <Card className="space-y-4 lg:sticky lg:top-20 lg:order-none order-first">
          <h2 className="text-lg font-bold">Sua inscrição</h2>
          {actions}
        </Card>
      </div>
    </div>
  );
}

export function GameDetailsSkeleton() {
  return (
    // Rendered by the server only when the game could not be read there (unknown, or gone): the browser hydrates at
    // once and reads it itself, so a visitor gets "Jogo não encontrado" at once rather than a skeleton until a tap.
    <div {...{ [HYDRATE_AT_ONCE_ATTRIBUTE]: '' }}>
      <SkeletonStack
        label="Carregando jogo..."
        bars={['h-9 w-2/3', 'h-7 w-1/2', 'h-40 w-full', 'h-64 w-full']}
        className="mx-auto w-full max-w-5xl space-y-6"
      />
    </div>
  );
}

/** A cancelled game's notice, with the organiser's reason, for everyone who opens it. */
export function GameCancelledNotice({ game }: { game: Game }) {
  return (
    <div
      role="status"
      className="space-y-1 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">Este jogo foi cancelado.</p>
      {game.cancelReason && <p>Motivo: {game.cancelReason}</p>}
    </div>
  );
}

/** A game that cannot be shown; with `message`, the server's own words for why (a private link that failed). */
export function GameNotFound({ message }: { message?: string }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-2xl font-bold">
        {message ? 'Jogo não encontrado' : 'Jogo não encontrado ou não está disponível para inscrição'}
      </h1>
      <p className="text-slate-600 dark:text-slate-400">{message ?? 'Ele pode ter sido removido, ainda não foi publicado ou é privado.'}</p>
      <Link to="/games" className={buttonClasses('primary')}>
        Voltar para os jogos
      </Link>
    </div>
  );
}
