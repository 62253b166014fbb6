import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Game } from '../../../../shared/schemas/games';
import { CancelRegistrationDialog } from '../../../components/games/cancel-registration-dialog';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCancelRegistration } from '../../../lib/queries/me';
import { playerStatus } from './player-status';

/** Cancelling a registration or leaving the line, asked first in a dialog; the reply is told, and a cancel goes to the profile. */
export function useLeaveRegistration(game: Game) {
  const navigate = useNavigate();
  const toast = useToast();
  const cancel = useCancelRegistration();
  const [isAsking, setIsAsking] = useState(false);

  function confirm() {
    const status = playerStatus(game);
    cancel.mutate(game.id, {
      onSuccess: (reply) => {
        setIsAsking(false);
        toast.show(reply.message, 'success');
        // Spec: cancelling a confirmed or pending registration goes to the profile.
        if (status !== 'waitlist') navigate('/profile');
      },
      onError: (error) => {
        setIsAsking(false);
        toast.show(errorMessage(error, 'Erro ao cancelar inscrição'), 'error');
      },
    });
  }

  return { isAsking, isPending: cancel.isPending, ask: () => setIsAsking(true), dismiss: () => setIsAsking(false), confirm };
}

export type LeaveRegistration = ReturnType<typeof useLeaveRegistration>;

type LeaveRegistrationControlsProps = {
  game: Game;
  leave: LeaveRegistration;
  /** A cancelled or finished game keeps its registrations: no way out is offered. */
  isClosed: boolean;
  variant: 'danger' | 'ghost';
  label: string;
};

/** The way out of a registration (hidden once the game is closed) and the dialog that confirms it. */
export function LeaveRegistrationControls({ game, leave, isClosed, variant, label }: LeaveRegistrationControlsProps) {
  return (
    <>
      {!isClosed && (
        <Button variant={variant} fullWidth onClick={leave.ask}>
          {label}
        </Button>
      )}
      <CancelRegistrationDialog
        game={leave.isAsking ? game : null}
        busy={leave.isPending}
        onConfirm={leave.confirm}
        onCancel={leave.dismiss}
      />
    </>
  );
}
