import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationStatus, ResolveCancellationBody } from '../../../shared/schemas/admin';
import type { PayoutStatus } from '../../../shared/schemas/earnings';
import type { GamePayloadInput, UpdateUserGameInput } from '../../../shared/schemas/user-games';
import { api, apiDownload, querySearch } from '../../lib/api-client';

/**
 * Every admin call goes through `api`, so it carries the token and a 401 ends the session
 * (back to /login with "Sua sessão expirou…"). Everything cached here lives under `adminKey`:
 * a change (credits, a game, a refund) invalidates the whole admin area at once.
 */
export const adminKey = ['admin'] as const;

/** An admin read, under `adminKey` and fetched afresh whenever its page opens. */
function adminQuery<Reply>(key: readonly unknown[], fetchReply: (signal: AbortSignal) => Promise<Reply>) {
  return queryOptions({ queryKey: [...adminKey, ...key], queryFn: ({ signal }) => fetchReply(signal), staleTime: 0 });
}

/** One page of an admin list, fetched afresh; the page shown before stays while the next one loads. */
function adminListQuery<Reply>(key: readonly unknown[], fetchReply: (signal: AbortSignal) => Promise<Reply>) {
  return queryOptions({ ...adminQuery(key, fetchReply), placeholderData: keepPreviousData });
}

/** Page 1 is the default: left out of the query string. */
const pageOf = (page: number) => (page > 1 ? page : undefined);

/** An empty filter means any value: left out of the query string. */
const given = <T extends string>(value: T | '') => (value === '' ? undefined : value);

// ── Dashboard ──

export const dashboardQuery = adminQuery(['dashboard'], (signal) =>
  api('GET /admin/dashboard', { signal, fallbackMessage: 'Erro ao carregar dashboard' }),
);

export function useDashboard() {
  return useQuery(dashboardQuery);
}

// ── Users ──

export type AdminUsersFilters = { search: string; page: number };

export function adminUsersQuery(filters: AdminUsersFilters) {
  return adminListQuery(['users', 'list', filters], (signal) =>
    api('GET /admin/users', {
      query: { search: given(filters.search.trim()), page: pageOf(filters.page) },
      signal,
      fallbackMessage: 'Erro ao carregar usuários',
    }),
  );
}

export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery(adminUsersQuery(filters));
}

export function adminUserQuery(userId: number) {
  return adminQuery(['users', 'detail', userId], (signal) =>
    api('GET /admin/users/:id', { params: { id: userId }, signal, fallbackMessage: 'Erro ao carregar detalhes do usuário' }),
  );
}

export function useAdminUser(userId: number) {
  return useQuery(adminUserQuery(userId));
}

/** A page of the user's credit statement, with their card/PIX payments. */
export function userPaymentsQuery(userId: number, page = 1) {
  return adminListQuery(['users', 'payments', userId, page], (signal) =>
    api('GET /admin/users/:id/payments', {
      params: { id: userId },
      query: { page: pageOf(page) },
      signal,
      fallbackMessage: 'Erro ao carregar pagamentos',
    }),
  );
}

export function useUserPayments(userId: number, page = 1) {
  return useQuery(userPaymentsQuery(userId, page));
}

export type AddCreditsInput = { userId: number; amount: number; idempotencyKey: string };

/** The key makes a retried or doubled submission answer the same ledger row instead of adding twice. */
export function addCredits({ userId, amount, idempotencyKey }: AddCreditsInput) {
  return api('POST /admin/users/:id/credits', {
    params: { id: userId },
    body: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
    fallbackMessage: 'Erro ao adicionar créditos',
  });
}

export function useAddCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCredits,
    onSuccess: async (reply, { userId }) => {
      // The new balance is known at once; the history and the lists are fetched again.
      queryClient.setQueryData(adminUserQuery(userId).queryKey, (user) => (user ? { ...user, credits: reply.credits } : user));
      await queryClient.invalidateQueries({ queryKey: [...adminKey, 'users', 'payments', userId] });
      await queryClient.invalidateQueries({ queryKey: [...adminKey, 'users', 'list'] });
    },
  });
}

// ── Games ──

export type AdminGamesFilters = {
  search: string;
  status: 'active' | 'cancelled' | 'all';
  when: '' | 'upcoming' | 'past';
  page: number;
};

export function adminGamesQuery(filters: AdminGamesFilters) {
  return adminListQuery(['games', 'list', filters], (signal) =>
    api('GET /admin/games', {
      query: { search: given(filters.search.trim()), status: filters.status, when: given(filters.when), page: pageOf(filters.page) },
      signal,
      fallbackMessage: 'Erro ao carregar jogos',
    }),
  );
}

export function useAdminGames(filters: AdminGamesFilters) {
  return useQuery(adminGamesQuery(filters));
}

export function adminGameQuery(gameId: number) {
  return queryOptions({
    ...adminQuery(['games', 'detail', gameId], (signal) =>
      api('GET /admin/games/:id', { params: { id: gameId }, signal, fallbackMessage: 'Erro ao carregar jogo' }),
    ),
    enabled: Number.isInteger(gameId) && gameId > 0,
  });
}

export function useAdminGame(gameId: number) {
  return useQuery(adminGameQuery(gameId));
}

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKey });
}

export function useCreateGame() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (payload: GamePayloadInput) => api('POST /admin/games', { body: payload, fallbackMessage: 'Erro ao criar jogo' }),
    onSuccess: invalidate,
  });
}

export function useUpdateGame() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ gameId, payload }: { gameId: number; payload: UpdateUserGameInput }) =>
      api('PUT /admin/games/:id', { params: { id: gameId }, body: payload, fallbackMessage: 'Erro ao atualizar jogo' }),
    onSuccess: invalidate,
  });
}

export function useDuplicateGame() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (gameId: number) => api('POST /games/:id/duplicate', { params: { id: gameId }, fallbackMessage: 'Erro ao duplicar jogo' }),
    onSuccess: invalidate,
  });
}

export function useDeleteGame() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    // `confirm`: agreed to give back the money of a game that has started (the server asks first, decision 063).
    mutationFn: ({ gameId, confirm }: { gameId: number; confirm?: boolean }) =>
      api('DELETE /admin/games/:id', {
        params: { id: gameId },
        body: confirm ? { confirm } : undefined,
        fallbackMessage: 'Erro ao deletar jogo',
      }),
    onSuccess: invalidate,
  });
}

export function useRemovePlayer() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ gameId, userId, confirm }: { gameId: number; userId: number; confirm?: boolean }) =>
      api('DELETE /admin/games/:id/users/:userId', {
        params: { id: gameId, userId },
        body: confirm ? { confirm } : undefined,
        fallbackMessage: 'Erro ao remover jogador',
      }),
    onSuccess: invalidate,
  });
}

// ── Cancellations ──

export type CancellationsFilters = { status: CancellationStatus | ''; page: number };

export function cancellationsQuery(filters: CancellationsFilters) {
  return adminListQuery(['cancellations', filters], (signal) =>
    api('GET /admin/cancellations', {
      query: { status: given(filters.status), page: pageOf(filters.page) },
      signal,
      fallbackMessage: 'Erro ao carregar cancelamentos',
    }),
  );
}

export function useCancellations(filters: CancellationsFilters) {
  return useQuery(cancellationsQuery(filters));
}

export function useResolveCancellation() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResolveCancellationBody }) =>
      api('PUT /admin/cancellations/:id', { params: { id }, body, fallbackMessage: 'Erro ao processar cancelamento' }),
    onSuccess: invalidate,
  });
}

/** The payments spreadsheet of a period (São Paulo days), saved as a file. */
export function useDownloadPaymentsReport() {
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      apiDownload(
        `/admin/reports/payments.csv${querySearch({ from, to })}`,
        `pagamentos-${from}-a-${to}.csv`,
        'Erro ao baixar o relatório',
      ),
  });
}

// ── Organisers' payouts (decision 045) ──

export function payoutsQuery(status: PayoutStatus | '') {
  return adminListQuery(['payouts', status], (signal) =>
    api('GET /admin/payouts', { query: { status: given(status) }, signal, fallbackMessage: 'Erro ao carregar repasses' }),
  );
}

export function usePayouts(status: PayoutStatus | '') {
  return useQuery(payoutsQuery(status));
}

export function useMarkPayoutPaid() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, reference }: { id: number; reference: string }) =>
      api('POST /admin/payouts/:id/paid', { params: { id }, body: { reference }, fallbackMessage: 'Erro ao registrar o repasse' }),
    onSuccess: invalidate,
  });
}

export function useRejectPayout() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api('POST /admin/payouts/:id/reject', { params: { id }, body: { reason }, fallbackMessage: 'Erro ao rejeitar o repasse' }),
    onSuccess: invalidate,
  });
}

// ── Reference cities ──

export function stateCitiesQuery(stateId: number) {
  return adminQuery(['cities', stateId], (signal) =>
    api('GET /admin/states/:id/cities', { params: { id: stateId }, signal, fallbackMessage: 'Erro ao carregar cidades' }),
  );
}

export function useStateCities(stateId: number | null) {
  return useQuery({ ...stateCitiesQuery(stateId ?? 0), enabled: stateId !== null });
}

export function useAddCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stateId, name, ibgeCode }: { stateId: number; name: string; ibgeCode: string }) =>
      api('POST /admin/states/:id/cities', {
        params: { id: stateId },
        body: { name, ibgeCode },
        fallbackMessage: 'Erro ao adicionar cidade',
      }),
    // The admin's list and every city picker (their reference cache) show the new city.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKey }), queryClient.invalidateQueries({ queryKey: ['reference'] })]),
  });
}

const adminGroupsKey = ['admin', 'groups'] as const;

/** Every turma, private and suspended too, the newest first; `search` in its name or address. */
export function useAdminGroups(search: string) {
  return useQuery({
    queryKey: [...adminGroupsKey, search],
    queryFn: ({ signal }) =>
      api('GET /admin/groups', { query: search ? { search } : {}, signal, fallbackMessage: 'Erro ao carregar as turmas' }),
    staleTime: 0,
  });
}

export function useSuspendGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, reason }: { groupId: number; reason: string }) =>
      api('POST /admin/groups/:id/suspend', { params: { id: groupId }, body: { reason }, fallbackMessage: 'Erro ao suspender a turma' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminGroupsKey }),
  });
}

export function useUnsuspendGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) =>
      api('POST /admin/groups/:id/unsuspend', { params: { id: groupId }, fallbackMessage: 'Erro ao reativar a turma' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminGroupsKey }),
  });
}
