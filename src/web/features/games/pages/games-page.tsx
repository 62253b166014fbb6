import { SearchX, Volleyball } from 'lucide-react';
import type { ComponentType } from 'react';
import type { Game } from '../../../../shared/schemas/games';
import { isFuture } from '../../../../shared/rules/game-timing';
import { GameFilters } from '../../../components/games/game-filters';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { useGameFilters } from '../../../components/games/use-game-filters';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useGamesList } from '../../../lib/queries/games';
import { useInvitations } from '../../../lib/queries/invitations';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { GameCard } from '../components/game-card';
import { PublicGameCard } from '../components/public-game-card';

function InvitedGames() {
  const invitations = useInvitations();
  // Spec: the section exists only when there are invitations; a failed load just leaves it out.
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section aria-labelledby="invited-games" className="space-y-4">
      <h2 id="invited-games" className="text-xl font-bold">
        Jogos convidados
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="flex">
            <GameCard game={invitation.game} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What differs between the visitor's list (/public-games) and the player's (/games): the spec's texts and the card. */
type Audience = {
  title: string;
  description: string;
  /** The player's list has a titled section under the invitations; the visitor's is the page itself. */
  sectionTitle?: string;
  clearLabel: string;
  noMatch: { title: string; description: string };
  noGames: { title: string; description: string };
  Card: ComponentType<{ game: Game }>;
  hasInvitations: boolean;
};

const visitor: Audience = {
  title: 'Jogos abertos',
  description: 'Veja os jogos publicados e entre para garantir sua vaga.',
  clearLabel: 'Limpar filtros',
  noMatch: { title: 'Nenhum jogo encontrado com esses filtros', description: 'Tente outra data, cidade ou esporte.' },
  noGames: {
    title: 'Nenhum jogo disponível no momento',
    description: 'Novos jogos aparecem aqui assim que os organizadores publicam. Volte mais tarde!',
  },
  Card: PublicGameCard,
  hasInvitations: false,
};

const player: Audience = {
  title: 'Jogos',
  description: 'Escolha um jogo, veja os detalhes e garanta sua vaga.',
  sectionTitle: 'Jogos públicos',
  clearLabel: 'Limpar filtros',
  noMatch: { title: 'Nenhum jogo encontrado', description: 'Nenhum jogo bate com esses filtros. Tente outra data, cidade ou esporte.' },
  noGames: {
    title: 'Nenhum jogo disponível',
    description: 'Ainda não há jogos abertos. Novos jogos aparecem aqui assim que forem publicados.',
  },
  Card: GameCard,
  hasInvitations: true,
};

/**
 * The games list behind /public-games (visitors, rendered by the server) and /games (players): its
 * filters live in the address, so a filtered list can be shared and comes from the server already
 * filtered (decision 031).
 */
function GamesListPage({ audience }: { audience: Audience }) {
  const { Card } = audience;
  useDocumentTitle(audience.title);
  const filters = useGameFilters();
  const games = useGamesList(filters.query);
  // The server lists only games still ahead; one that starts while the page is open leaves it too: no one may join it.
  const shown = games.data?.filter((game) => isFuture(game.dateTime, new Date()));

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <PageHeader title={audience.title} description={audience.description} />
      {audience.hasInvitations && <InvitedGames />}
      <section
        aria-labelledby={audience.sectionTitle ? 'public-games' : undefined}
        aria-label={audience.sectionTitle ? undefined : 'Jogos'}
        className="space-y-4"
      >
        {audience.sectionTitle && (
          <h2 id="public-games" className="text-xl font-bold">
            {audience.sectionTitle}
          </h2>
        )}
        <GameFilters filters={filters} clearLabel={audience.clearLabel} />
        <div aria-busy={games.isFetching || undefined}>
          {games.isPending ? (
            <ListSkeleton label="Carregando jogos..." />
          ) : games.isError ? (
            <QueryError title="Erro ao carregar jogos" query={games} fallback="Erro ao carregar jogos" />
          ) : shown === undefined || shown.length === 0 ? (
            filters.hasFilters ? (
              <EmptyState
                icon={SearchX}
                title={audience.noMatch.title}
                description={audience.noMatch.description}
                action={<Button onClick={filters.clear}>{audience.clearLabel}</Button>}
              />
            ) : (
              <EmptyState icon={Volleyball} title={audience.noGames.title} description={audience.noGames.description} />
            )
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {shown.map((game) => (
                <li key={game.id} className="flex">
                  <Card game={game} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}

/** /public-games */
export function PublicGamesPage() {
  return <GamesListPage audience={visitor} />;
}

/** /games */
export function GamesPage() {
  return <GamesListPage audience={player} />;
}
