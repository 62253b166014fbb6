import { ChevronRight, Hourglass, Mail, Megaphone } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { gamePhase } from '../../../../shared/rules/game-timing';
import { placesWording } from '../../../../shared/places-wording';
import type { MyGame } from '../../../../shared/schemas/games';
import { GameFacts } from '../../../components/games/game-facts';
import { GamePhaseBadge } from '../../../components/games/game-phase-badge';
import { NoGamesYet } from '../../../components/games/no-games-yet';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { RegistrationBadge, type RegistrationView } from '../../../components/games/registration-badge';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSection } from '../../../components/ui/page-section';
import { useInvitations } from '../../../lib/queries/invitations';
import { useMe } from '../../../lib/queries/me';
import { useOrganisedGames } from '../../../lib/queries/user-games';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Spec: the home shows the first 3 invitations. */
const HOME_INVITATIONS = 3;
/** A game played today still shows (as Finalizado) for a day, like the public list. */
const FINISHED_VISIBLE_MS = 24 * 60 * 60 * 1000;

const linkClasses =
  'inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

/** Confirmed or awaiting-payment games from yesterday on, soonest first. */
export function nextGames(myGames: MyGame[], now: Date): MyGame[] {
  return myGames
    .filter((game) => game.registrationType !== 'cancelled')
    .filter((game) => new Date(game.dateTime).getTime() > now.getTime() - FINISHED_VISIBLE_MS)
    .sort((a, b) => a.dateTime.localeCompare(b.dateTime));
}

/** Em andamento from the start until the game ends, Finalizado after; before, where the player stands. */
function homeBadge(game: MyGame, now: Date): RegistrationView {
  const phase = gamePhase(game.dateTime, now);
  if (phase === 'in_progress') return 'in_progress';
  if (phase === 'ended') return 'finished';
  return game.leftWaitlist ? 'left_waitlist' : game.registrationType;
}

/** A game of the player's on the home page: its name and badge, its facts, then what the section adds. */
function HomeGameCard({
  game,
  badge,
  children,
}: {
  game: ComponentProps<typeof GameFacts>['game'] & { name: string };
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex">
      <Card className="flex w-full flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg font-bold">{game.name}</h3>
          {badge}
        </div>
        <GameFacts game={game} compact />
        {children}
      </Card>
    </li>
  );
}

/** The next games the player organises (none for most players: no section then), with the way to manage them. */
function OrganisedGames() {
  const organised = useOrganisedGames();
  if (!organised.data || organised.data.length === 0) return null;
  const now = new Date();
  return (
    <PageSection id="home-organised" title="Jogos que você organiza">
      <ul className="grid gap-4 md:grid-cols-3">
        {organised.data.map((game) => (
          <li key={game.id} className="flex">
            <Card className="flex w-full flex-col gap-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="flex items-start gap-2 text-lg font-bold">
                  <Megaphone className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                  {game.name}
                </h3>
                <GamePhaseBadge game={game} />
              </div>
              <GameFacts game={game} compact />
              <p className="font-semibold tabular-nums">{placesWording(game, now).line}</p>
              <Link to={`/my-games/${game.id}`} className={buttonClasses('secondary', 'md', 'mt-auto')} aria-label={`Editar ${game.name}`}>
                Editar
              </Link>
            </Card>
          </li>
        ))}
      </ul>
      <Link to="/my-games" className={linkClasses}>
        Ver todos os meus jogos
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </PageSection>
  );
}

function Invitations() {
  const invitations = useInvitations();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <PageSection id="home-invited" title="Jogos convidados">
      <ul className="grid gap-4 md:grid-cols-3">
        {invitations.data.slice(0, HOME_INVITATIONS).map(({ id, game }) => (
          <li key={id} className="flex">
            <Card className="flex w-full flex-col gap-3">
              <h3 className="flex items-start gap-2 text-lg font-bold">
                <Mail className="mt-1 size-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                {game.name}
              </h3>
              <GameFacts game={game} compact />
              {game.privateLink && (
                <Link to={`/games/private/${encodeURIComponent(game.privateLink)}`} className={buttonClasses('secondary', 'md', 'mt-auto')}>
                  Ver jogo
                </Link>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <Link to="/invitations" className={linkClasses}>
        Ver todos os convites
        <ChevronRight className="size-4" aria-hidden="true" />
      </Link>
    </PageSection>
  );
}

export function HomePage() {
  useDocumentTitle('Meus jogos');
  const { user } = useSession();
  const me = useMe();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const now = new Date();
  const games = me.data ? nextGames(me.data.myGames, now) : [];
  const waitlisted = me.data?.waitlistedGames ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <PageHeader title={`Olá, ${firstName}!`} description="Seus próximos jogos, a lista de espera e os convites." />

      <OrganisedGames />

      <PageSection id="next-games" title="Meus próximos jogos">
        {me.isPending ? (
          <ListSkeleton label="Carregando seus jogos..." count={2} />
        ) : me.isError ? (
          <QueryError title="Erro ao carregar seus jogos" query={me} />
        ) : games.length === 0 ? (
          <NoGamesYet description="Escolha um jogo e garanta sua vaga." />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {games.map((game) => (
              <HomeGameCard key={game.id} game={game} badge={<RegistrationBadge status={homeBadge(game, now)} />}>
                <div className="mt-auto flex flex-wrap gap-x-4">
                  <Link to={`/apply/${game.id}`} className={linkClasses}>
                    Ver detalhes
                  </Link>
                  <Link to="/profile" className={linkClasses}>
                    Meu perfil
                  </Link>
                </div>
              </HomeGameCard>
            ))}
          </ul>
        )}
      </PageSection>

      {waitlisted.length > 0 && (
        <PageSection id="home-waitlist" title="Jogos na lista de espera">
          <ul className="grid gap-4 md:grid-cols-2">
            {waitlisted.map((game) => (
              <HomeGameCard
                key={game.id}
                game={game}
                badge={
                  <Badge tone="warning">
                    <Hourglass className="size-4" aria-hidden="true" />
                    Aguardando vaga disponível
                  </Badge>
                }
              >
                <p className="font-semibold tabular-nums">Posição na fila: {game.position}</p>
                <Link to={`/apply/${game.id}`} className={linkClasses}>
                  Ver lista de espera
                </Link>
              </HomeGameCard>
            ))}
          </ul>
        </PageSection>
      )}

      <Invitations />
    </div>
  );
}
