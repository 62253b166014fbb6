import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { messages } from '../../../../shared/messages';
import type { GamePayloadInput, UserGame } from '../../../../shared/schemas/user-games';
import { Alert } from '../../../components/ui/alert';
import { useConfirmedEdit } from '../../../components/games/edit-confirmation';
import { QueryError } from '../../../components/games/list-states';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { SkeletonStack } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateSeries } from '../../../lib/queries/series';
import type { CreateSeriesInput } from '../../../../shared/schemas/series';
import { useCreateUserGame, useGroupForNewGame, useUpdateUserGame, useUserGame } from '../api';
import { BackLink, UserGameNotFound } from '../components/my-game-navigation';
import { GameForm } from '../../../components/games/game-form';
import { emptyGameForm, formValuesFromGame } from '../../../components/games/game-form-values';

/** Spec §9: the success toast stays 1.5 s before going back to the list. */
export const REDIRECT_DELAY_MS = 1500;

const LEAVE = { to: '/my-games', label: 'Voltar' };

/** After a save: toast, then back to the list, on the tab where the game now is. */
function useSaved() {
  const toast = useToast();
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  function leave(message: string, target: string) {
    toast.show(message, 'success');
    setIsLeaving(true);
    timer.current = window.setTimeout(() => navigate(target), REDIRECT_DELAY_MS);
  }
  function saved(message: string, game: UserGame) {
    leave(message, game.publicationState === 'draft' ? '/my-games?filter=draft' : '/my-games');
  }
  return { saved, leave, isLeaving };
}

/** The turma of a new game, from `?turma=`: a positive id, or none. */
function useTurmaParam(): number | undefined {
  const value = Number(useSearchParams()[0].get('turma'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function CreateGame() {
  useDocumentTitle('Criar jogo');
  const create = useCreateUserGame();
  const createSeries = useCreateSeries();
  const { saved, leave, isLeaving } = useSaved();
  const groupId = useTurmaParam();
  const group = useGroupForNewGame(groupId);
  const inGroup = group.data ? { groupId: group.data.id } : {};
  async function save(payload: GamePayloadInput) {
    const reply = await create.mutateAsync({ ...payload, ...inGroup });
    saved(reply.message, reply.game);
  }
  async function saveSeries(payload: CreateSeriesInput) {
    const reply = await createSeries.mutateAsync({ ...payload, ...inGroup });
    leave(reply.message, `/my-series/${reply.series.id}`);
  }
  // The form reads its values once: it waits for the turma, so "only the turma" starts chosen.
  if (groupId !== undefined && group.isPending) {
    return (
      <div className="mx-auto w-full max-w-3xl">
        <SkeletonStack label="Carregando turma..." bars={['h-11 w-full', 'h-11 w-2/3']} className="space-y-4" />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink />
      <PageHeader
        title={group.data ? `Criar jogo da turma ${group.data.name}` : 'Criar jogo'}
        description="Preencha os dados do jogo. Você pode salvar como rascunho e publicar depois."
      />
      <Card>
        <GameForm
          defaultValues={group.data ? { ...emptyGameForm, visibility: 'group' } : emptyGameForm}
          groupName={group.data?.name}
          submitLabel="Criar jogo"
          busyLabel={isLeaving ? 'Criado!' : 'Criando...'}
          isBusy={create.isPending || createSeries.isPending || isLeaving}
          onSave={save}
          onSaveSeries={saveSeries}
          errorFallback="Erro ao criar jogo"
          leave={LEAVE}
        />
      </Card>
    </div>
  );
}

function EditGame({ gameId }: { gameId: number }) {
  const detail = useUserGame(gameId);
  const update = useUpdateUserGame(gameId);
  const toast = useToast();
  const { saved, isLeaving } = useSaved();
  // Saving as a draft or making the game private while players hold places: the server asks first.
  const edit = useConfirmedEdit(
    (payload) => update.mutateAsync(payload),
    (reply) => saved(reply.message, reply.game),
    (error) => toast.show(errorMessage(error, 'Erro ao atualizar jogo'), 'error'),
  );
  useDocumentTitle(detail.data ? `Editar ${detail.data.game.name}` : 'Editar jogo');

  const isNotFound = !Number.isInteger(gameId) || gameId <= 0 || hasErrorCode(detail.error, 'game_not_found');
  if (isNotFound) {
    return (
      <div className="mx-auto w-full max-w-3xl">
        <BackLink />
        <PageHeader title="Editar jogo" />
        <UserGameNotFound />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink />
      <PageHeader title="Editar jogo" description={detail.data?.game.name} />
      {edit.dialog}
      {typeof detail.data?.game.seriesId === 'number' && (
        <Alert tone="info" title="Este jogo faz parte de uma série semanal" className="mb-4">
          <p>O que você mudar aqui vale só para esta semana. Para mudar todos os jogos que vêm, edite a série.</p>
          <Link
            to={`/my-series/${detail.data.game.seriesId}`}
            className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            Ver a série
          </Link>
        </Alert>
      )}
      {detail.data ? (
        <Card>
          <GameForm
            // A new form when another game loads (the values are only read on mount).
            key={detail.data.game.id}
            defaultValues={formValuesFromGame(detail.data.game)}
            unchangedDateTime={new Date(detail.data.game.dateTime)}
            submitLabel="Salvar alterações"
            busyLabel={isLeaving ? 'Jogo atualizado!' : 'Salvando...'}
            isBusy={update.isPending || isLeaving}
            onSave={edit.save}
            errorFallback="Erro ao atualizar jogo"
            leave={LEAVE}
            isPaymentLocked={detail.data.game.registeredPlayers + detail.data.game.waitlistCount > 0}
            lockedReason={
              detail.data.game.status === 'cancelled' ? (
                <>
                  <p>{messages.gameLocked}</p>
                  {detail.data.game.cancelReason && <p className="mt-1">Motivo: {detail.data.game.cancelReason}</p>}
                </>
              ) : undefined
            }
          />
        </Card>
      ) : detail.isError ? (
        <QueryError title="Erro ao carregar jogo" query={detail} fallback="Erro ao carregar jogo" />
      ) : (
        <Card>
          <SkeletonStack
            label="Carregando jogo..."
            bars={['h-11 w-full', 'h-11 w-full', 'h-11 w-2/3', 'h-28 w-full']}
            className="space-y-4"
          />
        </Card>
      )}
    </div>
  );
}

/** /my-games/new and /my-games/{id} (organisers §2). */
export function MyGameFormPage() {
  const { id } = useParams();
  return id === undefined ? <CreateGame /> : <EditGame gameId={Number(id)} />;
}
