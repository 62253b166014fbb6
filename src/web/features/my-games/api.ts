import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateUserGameInput, UpdateUserGameInput, UserGamesFilter } from '../../../shared/schemas/user-games';
import type { UpdatePlayerBody } from '../../../shared/schemas/game-day';
import type { PaymentAccountProvider } from '../../../shared/schemas/payment-accounts';
import { api, apiDownload } from '../../lib/api-client';
import { gamesKey } from '../../lib/queries/games';
import { userGamesKey } from '../../lib/queries/user-games';

export function userGamesQuery(filter: UserGamesFilter) {
  return queryOptions({
    queryKey: [...userGamesKey, 'list', filter],
    queryFn: ({ signal }) => api('GET /user-games', { query: { filter }, signal, fallbackMessage: 'Erro ao carregar seus jogos' }),
    // Players apply and cancel all the time: the counts are asked again on every visit.
    staleTime: 0,
  });
}

export function useUserGames(filter: UserGamesFilter) {
  return useQuery(userGamesQuery(filter));
}

export function userGameQuery(gameId: number) {
  return queryOptions({
    queryKey: [...userGamesKey, 'detail', gameId],
    queryFn: ({ signal }) => api('GET /user-games/:id', { params: { id: gameId }, signal, fallbackMessage: 'Erro ao carregar jogo' }),
    staleTime: 0,
    enabled: Number.isInteger(gameId) && gameId > 0,
  });
}

/** One game of the organiser with its registration counts and every registration. */
export function useUserGame(gameId: number, options: { enabled?: boolean } = {}) {
  const query = userGameQuery(gameId);
  return useQuery({ ...query, enabled: query.enabled !== false && options.enabled !== false });
}

/** A change to an organiser's game also changes what players see in the game lists. */
async function refreshAfterChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: userGamesKey }), queryClient.invalidateQueries({ queryKey: gamesKey })]);
}

function useUserGameMutation<TVariables, TReply>(mutationFn: (variables: TVariables) => Promise<TReply>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterChange(queryClient) });
}

/** The turma a new game is created in (`/my-games/new?turma=`), among the caller's: its name for the form. */
export function useGroupForNewGame(groupId: number | undefined) {
  return useQuery({
    queryKey: ['groups', 'mine'],
    queryFn: ({ signal }) => api('GET /users/me/groups', { signal, fallbackMessage: 'Erro ao carregar suas turmas' }),
    enabled: groupId !== undefined,
    select: (groups) => groups.find(({ group, myRole }) => group.id === groupId && myRole !== 'member')?.group,
  });
}

export function useCreateUserGame() {
  return useUserGameMutation((payload: CreateUserGameInput) =>
    api('POST /user-games', { body: payload, fallbackMessage: 'Erro ao criar jogo' }),
  );
}

export function useUpdateUserGame(gameId: number) {
  return useUserGameMutation((payload: UpdateUserGameInput) =>
    api('PUT /user-games/:id', { params: { id: gameId }, body: payload, fallbackMessage: 'Erro ao atualizar jogo' }),
  );
}

export function usePublishUserGame() {
  return useUserGameMutation((gameId: number) =>
    api('POST /user-games/:id/publish', { params: { id: gameId }, fallbackMessage: 'Erro ao publicar jogo' }),
  );
}

export function useUnpublishUserGame() {
  return useUserGameMutation(({ gameId, confirm }: { gameId: number; confirm?: true }) =>
    api('POST /user-games/:id/unpublish', {
      params: { id: gameId },
      ...(confirm ? { body: { confirm } } : {}),
      fallbackMessage: 'Erro ao despublicar jogo',
    }),
  );
}

export function useCancelUserGame() {
  return useUserGameMutation(({ gameId, reason }: { gameId: number; reason: string }) =>
    api('POST /user-games/:id/cancel', { params: { id: gameId }, body: { reason }, fallbackMessage: 'Erro ao cancelar jogo' }),
  );
}

export function useRegeneratePrivateLink() {
  return useUserGameMutation((gameId: number) =>
    api('POST /user-games/:id/regenerate-link', { params: { id: gameId }, fallbackMessage: 'Erro ao regenerar link' }),
  );
}

export function useInviteByEmail() {
  return useMutation({
    mutationFn: ({ gameId, emails }: { gameId: number; emails: string[] }) =>
      api('POST /user-games/:id/invitations', { params: { id: gameId }, body: { emails }, fallbackMessage: 'Erro ao enviar convites' }),
  });
}

/** Game day: check-in and level of one confirmed player; the game is read again for the no-shows. */
export function useUpdateGamePlayer(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: UpdatePlayerBody & { userId: number }) =>
      api('PUT /user-games/:id/players/:userId', { params: { id: gameId, userId }, body, fallbackMessage: 'Erro ao atualizar jogador' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userGameQuery(gameId).queryKey }),
  });
}

/** Game day for a walk-in (issue 42): presence and level, as for a confirmed player. */
export function useUpdateGameWalkIn(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ walkInId, ...body }: UpdatePlayerBody & { walkInId: number }) =>
      api('PUT /user-games/:id/walk-ins/:walkInId', {
        params: { id: gameId, walkInId },
        body,
        fallbackMessage: 'Erro ao atualizar avulso',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userGameQuery(gameId).queryKey }),
  });
}

export function useDrawTeams(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamCount: number) =>
      api('POST /user-games/:id/teams', { params: { id: gameId }, body: { teamCount }, fallbackMessage: 'Erro ao sortear os times' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userGameQuery(gameId).queryKey }),
  });
}

/** The registrations spreadsheet (CSV for Excel), saved as a file. */
export function useDownloadRegistrations(gameId: number) {
  return useMutation({
    mutationFn: () => apiDownload(`/user-games/${gameId}/registrations.csv`, `inscricoes-jogo-${gameId}.csv`, 'Erro ao baixar a planilha'),
  });
}

/** Walk-ins (decision 047): someone with no account, by name, who takes a place; the game and the lists are read again. */
export function useAddWalkIn(gameId: number) {
  return useUserGameMutation((name: string) =>
    api('POST /user-games/:id/walk-ins', { params: { id: gameId }, body: { name }, fallbackMessage: 'Erro ao adicionar à lista' }),
  );
}

export function useRemoveWalkIn(gameId: number) {
  return useUserGameMutation((walkInId: number) =>
    api('DELETE /user-games/:id/walk-ins/:walkInId', { params: { id: gameId, walkInId }, fallbackMessage: 'Erro ao tirar da lista' }),
  );
}

/** Takes a player off the game: refunded in full and told, as when the organiser cancels the game. */
export function useRemoveGamePlayer(gameId: number) {
  return useUserGameMutation((userId: number) =>
    api('DELETE /user-games/:id/players/:userId', { params: { id: gameId, userId }, fallbackMessage: 'Erro ao remover jogador' }),
  );
}

/** The organiser's statement (decision 045): available, pending, paid out, per game, and the payouts. */
export function useEarnings() {
  return useQuery({
    queryKey: [...userGamesKey, 'earnings'],
    queryFn: ({ signal }) => api('GET /user-games/earnings', { signal, fallbackMessage: 'Erro ao carregar seus recebimentos' }),
    staleTime: 0,
  });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Exactly the amount the organiser confirmed: a balance that shrank since is refused, one that grew keeps the rest.
    mutationFn: (amount: number) => api('POST /user-games/payouts', { body: { amount }, fallbackMessage: 'Erro ao solicitar o repasse' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...userGamesKey, 'earnings'] }),
  });
}

export function useDownloadEarnings() {
  return useMutation({
    mutationFn: () => apiDownload('/user-games/earnings.csv', 'recebimentos.csv', 'Erro ao baixar a planilha'),
  });
}

const paymentAccountsKey = [...userGamesKey, 'payment-accounts'];

/** The organiser's own accounts at Mercado Pago and Stripe (decision 082). */
export function usePaymentAccounts() {
  return useQuery({
    queryKey: paymentAccountsKey,
    queryFn: ({ signal }) =>
      api('GET /users/me/payment-accounts', { signal, fallbackMessage: 'Erro ao carregar suas contas de recebimento' }),
    staleTime: 0,
  });
}

/** The provider's page to go on to: Mercado Pago's authorisation, or Stripe's onboarding. */
export function useConnectPaymentAccount() {
  return useMutation({
    mutationFn: (provider: PaymentAccountProvider) =>
      api('POST /users/me/payment-accounts/:provider', { params: { provider }, fallbackMessage: 'Erro ao conectar a conta' }),
  });
}

export function useDisconnectPaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: PaymentAccountProvider) =>
      api('DELETE /users/me/payment-accounts/:provider', { params: { provider }, fallbackMessage: 'Erro ao desconectar a conta' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentAccountsKey }),
  });
}
