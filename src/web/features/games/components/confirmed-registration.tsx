import type { Game } from '../../../../shared/schemas/games';
import { Alert } from '../../../components/ui/alert';
import { type LeaveRegistration, LeaveRegistrationControls } from './leave-registration';

/** A confirmed player: in the game, and the way to cancel. */
export function ConfirmedRegistration({ game, leave, isClosed }: { game: Game; leave: LeaveRegistration; isClosed: boolean }) {
  return (
    <div className="space-y-4">
      <Alert tone="success" title="Inscrição confirmada">
        {game.paymentType === 'external' ? 'Você está dentro! Combine o pagamento com o organizador.' : 'Você está dentro! Bom jogo.'}
      </Alert>
      <LeaveRegistrationControls game={game} leave={leave} isClosed={isClosed} variant="danger" label="Cancelar inscrição" />
    </div>
  );
}
