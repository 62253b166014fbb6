import type { UserGame } from '../../../../shared/schemas/user-games';
import { CancelReasonDialog } from '../../../components/games/cancel-reason-dialog';

/**
 * Asks why before cancelling a game for good (organisers §2): without a reason nothing is sent.
 * Says plainly what happens to the players: full refund and a notice with the reason.
 */
export function CancelGameDialog({
  game,
  busy,
  onConfirm,
  onClose,
}: {
  game: Pick<UserGame, 'name' | 'registeredPlayers' | 'waitlistCount' | 'usePlatformPayment'>;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const people = game.registeredPlayers + game.waitlistCount;
  return (
    <CancelReasonDialog cancelling="game" subject={game.name} busy={busy} onConfirm={onConfirm} onClose={onClose}>
      <p>
        {game.usePlatformPayment
          ? 'Todos os inscritos serão reembolsados integralmente (créditos na hora; cartão e PIX pelo meio de pagamento original) e avisados do cancelamento.'
          : 'Todos os inscritos serão avisados do cancelamento. Como o pagamento é por fora, devolva integralmente a quem já pagou você.'}
      </p>
      <p className="mt-1">
        {people === 0
          ? 'Ninguém se inscreveu ainda.'
          : people === 1
            ? '1 pessoa inscrita ou na lista de espera será avisada.'
            : `${people} pessoas inscritas ou na lista de espera serão avisadas.`}
      </p>
    </CancelReasonDialog>
  );
}
