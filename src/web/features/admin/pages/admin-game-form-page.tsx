import { ArrowLeft, ClipboardCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../../../shared/messages';
import type { AdminGameDetail } from '../../../../shared/schemas/admin';
import type { GamePayloadInput } from '../../../../shared/schemas/user-games';
import { QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminGameQuery, useAdminGame, useCreateGame, useUpdateGame } from '../api';
import { useConfirmedEdit } from '../../../components/games/edit-confirmation';
import { GameForm } from '../../../components/games/game-form';
import { GamePlayers } from '../components/game-players';
import { emptyGameForm, formValuesFromGame } from '../../../components/games/game-form-values';

const GAME_NOT_LOADED = 'Jogo não encontrado. Recarregue a página e tente novamente.';
const LEAVE = { to: '/admin/games', label: 'Cancelar' };

const backLinkClasses = 'inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:underline dark:text-brand-300';

function BackLink() {
  return (
    <Link to="/admin/games" className={backLinkClasses}>
      <ArrowLeft className="size-5" aria-hidden="true" />
      Voltar para jogos
    </Link>
  );
}

/** After a save: the server's message, and back to the games list. */
function useBackToGames() {
  const navigate = useNavigate();
  const toast = useToast();
  return (reply: { message: string }) => {
    toast.show(reply.message, 'success');
    void navigate('/admin/games');
  };
}

function CreateGame() {
  useDocumentTitle('Novo jogo');
  const backToGames = useBackToGames();
  const create = useCreateGame();

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <BackLink />
      <PageHeader title="Novo jogo" description="Sem marcar “Publicar imediatamente”, o jogo fica como rascunho." />
      <Card>
        <GameForm
          defaultValues={emptyGameForm}
          submitLabel="Criar jogo"
          busyLabel="Criando..."
          isBusy={create.isPending}
          errorFallback="Erro ao criar jogo"
          leave={LEAVE}
          onSave={(payload) => create.mutateAsync(payload).then(backToGames)}
        />
      </Card>
    </div>
  );
}

function EditForm({ game }: { game: AdminGameDetail }) {
  const backToGames = useBackToGames();
  const queryClient = useQueryClient();
  const update = useUpdateGame();
  const toast = useToast();
  const [initialValues] = useState(() => formValuesFromGame(game));
  const [unchangedDateTime] = useState(() => new Date(game.dateTime));
  // Saving as a draft or making the game private while players hold places: the server asks first, as for organisers.
  const edit = useConfirmedEdit(
    (payload) => update.mutateAsync({ gameId: game.id, payload }),
    backToGames,
    (error) => toast.show(errorMessage(error, 'Erro ao atualizar jogo'), 'error'),
  );
  return (
    <>
      {edit.dialog}
      <GameForm
        defaultValues={initialValues}
        unchangedDateTime={unchangedDateTime}
        submitLabel="Salvar alterações"
        busyLabel="Salvando..."
        isBusy={update.isPending}
        errorFallback="Erro ao atualizar jogo"
        leave={LEAVE}
        lockedReason={game.status === 'cancelled' ? messages.gameLocked : undefined}
        onSave={(payload: GamePayloadInput) => {
          // The form outlived its data (the cache was dropped): saving blind could overwrite someone else's change.
          if (queryClient.getQueryData(adminGameQuery(game.id).queryKey) === undefined) return Promise.reject(new Error(GAME_NOT_LOADED));
          return edit.save(payload);
        }}
      />
    </>
  );
}

function EditGame({ gameId }: { gameId: number }) {
  const game = useAdminGame(gameId);
  const navigate = useNavigate();
  useDocumentTitle(game.data ? `Editar ${game.data.name}` : 'Editar jogo');
  const isMissing = !Number.isInteger(gameId) || gameId <= 0 || hasErrorCode(game.error, 'game_not_found', 'validation_failed');

  if (isMissing) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-4">
        <h1 className="text-2xl font-bold sm:text-3xl">Jogo não encontrado.</h1>
        <p className="text-slate-600 dark:text-slate-400">Ele pode ter sido excluído ou o endereço está errado.</p>
        <Button variant="secondary" onClick={() => void navigate('/admin/games')}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Voltar para jogos
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4">
      <BackLink />
      {game.isError && game.data === undefined ? (
        <>
          <PageHeader title="Editar jogo" />
          <QueryError title="Erro ao carregar jogo" query={game} />
        </>
      ) : game.isPending ? (
        <>
          <PageHeader title="Editar jogo" />
          <div role="status" aria-label="Carregando jogo..." className="space-y-4">
            <Skeleton className="h-96 rounded-2xl" />
          </div>
        </>
      ) : (
        <>
          {/* A failed refresh keeps the loaded game on screen and says why at the top. */}
          {game.isError && <Alert tone="error">{errorMessage(game.error, 'Erro ao carregar jogo')}</Alert>}
          <PageHeader
            title="Editar jogo"
            description={game.data.name}
            actions={
              game.data.status !== 'cancelled' && (
                <Link to={`/admin/games/${game.data.id}/dia-do-jogo`} className={buttonClasses('secondary')}>
                  <ClipboardCheck className="size-4" aria-hidden="true" />
                  Dia do jogo
                </Link>
              )
            }
          />
          <Card>
            <EditForm key={game.data.id} game={game.data} />
          </Card>
          <GamePlayers game={game.data} />
        </>
      )}
    </div>
  );
}

export function AdminGameFormPage() {
  const { gameId } = useParams();
  if (gameId === undefined) return <CreateGame />;
  return <EditGame key={gameId} gameId={Number(gameId)} />;
}
