import { Ban, ClipboardCheck, Globe, Link2, Lock, Mail, MessageCircle, Pencil, RefreshCw, Repeat, Send, Undo2, Users } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { UserGame } from '../../../../shared/schemas/user-games';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { LinkField } from '../../../components/ui/input';
import { toastReply, useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { GamePlace, GameWhen } from '../../../components/games/game-facts';
import { ShareGameButton } from '../../../components/games/share-game';
import { cn } from '../../../lib/cn';
import { formatPrice } from '../../../lib/format';
import { confirmationAsked } from '../../../components/games/edit-confirmation';
import { useCancelUserGame, usePublishUserGame, useRegeneratePrivateLink, useUnpublishUserGame } from '../api';
import { descriptionPreview, privateGameUrl, statusBadges, userGameStatus, whatsAppShareUrl } from '../user-game-rules';
import { CancelGameDialog } from './cancel-game-dialog';
import { InviteDialog } from './invite-dialog';
import { RegistrationsDialog } from './registrations-dialog';
import { placesWording } from '../../../../shared/places-wording';

type OpenDialog = 'registrations' | 'cancel' | 'regenerate' | 'invite' | 'unpublish' | null;

/** The private link as text anyone can select, and the ways to pass it on. */
function PrivateLinkTools({
  game,
  hasStarted,
  onRegenerate,
  onInvite,
}: {
  game: UserGame;
  hasStarted: boolean;
  onRegenerate: () => void;
  onInvite: () => void;
}) {
  const fieldId = useId();
  const url = privateGameUrl(game.privateLink);

  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-950/40">
      <div>
        <label htmlFor={fieldId} className="mb-1 flex items-center gap-1.5 text-sm font-semibold text-slate-800 dark:text-slate-200">
          <Link2 className="size-4" aria-hidden="true" />
          Link privado
        </label>
        <LinkField id={fieldId} url={url} />
      </div>
      <div className="flex flex-wrap gap-2 [&>*]:grow">
        <CopyButton text={url} copied="Link copiado!" failed="Não foi possível copiar. Selecione o link e copie manualmente.">
          Copiar link
        </CopyButton>
        <Button variant="secondary" onClick={onRegenerate}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Gerar novo link
        </Button>
        {!hasStarted && (
          <>
            <a href={whatsAppShareUrl(game, url)} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
              <MessageCircle className="size-4" aria-hidden="true" />
              Compartilhar no WhatsApp
              <span className="sr-only"> (abre em outra aba)</span>
            </a>
            <Button variant="secondary" onClick={onInvite}>
              <Mail className="size-4" aria-hidden="true" />
              Convidar por e-mail
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/** One of the organiser's games with everything they can do to it (organisers §2). */
export function UserGameCard({ game }: { game: UserGame }) {
  const toast = useToast();
  const publish = usePublishUserGame();
  const unpublish = useUnpublishUserGame();
  const cancel = useCancelUserGame();
  const regenerate = useRegeneratePrivateLink();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // What unpublishing would do to the players, as the server said it.
  const [unpublishQuestion, setUnpublishQuestion] = useState('');
  const description = useMemo(() => descriptionPreview(game), [game]);

  const status = userGameStatus(game, new Date());
  const isCancelled = status === 'cancelled';
  // In progress or over: no one joins any more, and its money is closed to the organiser (decision 063).
  const hasStarted = status === 'in_progress' || status === 'finished';
  const badge = statusBadges[status];
  const isBusy = publish.isPending || unpublish.isPending || cancel.isPending || regenerate.isPending;
  const place = [game.location, game.city && game.state ? `${game.city.name}/${game.state.uf}` : null].filter(Boolean).join(' · ');

  const showReply = {
    onSuccess: (reply: { message: string }) => toast.show(reply.message, 'success'),
  };

  // A draft is published (the card's main action); a published game goes back to draft.
  const publication =
    game.publicationState === 'draft'
      ? { action: 'Publicar', busyLabel: 'Publicando...', variant: 'primary' as const, Icon: Send, mutation: publish }
      : { action: 'Despublicar', busyLabel: 'Despublicando...', variant: 'secondary' as const, Icon: Undo2, mutation: unpublish };

  function togglePublication() {
    if (game.publicationState === 'draft') {
      publish.mutate(game.id, { ...showReply, onError: (error) => toast.show(errorMessage(error, 'Erro ao publicar jogo'), 'error') });
    } else {
      unpublish.mutate(
        { gameId: game.id },
        {
          ...showReply,
          onError: (error) => {
            const question = confirmationAsked(error);
            if (question) {
              setUnpublishQuestion(question);
              setDialog('unpublish');
            } else {
              toast.show(errorMessage(error, 'Erro ao despublicar jogo'), 'error');
            }
          },
        },
      );
    }
  }

  async function confirmUnpublish() {
    await toastReply(toast, unpublish.mutateAsync({ gameId: game.id, confirm: true }), 'Erro ao despublicar jogo');
    setDialog(null);
  }

  async function confirmCancel(reason: string) {
    await toastReply(toast, cancel.mutateAsync({ gameId: game.id, reason }), 'Erro ao cancelar jogo');
    setDialog(null);
  }

  async function confirmRegenerate() {
    await toastReply(toast, regenerate.mutateAsync(game.id), 'Erro ao regenerar link');
    setDialog(null);
  }

  return (
    <li className="flex">
      <Card className={cn('flex w-full flex-col gap-4', isCancelled && 'border-red-200 dark:border-red-900/60')}>
        <div className="space-y-2">
          <div className="flex flex-wrap gap-1.5">
            <Badge tone={badge.tone}>{badge.label}</Badge>
            <Badge tone={game.visibility === 'public' ? 'info' : 'neutral'}>
              {game.visibility === 'public' ? (
                <Globe className="size-3.5" aria-hidden="true" />
              ) : (
                <Lock className="size-3.5" aria-hidden="true" />
              )}
              {game.visibility === 'public' ? 'Público' : game.visibility === 'group' ? 'Só a turma' : 'Privado'}
            </Badge>
            <Badge tone="neutral">{game.usePlatformPayment ? 'Pela plataforma' : 'Por fora'}</Badge>
          </div>
          <h2 className="text-lg font-bold break-words">{game.name}</h2>
        </div>

        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-lg font-bold tabular-nums">
            <GameWhen dateTime={game.dateTime} timeZone={game.timeZone} />
            <p>
              <span className="sr-only">Preço: </span>
              {formatPrice(game.price)}
            </p>
          </div>
          <GamePlace>{place}</GamePlace>
          <p className="flex items-center gap-1.5 font-semibold tabular-nums text-slate-800 dark:text-slate-200">
            <Users className="size-5 shrink-0" aria-hidden="true" />
            {placesWording(game, new Date()).line}
            {game.waitlistCount > 0 && (
              <span className="font-normal text-slate-600 dark:text-slate-400">· {game.waitlistCount} na fila</span>
            )}
          </p>
          {description && <p className="line-clamp-2 text-slate-600 dark:text-slate-400">{description}</p>}
          {isCancelled && game.cancelReason && (
            <p className="text-sm text-red-800 dark:text-red-300">
              <span className="font-semibold">Motivo do cancelamento:</span> {game.cancelReason}
            </p>
          )}
        </div>

        <div className="mt-auto space-y-3">
          <div className="flex flex-wrap gap-2 [&>*]:grow">
            {isCancelled ? (
              <Button variant="secondary" disabled>
                <Ban className="size-4" aria-hidden="true" />
                Jogo cancelado
              </Button>
            ) : (
              <Link to={`/my-games/${game.id}`} className={buttonClasses('secondary')} aria-label={`Editar ${game.name}`}>
                <Pencil className="size-4" aria-hidden="true" />
                Editar
              </Link>
            )}
            <Button variant="secondary" onClick={() => setDialog('registrations')} aria-label={`Ver inscrições de ${game.name}`}>
              <Users className="size-4" aria-hidden="true" />
              Ver inscrições
            </Button>
            {typeof game.seriesId === 'number' && (
              <Link to={`/my-series/${game.seriesId}`} className={buttonClasses('secondary')} aria-label={`Ver série de ${game.name}`}>
                <Repeat className="size-4" aria-hidden="true" />
                Ver série
              </Link>
            )}
            {!isCancelled && (
              <Link
                to={`/my-games/${game.id}/dia-do-jogo`}
                className={buttonClasses('secondary')}
                aria-label={`Dia do jogo de ${game.name}`}
              >
                <ClipboardCheck className="size-4" aria-hidden="true" />
                Dia do jogo
              </Link>
            )}
            {!isCancelled && !hasStarted && (
              <>
                <Button
                  variant={publication.variant}
                  onClick={togglePublication}
                  busy={publication.mutation.isPending}
                  busyLabel={publication.busyLabel}
                  disabled={isBusy}
                  aria-label={`${publication.action} ${game.name}`}
                >
                  <publication.Icon className="size-4" aria-hidden="true" />
                  {publication.action}
                </Button>
                <Button variant="danger" onClick={() => setDialog('cancel')} disabled={isBusy} aria-label={`Cancelar ${game.name}`}>
                  <Ban className="size-4" aria-hidden="true" />
                  Cancelar
                </Button>
              </>
            )}
          </div>
          {!hasStarted && <ShareGameButton game={game} fullWidth />}
          {game.visibility === 'private' && !isCancelled && game.privateLink && (
            <PrivateLinkTools
              game={game}
              hasStarted={hasStarted}
              onRegenerate={() => setDialog('regenerate')}
              onInvite={() => setDialog('invite')}
            />
          )}
        </div>
      </Card>

      {dialog === 'registrations' && <RegistrationsDialog gameId={game.id} gameName={game.name} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && (
        <CancelGameDialog game={game} busy={cancel.isPending} onConfirm={confirmCancel} onClose={() => setDialog(null)} />
      )}
      {dialog === 'invite' && <InviteDialog game={game} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'regenerate'}
        title="Gerar novo link?"
        message={
          <p>
            O link atual deixa de funcionar: quem abrir o link antigo não encontra mais o jogo. Quem já foi convidado ou está inscrito
            continua com acesso.
          </p>
        }
        confirmLabel="Gerar novo link"
        busy={regenerate.isPending}
        onConfirm={confirmRegenerate}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'unpublish'}
        title="Despublicar o jogo?"
        message={<p>{unpublishQuestion}</p>}
        confirmLabel="Despublicar e cancelar inscrições"
        // Not "Cancelar", the red button beside it that cancels the game: this one keeps everything as it was.
        cancelLabel="Voltar"
        tone="danger"
        busy={unpublish.isPending}
        onConfirm={confirmUnpublish}
        onCancel={() => setDialog(null)}
      />
    </li>
  );
}
