import { messages } from '../../../../shared/messages';
import { isFinished } from '../../../../shared/rules/game-timing';
import type { Game } from '../../../../shared/schemas/games';
import { Alert } from '../../../components/ui/alert';
import { ConfirmedRegistration } from './confirmed-registration';
import { useLeaveRegistration } from './leave-registration';
import { OpenRegistration } from './open-registration';
import { PendingRegistration } from './pending-registration';
import { playerStatus } from './player-status';
import { useApplyActions } from './use-apply-actions';
import { WaitlistedRegistration } from './waitlisted-registration';

export { outsidePaymentWarning } from './open-registration';

/** Apply, join the line, pay a held slot, cancel or leave: whatever fits the player's status. */
export function RegistrationActions({ game, privateLink }: { game: Game; privateLink?: string }) {
  // Held here, above the part for each status: a request's own callbacks (navigate, toast) run only while the
  // component that sent it is mounted, and its reply changes the status and with it the part on screen.
  const apply = useApplyActions(game, privateLink);
  const leave = useLeaveRegistration(game);
  const status = playerStatus(game);
  const isClosed = game.status === 'cancelled' || isFinished(game.dateTime, new Date());

  if (status === 'confirmed') return <ConfirmedRegistration game={game} leave={leave} isClosed={isClosed} />;
  if (status === 'waitlist') return <WaitlistedRegistration game={game} leave={leave} isClosed={isClosed} />;
  if (status === 'pending') return <PendingRegistration game={game} apply={apply} leave={leave} isClosed={isClosed} />;
  if (game.status === 'cancelled') return <Alert tone="error">{messages.gameCancelled}</Alert>;
  if (isClosed) return <Alert tone="info">As inscrições deste jogo estão encerradas.</Alert>;
  return <OpenRegistration game={game} apply={apply} />;
}
