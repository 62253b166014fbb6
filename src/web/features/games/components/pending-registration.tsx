import type { Game } from '../../../../shared/schemas/games';
import { Alert } from '../../../components/ui/alert';
import { formatDateTime } from '../../../lib/format';
import { type LeaveRegistration, LeaveRegistrationControls } from './leave-registration';
import { PlatformPayment } from './platform-payment';
import type { ApplyActions } from './use-apply-actions';

type PendingRegistrationProps = { game: Game; apply: ApplyActions; leave: LeaveRegistration; isClosed: boolean };

/** A slot held until its payment deadline: how to pay it, and the way to cancel. */
export function PendingRegistration({ game, apply, leave, isClosed }: PendingRegistrationProps) {
  // A hold with a payment method is the player's own card/PIX application (back here from a checkout
  // they left); one without came from the waitlist, when their credits did not cover the price.
  const isOwnApplication = game.paymentType === 'stripe' || game.paymentType === 'mercadopago';
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Aguardando pagamento">
        {isOwnApplication
          ? 'Sua vaga está reservada enquanto o pagamento não é concluído.'
          : 'Abriu uma vaga e ela está reservada para você.'}
        {game.paymentDeadline && (
          <>
            {' '}
            Pague até <strong>{formatDateTime(game.paymentDeadline, game.timeZone)}</strong> para confirmar;{' '}
            {isOwnApplication
              ? 'depois disso a inscrição é cancelada e a vaga fica livre.'
              : 'depois disso ela passa para o próximo da fila.'}
          </>
        )}
      </Alert>
      {apply.errorText && <Alert tone="error">{apply.errorText}</Alert>}
      {!isClosed && game.usePlatformPayment && <PlatformPayment game={game} apply={apply} />}
      <LeaveRegistrationControls game={game} leave={leave} isClosed={isClosed} variant="danger" label="Cancelar inscrição" />
    </div>
  );
}
