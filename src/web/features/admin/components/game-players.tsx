import { ListOrdered, UserMinus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { AdminGameDetail, AdminGamePlayer, RemovePlayerReply } from '../../../../shared/schemas/admin';
import { confirmationAsked } from '../../../components/games/edit-confirmation';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isFuture } from '../../../../shared/rules/game-timing';
import { errorMessage } from '../../../lib/api-client';
import { formatBRL, formatPhone } from '../../../lib/format';
import { removalRefundText } from '../../../lib/refund-text';
import { useRemovePlayer } from '../api';

function refundText(reply: RemovePlayerReply): string {
  if (reply.refund === 'credits') return `${formatBRL(reply.refundedAmount)} devolvidos aos créditos do jogador.`;
  if (reply.refund === 'request' && reply.refundedAtOnce)
    return `${formatBRL(reply.refundedAmount)} devolvidos na hora ao cartão/PIX do jogador.`;
  if (reply.refund === 'request')
    return `O provedor não concluiu o reembolso de ${formatBRL(reply.refundedAmount)} (cartão/PIX): ficou em Cancelamentos.`;
  return 'Não havia valor pago pela plataforma a reembolsar.';
}

function statusBadge(player: AdminGamePlayer) {
  if (player.status === 'confirmed') return <Badge tone="success">Confirmado</Badge>;
  if (player.status === 'pending') return <Badge tone="warning">Aguardando pagamento</Badge>;
  if (player.status === 'waitlist') return <Badge tone="warning">{player.position ? `${player.position}º na fila` : 'Na fila'}</Badge>;
  return <Badge tone="danger">Cancelado</Badge>;
}

function PlayerItem({
  player,
  isRemoving,
  onRemove,
  disabled,
}: {
  player: AdminGamePlayer;
  isRemoving: boolean;
  onRemove: () => void;
  disabled: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {player.name}
          {statusBadge(player)}
        </p>
        <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-400">{player.email}</p>
        <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
          {player.phone ? formatPhone(player.phone) : 'Sem telefone'} · Créditos: {formatBRL(player.credits)}
        </p>
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        onClick={onRemove}
        busy={isRemoving}
        busyLabel="Removendo..."
        disabled={disabled}
        aria-label={isRemoving ? undefined : `Remover ${player.name}`}
      >
        <UserMinus className="size-5" aria-hidden="true" />
        Remover
      </Button>
    </li>
  );
}

/**
 * Enrolled players (confirmed and awaiting payment) and the waitlist of a game, each with a
 * Remover action: the player is refunded in full and told, and the waitlist moves on.
 */
export function GamePlayers({ game }: { game: AdminGameDetail }) {
  const removePlayer = useRemovePlayer();
  const [toRemove, setToRemove] = useState<AdminGamePlayer | null>(null);
  const [result, setResult] = useState<{ name: string; reply: RemovePlayerReply } | null>(null);
  const removingId = removePlayer.isPending ? removePlayer.variables?.userId : undefined;
  const isCancelled = game.status === 'cancelled';

  // A game that has started: the server asks first (decision 063), and the dialog stays open with its question.
  const afterStart = confirmationAsked(removePlayer.error);

  function confirmRemoval() {
    if (!toRemove || removePlayer.isPending) return;
    const player = toRemove;
    setResult(null);
    removePlayer.mutate(
      { gameId: game.id, userId: player.id, confirm: afterStart !== undefined },
      {
        onSuccess: (reply) => {
          setToRemove(null);
          setResult({ name: player.name, reply });
        },
        onError: (error) => {
          if (!confirmationAsked(error)) setToRemove(null);
        },
      },
    );
  }

  const list = (players: AdminGamePlayer[], empty: string) =>
    players.length === 0 ? (
      <p className="py-4 text-slate-600 dark:text-slate-400">{empty}</p>
    ) : (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {players.map((player) => (
          <PlayerItem
            key={player.registrationId}
            player={player}
            isRemoving={removingId === player.id}
            disabled={isCancelled || (removePlayer.isPending && removingId !== player.id)}
            onRemove={() => {
              removePlayer.reset();
              setToRemove(player);
            }}
          />
        ))}
      </ul>
    );

  return (
    <div className="space-y-6">
      {result && (
        <Alert tone="success" title={`${result.name}: ${result.reply.message}`}>
          {refundText(result.reply)}
        </Alert>
      )}
      {removePlayer.isError && !afterStart && <Alert tone="error">{errorMessage(removePlayer.error, 'Erro ao remover jogador')}</Alert>}

      <section
        aria-labelledby="enrolled-players"
        className="rounded-2xl border border-slate-200 bg-white px-5 py-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="enrolled-players" className="flex items-center gap-2 text-xl font-bold">
          <UsersRound className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <span>
            Inscritos:{' '}
            <span className="tabular-nums">
              {game.players.length}/{game.totalSlots}
            </span>
          </span>
        </h2>
        {list(game.players, 'Nenhum jogador inscrito ainda.')}
      </section>

      <section
        aria-labelledby="waitlist"
        className="rounded-2xl border border-slate-200 bg-white px-5 py-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="waitlist" className="flex items-center gap-2 text-xl font-bold">
          <ListOrdered className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          Lista de espera
          {game.waitlist.length > 0 && <span className="tabular-nums">({game.waitlist.length})</span>}
        </h2>
        {list(game.waitlist, 'Nenhuma pessoa na lista de espera.')}
      </section>

      <ConfirmDialog
        open={toRemove !== null}
        title="Remover jogador"
        tone="danger"
        confirmLabel={afterStart ? 'Confirmar e devolver' : 'Remover jogador'}
        busy={removePlayer.isPending}
        message={
          toRemove && (
            <>
              <p>
                Remover <strong>{toRemove.name}</strong> {toRemove.status === 'waitlist' ? 'da lista de espera' : 'do jogo'} {game.name}?
              </p>
              <p className="mt-2">
                {removalRefundText(toRemove.name, toRemove.paymentType, toRemove.paidAmount) ?? 'Nada foi pago pela plataforma.'} A pessoa é
                avisada da remoção.
                {toRemove.status !== 'waitlist' && isFuture(game.dateTime, new Date()) && ' A vaga vai para o primeiro da lista de espera.'}
              </p>
              {afterStart && (
                <Alert tone="warning" title="O jogo já começou" className="mt-3">
                  {afterStart}
                </Alert>
              )}
            </>
          )
        }
        onConfirm={confirmRemoval}
        onCancel={() => {
          if (removePlayer.isPending) return;
          removePlayer.reset();
          setToRemove(null);
        }}
      />
    </div>
  );
}
