import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplyBody } from '../../../shared/schemas/games';
import { api } from '../../lib/api-client';
import { gamesKey } from '../../lib/queries/games';
import { refreshAfterRegistrationChange } from '../../lib/queries/me';

export function getGame(gameId: number, signal?: AbortSignal) {
  return api('GET /games/:id', { params: { id: gameId }, signal, fallbackMessage: 'Erro ao carregar jogo' });
}

export function gameQuery(gameId: number) {
  return queryOptions({
    queryKey: [...gamesKey, 'detail', gameId],
    queryFn: ({ signal }) => getGame(gameId, signal),
    staleTime: 0,
    enabled: Number.isInteger(gameId) && gameId > 0,
  });
}

export function useGame(gameId: number) {
  return useQuery(gameQuery(gameId));
}

export function getPrivateGame(link: string, signal?: AbortSignal) {
  return api('GET /games/private/:link', { params: { link }, signal, fallbackMessage: 'Erro ao carregar jogo privado' });
}

export function privateGameQuery(link: string) {
  return queryOptions({
    queryKey: [...gamesKey, 'private', link],
    queryFn: ({ signal }) => getPrivateGame(link, signal),
    enabled: link !== '',
  });
}

export function usePrivateGame(link: string) {
  return useQuery(privateGameQuery(link));
}

export function applyToGame({ gameId, body }: { gameId: number; body: ApplyBody }) {
  return api('POST /games/:id/apply', { params: { id: gameId }, body, fallbackMessage: 'Erro ao se inscrever no jogo' });
}

export function useApplyToGame() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyToGame, onSuccess: () => refreshAfterRegistrationChange(queryClient) });
}

export function joinWaitlist({ gameId, privateLink }: { gameId: number; privateLink?: string }) {
  return api('POST /games/:id/waitlist', {
    params: { id: gameId },
    body: privateLink ? { privateLink } : {},
    fallbackMessage: 'Erro ao entrar na lista de espera',
  });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinWaitlist, onSuccess: () => refreshAfterRegistrationChange(queryClient) });
}

export function cancelGameCheckout({ gameId, sessionId }: { gameId: number; sessionId: string }) {
  return api('POST /games/:id/cancel-checkout', {
    params: { id: gameId },
    body: { session_id: sessionId },
    fallbackMessage: 'Erro ao cancelar o pagamento',
  });
}

export function useCancelGameCheckout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelGameCheckout, onSuccess: () => refreshAfterRegistrationChange(queryClient) });
}
