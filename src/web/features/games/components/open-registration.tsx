import { Link } from 'react-router';
import { messages } from '../../../../shared/messages';
import type { Game } from '../../../../shared/schemas/games';
import { isFull } from '../../../components/games/game-facts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { withBack } from '../../../lib/next-path';
import { PlatformPayment } from './platform-payment';
import type { ApplyActions } from './use-apply-actions';

export const outsidePaymentWarning = 'O organizador cobrará por fora. Combine diretamente com ele após a inscrição.';

/** A game open to this player: the line when it is full, else a way to pay through the platform or a plain confirm. */
export function OpenRegistration({ game, apply }: { game: Game; apply: ApplyActions }) {
  return (
    <div className="space-y-4">
      {!apply.hasPhone && (
        <Alert tone="warning">
          <p>{messages.phoneRequiredToApply}</p>
          <Link
            to={withBack('/profile', `/apply/${game.id}`)}
            className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            Informar telefone no perfil
          </Link>
        </Alert>
      )}
      {apply.errorText && <Alert tone="error">{apply.errorText}</Alert>}
      {isFull(game) ? (
        <>
          <p className="text-slate-700 dark:text-slate-300">
            {(game.memberPlacesFree ?? 0) > 0
              ? messages.series.dropInPlacesTaken
              : 'Este jogo está lotado. Entre na fila: se alguém cancelar, a vaga passa para o primeiro da lista.'}
          </p>
          <Button fullWidth size="lg" onClick={apply.joinLine} disabled={!apply.canSend} busy={apply.isJoiningLine} busyLabel="Entrando...">
            Entrar na lista de espera
          </Button>
        </>
      ) : game.usePlatformPayment ? (
        <PlatformPayment game={game} apply={apply} />
      ) : (
        <>
          <Alert tone="warning">{outsidePaymentWarning}</Alert>
          <Button
            fullWidth
            size="lg"
            onClick={() => apply.applyWith()}
            disabled={!apply.canSend}
            busy={apply.busyPayment === 'plain'}
            busyLabel="Inscrevendo..."
          >
            Confirmar inscrição
          </Button>
        </>
      )}
    </div>
  );
}
