import { useNavigate } from 'react-router';
import type { ApplyBody, Game } from '../../../../shared/schemas/games';
import { errorMessage } from '../../../lib/api-client';
import { redirectToCheckout } from '../../../lib/checkout-redirect';
import { useSession } from '../../../lib/session';
import { useApplyToGame, useJoinWaitlist } from '../api';

export type ApplyPaymentType = NonNullable<ApplyBody['paymentType']>;

/**
 * The player's requests to take a place in one game, applying (with a payment) or joining the line, and where each
 * leads.
 */
export function useApplyActions(game: Game, privateLink: string | undefined) {
  const navigate = useNavigate();
  const { user } = useSession();
  const apply = useApplyToGame();
  const waitlist = useJoinWaitlist();
  const hasPhone = Boolean(user?.phone);
  const isBusy = apply.isPending || waitlist.isPending;
  const error = apply.error ?? waitlist.error;

  function applyWith(paymentType?: ApplyPaymentType) {
    waitlist.reset();
    const body: ApplyBody = {};
    if (paymentType) body.paymentType = paymentType;
    if (privateLink) body.privateLink = privateLink;
    apply.mutate(
      { gameId: game.id, body },
      {
        onSuccess: (reply) => {
          // Card and PIX hold the slot and answer the provider's checkout page: the browser goes there.
          if (redirectToCheckout(reply)) return;
          navigate(reply.waitlisted ? `/waitlist/${game.id}` : `/confirmation/${game.id}`);
        },
      },
    );
  }

  function joinLine() {
    apply.reset();
    waitlist.mutate({ gameId: game.id, privateLink }, { onSuccess: () => navigate(`/waitlist/${game.id}`) });
  }

  return {
    applyWith,
    joinLine,
    /** Without a phone in the profile nobody applies (spec: players §4). */
    hasPhone,
    /** A phone, and no request on its way. */
    canSend: hasPhone && !isBusy,
    /** The payment whose request is on its way ('plain' for a game paid outside the platform), or null. */
    busyPayment: apply.isPending ? (apply.variables?.body.paymentType ?? 'plain') : null,
    isJoiningLine: waitlist.isPending,
    errorText: error ? errorMessage(error, 'Erro ao se inscrever no jogo') : undefined,
  };
}

export type ApplyActions = ReturnType<typeof useApplyActions>;
