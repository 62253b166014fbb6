import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCreditsReply,
  AdminGameDetail,
  AdminGameReply,
  AdminGamesReply,
  AdminUser,
  AdminUsersReply,
  CancellationsReply,
  CancellationStatus,
  DashboardReply,
  DeleteGameReply,
  RemovePlayerReply,
  ResolveCancellationBody,
  ResolveCancellationReply,
  UserPaymentsReply,
} from '../../../shared/schemas/admin';
import type { GamePayloadInput } from '../../../shared/schemas/user-games';
import { apiDownload, apiRequest } from '../../lib/api-client';

/**
 * Every admin call goes through `apiRequest`, so it carries the token and a 401 ends the session
 * (back to /login with "Sua sessão expirou…"). Everything cached here lives under `adminKey`:
 * a change (credits, a game, a refund) invalidates the whole admin area at once.
 */
export const adminKey = ['admin'] as const;

function toSearch(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** An admin read, under `adminKey` and fetched afresh whenever its page opens. */
function adminQuery<Reply>(key: readonly unknown[], path: string, fallbackMessage: string) {
  return queryOptions({
    queryKey: [...adminKey, ...key],
    queryFn: ({ signal }) => apiRequest<Reply>(path, { signal, fallbackMessage }),
    staleTime: 0,
  });
}

/**
 * One page of an admin list, fetched afresh: `filters` in the cache key and in the query string (page 1 and empty
 * values left out, `search` trimmed), the page shown before stays while the next one loads.
 */
function adminListQuery<Reply>(key: readonly unknown[], path: string, filters: Record<string, string | number> & { page: number }, fallbackMessage: string) {
  const params: Record<string, string | number | undefined> = { ...filters, page: filters.page > 1 ? filters.page : undefined };
  if (typeof params.search === 'string') params.search = params.search.trim();
  return queryOptions({ ...adminQuery<Reply>(key, `${path}${toSearch(params)}`, fallbackMessage), placeholderData: keepPreviousData });
}

// ── Dashboard ──

export const dashboardQuery = adminQuery<DashboardReply>(['dashboard'], '/admin/dashboard', 'Erro ao carregar dashboard');

export function useDashboard() {
  return useQuery(dashboardQuery);
}

// ── Users ──

export type AdminUsersFilters = { search: string; page: number };

export function adminUsersQuery(filters: AdminUsersFilters) {
  return adminListQuery<AdminUsersReply>(['users', 'list', filters], '/admin/users', filters, 'Erro ao carregar usuários');
}

export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery(adminUsersQuery(filters));
}

export function adminUserQuery(userId: number) {
  return adminQuery<AdminUser>(['users', 'detail', userId], `/admin/users/${userId}`, 'Erro ao carregar detalhes do usuário');
}

export function useAdminUser(userId: number) {
  return useQuery(adminUserQuery(userId));
}

export function userPaymentsQuery(userId: number) {
  return adminQuery<UserPaymentsReply>(['users', 'payments', userId], `/admin/users/${userId}/payments`, 'Erro ao carregar pagamentos');
}

export function useUserPayments(userId: number) {
  return useQuery(userPaymentsQuery(userId));
}

export type AddCreditsInput = { userId: number; amount: number; idempotencyKey: string };

/** The key makes a retried or doubled submission answer the same ledger row instead of adding twice. */
export function addCredits({ userId, amount, idempotencyKey }: AddCreditsInput): Promise<AddCreditsReply> {
  return apiRequest<AddCreditsReply>(`/admin/users/${userId}/credits`, {
    method: 'POST',
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
  return adminListQuery<AdminGamesReply>(['games', 'list', filters], '/admin/games', filters, 'Erro ao carregar jogos');
}

export function useAdminGames(filters: AdminGamesFilters) {
  return useQuery(adminGamesQuery(filters));
}

export function adminGameQuery(gameId: number) {
  return queryOptions({
    ...adminQuery<AdminGameDetail>(['games', 'detail', gameId], `/admin/games/${gameId}`, 'Erro ao carregar jogo'),
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
    mutationFn: (payload: GamePayloadInput) =>
      apiRequest<AdminGameReply>('/admin/games', { method: 'POST', body: payload, fallbackMessage: 'Erro ao criar jogo' }),
    onSuccess: invalidate,
  });
}

export function useUpdateGame() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ gameId, payload }: { gameId: number; payload: GamePayloadInput }) =>
      apiRequest<AdminGameReply>(`/admin/games/${gameId}`, { method: 'PUT', body: payload, fallbackMessage: 'Erro ao atualizar jogo' }),
    onSuccess: invalidate,
  });
}

export function useDuplicateGame() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (gameId: number) =>
      apiRequest<AdminGameReply>(`/games/${gameId}/duplicate`, { method: 'POST', fallbackMessage: 'Erro ao duplicar jogo' }),
    onSuccess: invalidate,
  });
}

export function useDeleteGame() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (gameId: number) =>
      apiRequest<DeleteGameReply>(`/admin/games/${gameId}`, { method: 'DELETE', fallbackMessage: 'Erro ao deletar jogo' }),
    onSuccess: invalidate,
  });
}

export function useRemovePlayer() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ gameId, userId }: { gameId: number; userId: number }) =>
      apiRequest<RemovePlayerReply>(`/admin/games/${gameId}/users/${userId}`, { method: 'DELETE', fallbackMessage: 'Erro ao remover jogador' }),
    onSuccess: invalidate,
  });
}

// ── Cancellations ──

export type CancellationsFilters = { status: CancellationStatus | ''; page: number };

export function cancellationsQuery(filters: CancellationsFilters) {
  return adminListQuery<CancellationsReply>(['cancellations', filters], '/admin/cancellations', filters, 'Erro ao carregar cancelamentos');
}

export function useCancellations(filters: CancellationsFilters) {
  return useQuery(cancellationsQuery(filters));
}

export function useResolveCancellation() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResolveCancellationBody }) =>
      apiRequest<ResolveCancellationReply>(`/admin/cancellations/${id}`, { method: 'PUT', body, fallbackMessage: 'Erro ao processar cancelamento' }),
    onSuccess: invalidate,
  });
}

/** The payments spreadsheet of a period (São Paulo days), saved as a file. */
export function useDownloadPaymentsReport() {
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      apiDownload(`/admin/reports/payments.csv${toSearch({ from, to })}`, `pagamentos-${from}-a-${to}.csv`, 'Erro ao baixar o relatório'),
  });
}
