import { useParams } from 'react-router';
import { LoadError } from '../../../components/games/list-states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGame } from '../api';
import { GameDetailsSkeleton, GameDetailsView, GameNotFound } from '../components/game-details';
import { RegistrationActions } from '../components/registration-actions';
import { parseGameId } from '../game-id';

export function GameDetailsPage() {
  const gameId = parseGameId(useParams().gameId);
  const game = useGame(gameId);
  useDocumentTitle(game.data?.name ?? 'Detalhes do jogo');

  if (Number.isNaN(gameId) || (game.error instanceof ApiError && game.error.status === 404)) return <GameNotFound />;
  if (game.isPending) return <GameDetailsSkeleton />;
  if (game.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Detalhes do jogo</h1>
        <LoadError
          title="Erro ao carregar dados do jogo"
          message={errorMessage(game.error)}
          onRetry={() => void game.refetch()}
          isRetrying={game.isFetching}
        />
      </div>
    );
  }
  return <GameDetailsView game={game.data} actions={<RegistrationActions game={game.data} />} />;
}
