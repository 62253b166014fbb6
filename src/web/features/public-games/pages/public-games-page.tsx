import { SearchX, Volleyball } from 'lucide-react';
import { GameFilters } from '../../../components/games/game-filters';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { useGameFilters } from '../../../components/games/use-game-filters';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useGamesList } from '../../../lib/queries/games';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PublicGameCard } from '../components/public-game-card';

export function PublicGamesPage() {
  useDocumentTitle('Jogos abertos');
  const filters = useGameFilters();
  const games = useGamesList(filters.query);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageHeader title="Jogos abertos" description="Veja os jogos publicados e entre para garantir sua vaga." />
      <GameFilters filters={filters} />
      <section aria-label="Jogos" aria-busy={games.isFetching || undefined}>
        {games.isPending ? (
          <ListSkeleton label="Carregando jogos..." />
        ) : games.isError ? (
          <QueryError title="Erro ao carregar jogos" query={games} fallback="Erro ao carregar jogos" />
        ) : games.data.length === 0 ? (
          filters.hasFilters ? (
            <EmptyState
              icon={SearchX}
              title="Nenhum jogo encontrado com esses filtros"
              description="Tente outra data, cidade ou esporte."
              action={<Button onClick={filters.clear}>Limpar filtros</Button>}
            />
          ) : (
            <EmptyState
              icon={Volleyball}
              title="Nenhum jogo disponível no momento"
              description="Novos jogos aparecem aqui assim que os organizadores publicam. Volte mais tarde!"
            />
          )
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {games.data.map((game) => (
              <li key={game.id} className="flex">
                <PublicGameCard game={game} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
