import { SearchX, Volleyball } from 'lucide-react';
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

function InvitedGames() {
  const invitations = useInvitations();
  // Spec: the section exists only when there are invitations; a failed load just leaves it out.
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section aria-labelledby="invited-games" className="space-y-4">
      <h2 id="invited-games" className="text-xl font-bold">
        Jogos Convidados
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

export function GamesPage() {
  useDocumentTitle('Jogos');
  const filters = useGameFilters();
  const games = useGamesList(filters.query);
  // The member list keeps only games still to come (spec: players, rules); the public list also shows the last 24 h.
  const upcoming = games.data?.filter((game) => isFuture(game.dateTime, new Date()));

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <PageHeader title="Jogos" description="Escolha um jogo, veja os detalhes e garanta sua vaga." />
      <InvitedGames />
      <section aria-labelledby="public-games" className="space-y-4">
        <h2 id="public-games" className="text-xl font-bold">
          Jogos Públicos
        </h2>
        <GameFilters filters={filters} clearLabel="Limpar Filtros" />
        <div aria-busy={games.isFetching || undefined}>
          {games.isPending ? (
            <ListSkeleton label="Carregando jogos..." />
          ) : games.isError ? (
            <QueryError title="Erro ao carregar jogos" query={games} fallback="Erro ao carregar jogos" />
          ) : upcoming === undefined || upcoming.length === 0 ? (
            filters.hasFilters ? (
              <EmptyState
                icon={SearchX}
                title="Nenhum jogo encontrado"
                description="Nenhum jogo bate com esses filtros. Tente outra data, cidade ou esporte."
                action={<Button onClick={filters.clear}>Limpar Filtros</Button>}
              />
            ) : (
              <EmptyState
                icon={Volleyball}
                title="Nenhum jogo disponível"
                description="Ainda não há jogos abertos. Novos jogos aparecem aqui assim que forem publicados."
              />
            )
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {upcoming.map((game) => (
                <li key={game.id} className="flex">
                  <GameCard game={game} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
