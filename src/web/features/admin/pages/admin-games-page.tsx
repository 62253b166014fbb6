import { CalendarDays, Clock, Copy, MapPin, Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { DeleteGameReply } from '../../../../shared/schemas/admin';
import type { UserGame } from '../../../../shared/schemas/user-games';
import { confirmationAsked } from '../../../components/games/edit-confirmation';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { formatBRL, formatDate, formatDateTime, formatPrice, formatTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminGames, useDeleteGame, useDuplicateGame, type AdminGamesFilters } from '../api';
import { GameStatusBadges } from '../components/game-status-badges';
import { PagedList } from '../components/paged-list';
import { SearchBox } from '../components/search-box';
import { useListParams } from '../use-list-params';
import { placesWording } from '../../../../shared/places-wording';

/** Spec §9: the duplicate message stays 5 seconds. */
export const DUPLICATE_MESSAGE_MS = 5000;

const FILTER_KEYS = ['search', 'status', 'when'] as const;

const statusOptions = [
  { value: 'active', label: 'Ativos' },
  { value: 'cancelled', label: 'Cancelados' },
  { value: 'all', label: 'Todos' },
];
const whenOptions = [
  { value: 'upcoming', label: 'Próximos' },
  { value: 'past', label: 'Passados' },
];

function deleteSummary(reply: DeleteGameReply): string {
  const parts = [`${reply.playersNotified} ${reply.playersNotified === 1 ? 'pessoa avisada' : 'pessoas avisadas'}`];
  parts.push(`${formatBRL(reply.refundedToCredits)} devolvidos em créditos`);
  parts.push(`${formatBRL(reply.refundedToOriginal)} devolvidos na hora ao cartão/PIX`);
  if (reply.refundRequests > 0) {
    parts.push(
      `${reply.refundRequests} ${reply.refundRequests === 1 ? 'reembolso' : 'reembolsos'} por cartão/PIX não ${reply.refundRequests === 1 ? 'concluído' : 'concluídos'} pelo provedor (${formatBRL(reply.refundRequestedAmount)}) em Cancelamentos`,
    );
  }
  return `${parts.join(' · ')}.`;
}

function GameItem({
  game,
  onDuplicate,
  onDelete,
  isDuplicating,
  isBusy,
}: {
  game: UserGame;
  onDuplicate: () => void;
  onDelete: () => void;
  isDuplicating: boolean;
  isBusy: boolean;
}) {
  const isCancelled = game.status === 'cancelled';
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:flex-row lg:items-center lg:justify-between dark:border-slate-800 dark:bg-slate-900">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold break-words">{game.name}</h2>
          <GameStatusBadges game={game} />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 font-semibold tabular-nums">
          <span className="flex items-center gap-1.5">
            <CalendarDays className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            <span className="sr-only">Data: </span>
            {formatDate(game.dateTime, game.timeZone)}
          </span>
          <span className="flex items-center gap-1.5">
            <Clock className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            <span className="sr-only">Horário: </span>
            {formatTime(game.dateTime, game.timeZone)}
          </span>
          <span>
            <span className="sr-only">Preço: </span>
            {formatPrice(game.price)}
          </span>
          <span className="flex items-center gap-1.5">
            <UsersRound className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            {placesWording(game, new Date()).line}
          </span>
        </div>
        <p className="flex items-start gap-1.5 text-slate-700 dark:text-slate-300">
          <MapPin className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <span className="sr-only">Local: </span>
            {game.location}
            {game.city && `, ${game.city.name}${game.state ? ` - ${game.state.uf}` : ''}`}
          </span>
        </p>
        {isCancelled && game.cancelReason && <p className="text-sm text-red-800 dark:text-red-300">Motivo: {game.cancelReason}</p>}
      </div>
      <div className="grid grid-cols-3 gap-2 lg:flex lg:shrink-0">
        <Link to={`/admin/games/${game.id}`} className={buttonClasses('secondary')} aria-label={`Editar ${game.name}`}>
          <Pencil className="size-5" aria-hidden="true" />
          <span>Editar</span>
        </Link>
        <Button variant="secondary" onClick={onDuplicate} busy={isDuplicating} disabled={isBusy} aria-label={`Duplicar ${game.name}`}>
          <Copy className="size-5" aria-hidden="true" />
          <span>Duplicar</span>
        </Button>
        <Button
          variant="secondary"
          onClick={onDelete}
          disabled={isBusy || isCancelled}
          title={isCancelled ? 'Este jogo já foi cancelado.' : undefined}
          aria-label={`Excluir ${game.name}`}
          className="text-red-700 dark:text-red-400"
        >
          <Trash2 className="size-5" aria-hidden="true" />
          <span>Excluir</span>
        </Button>
      </div>
    </li>
  );
}

export function AdminGamesPage() {
  useDocumentTitle('Jogos');
  const list = useListParams(FILTER_KEYS);
  const filters: AdminGamesFilters = {
    search: list.values.search,
    status: (['active', 'cancelled', 'all'] as const).find((value) => value === list.values.status) ?? 'active',
    when: list.values.when === 'upcoming' || list.values.when === 'past' ? list.values.when : '',
    page: list.page,
  };
  const games = useAdminGames(filters);
  const empty = (
    <EmptyState
      icon={CalendarDays}
      title="Nenhum jogo encontrado."
      description={
        filters.search || filters.when || filters.status !== 'active' ? 'Tente outros filtros.' : 'Crie o primeiro jogo da plataforma.'
      }
      action={
        <Link to="/admin/games/new" className={buttonClasses('secondary')}>
          <Plus className="size-5" aria-hidden="true" />
          Novo jogo
        </Link>
      }
    />
  );
  const duplicate = useDuplicateGame();
  const remove = useDeleteGame();
  const [duplicated, setDuplicated] = useState<{ id: number; message: string } | null>(null);
  const [toDelete, setToDelete] = useState<UserGame | null>(null);
  const [deleted, setDeleted] = useState<{ name: string; reply: DeleteGameReply } | null>(null);

  useEffect(() => {
    if (!duplicated) return;
    const timer = window.setTimeout(() => setDuplicated(null), DUPLICATE_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [duplicated]);

  function onDuplicate(game: UserGame) {
    remove.reset();
    duplicate.mutate(game.id, { onSuccess: (reply) => setDuplicated({ id: reply.game.id, message: reply.message }) });
  }

  function confirmDelete() {
    if (!toDelete || remove.isPending) return;
    const game = toDelete;
    duplicate.reset();
    setDeleted(null);
    // Once the server asked (a game that has started), the same button sends the confirmation.
    remove.mutate(
      { gameId: game.id, confirm: confirmationAsked(remove.error) !== undefined },
      {
        onSuccess: (reply) => {
          setDeleted({ name: game.name, reply });
          setToDelete(null);
        },
      },
    );
  }

  const isBusy = duplicate.isPending || remove.isPending;
  const afterStart = confirmationAsked(remove.error);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Jogos"
        description="Todos os jogos da plataforma, de todos os organizadores."
        actions={
          <Link to="/admin/games/new" className={buttonClasses('primary')}>
            <Plus className="size-5" aria-hidden="true" />
            Novo jogo
          </Link>
        }
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <SearchBox
          label="Buscar jogos"
          placeholder="Nome ou local"
          value={filters.search}
          onSearch={(value) => list.setFilter('search', value)}
        />
        <Select
          label="Status"
          options={statusOptions}
          value={filters.status}
          onChange={(event) => list.setFilter('status', event.target.value === 'active' ? '' : event.target.value)}
        />
        <Select
          label="Quando"
          placeholder="Todas as datas"
          options={whenOptions}
          value={filters.when}
          onChange={(event) => list.setFilter('when', event.target.value)}
        />
      </div>

      <div className="mb-4 space-y-3" aria-live="polite">
        {duplicated && (
          <Alert tone="success">
            {duplicated.message}{' '}
            <Link to={`/admin/games/${duplicated.id}`} className="font-semibold underline underline-offset-4">
              Editar a cópia
            </Link>
          </Alert>
        )}
        {duplicate.isError && (
          <Alert tone="error" title="Erro ao duplicar jogo">
            {errorMessage(duplicate.error, 'Erro ao duplicar jogo')}
          </Alert>
        )}
        {deleted && (
          <Alert tone="success" title={`${deleted.name}: ${deleted.reply.message}`}>
            {deleteSummary(deleted.reply)}
          </Alert>
        )}
      </div>

      <PagedList
        query={games}
        items={(data) => data.games}
        what="jogos"
        noun={['jogo', 'jogos']}
        empty={empty}
        onPageChange={list.setPage}
        skeletonCount={4}
      >
        {(games) => (
          <ul className="space-y-3" aria-label="Jogos">
            {games.map((game) => (
              <GameItem
                key={game.id}
                game={game}
                isBusy={isBusy}
                isDuplicating={duplicate.isPending && duplicate.variables === game.id}
                onDuplicate={() => onDuplicate(game)}
                onDelete={() => {
                  remove.reset();
                  setToDelete(game);
                }}
              />
            ))}
          </ul>
        )}
      </PagedList>

      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir jogo"
        tone="danger"
        confirmLabel={afterStart ? 'Confirmar e devolver' : 'Excluir jogo'}
        busy={remove.isPending}
        message={
          toDelete && (
            <div className="space-y-2">
              <p>
                Excluir <strong>{toDelete.name}</strong> ({formatDateTime(toDelete.dateTime, toDelete.timeZone)})?
              </p>
              <p>
                Todos os jogadores inscritos, aguardando pagamento e na lista de espera serão avisados, e quem pagou será reembolsado
                integralmente: créditos voltam na hora; pagamentos por cartão/PIX viram pedidos de reembolso em Cancelamentos.
              </p>
              <p>O jogo sai das listas e não pode ser reaberto.</p>
              {afterStart && (
                <Alert tone="warning" title="O jogo já começou">
                  {afterStart}
                </Alert>
              )}
              {remove.isError && !afterStart && (
                <Alert tone="error" title="Erro ao deletar jogo">
                  {errorMessage(remove.error, 'Erro ao deletar jogo')}
                </Alert>
              )}
            </div>
          )
        }
        onConfirm={confirmDelete}
        onCancel={() => {
          if (!remove.isPending) setToDelete(null);
        }}
      />
    </div>
  );
}
