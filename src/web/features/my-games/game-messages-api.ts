import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendGameMessageBody } from '../../../shared/schemas/game-messages';
import { api } from '../../lib/api-client';
import { userGamesKey } from '../../lib/queries/user-games';

/** Sends an aviso to the game's players (decision 077); the game's history then reads it. */
export function useSendGameMessage(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendGameMessageBody) =>
      api('POST /user-games/:id/messages', { params: { id: gameId }, body, fallbackMessage: 'Erro ao enviar o aviso' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...userGamesKey, 'history', gameId] }),
  });
}
