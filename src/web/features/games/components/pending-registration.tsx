import { messages } from '../../../../shared/messages';
import type { Game } from '../../../../shared/schemas/games';
import { Alert } from '../../../components/ui/alert';
import { formatDateTime } from '../../../lib/format';
import { useSeriesMembership } from '../../../lib/queries/series';
import { type LeaveRegistration, LeaveRegistrationControls } from './leave-registration';
import { PlatformPayment } from './platform-payment';
import type { ApplyActions } from './use-apply-actions';

type PendingRegistrationProps = { game: Game; apply: ApplyActions; leave: LeaveRegistration; isClosed: boolean };

/** Whose hold it is decides what it says: the player's own checkout, a mensalista's week, or a place from the line. */
function holdText(isOwnApplication: boolean, isMemberPlace: boolean) {
  if (isOwnApplication) {
    return {
      held: 'Sua vaga está reservada enquanto o pagamento não é concluído.',
      after: 'depois disso a inscrição é cancelada e a vaga fica livre.',
    };
  }
  if (isMemberPlace) return { held: messages.series.member.heldToPay, after: messages.series.member.releasedAfterDeadline };
  return { held: 'Abriu uma vaga e ela está reservada para você.', after: 'depois disso ela passa para o próximo da fila.' };
}

/** A slot held until its payment deadline: how to pay it, and the way to cancel. */
export function PendingRegistration({ game, apply, leave, isClosed }: PendingRegistrationProps) {
  // A hold with a payment method is the player's own card/PIX application (back here from a checkout they left); one
  // without is a mensalista's place in this week of the series, or came from the waitlist when credits fell short.
  const isOwnApplication = game.paymentType === 'stripe' || game.paymentType === 'mercadopago';
  const membership = useSeriesMembership(game.seriesId);
  const text = holdText(isOwnApplication, membership.data?.isMember === true);
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Aguardando pagamento">
        {text.held}
        {game.paymentDeadline && (
          <>
            {' '}
            Pague até <strong>{formatDateTime(game.paymentDeadline, game.timeZone)}</strong> para confirmar; {text.after}
          </>
        )}
      </Alert>
      {apply.errorText && <Alert tone="error">{apply.errorText}</Alert>}
      {!isClosed && game.usePlatformPayment && <PlatformPayment game={game} apply={apply} />}
      <LeaveRegistrationControls game={game} leave={leave} isClosed={isClosed} variant="danger" label="Cancelar inscrição" />
    </div>
  );
}
