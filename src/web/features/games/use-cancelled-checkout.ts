import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { CancelGameCheckoutReply } from '../../../shared/schemas/games';
import { errorMessage } from '../../lib/api-client';
import { useCancelGameCheckout } from './api';

export type CancelledCheckout = { tone: 'success' | 'warning' | 'error'; text: string };

const tones: Record<CancelGameCheckoutReply['status'], CancelledCheckout['tone']> = {
  released: 'warning',
  kept: 'warning',
  closed: 'warning',
  confirmed: 'success',
  credited: 'success',
};

/**
 * Back on a game from the provider's page after "Cancelar" (`?cancelado=`, the payment's public id): the payment ends
 * at once and the place it held is freed (the server says which), and the page says so; the address loses the id.
 */
export function useCancelledCheckout(gameId: number, isSignedIn: boolean): CancelledCheckout | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const sessionId = searchParams.get('cancelado');
  const cancel = useCancelGameCheckout();
  const { mutate } = cancel;
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!sessionId || !isSignedIn || sent.current === sessionId) return;
    sent.current = sessionId;
    mutate(
      { gameId, sessionId },
      {
        onSettled: () =>
          setSearchParams(
            (params) => {
              params.delete('cancelado');
              return params;
            },
            { replace: true },
          ),
      },
    );
  }, [gameId, sessionId, isSignedIn, mutate, setSearchParams]);
  if (cancel.isSuccess) return { tone: tones[cancel.data.status], text: cancel.data.message };
  if (cancel.isError) return { tone: 'error', text: errorMessage(cancel.error, 'Erro ao cancelar o pagamento') };
  return null;
}
