import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSeriesInput, UpdateSeriesInput } from '../../../shared/schemas/series';
import { api } from '../api-client';
import { refreshAfterRegistrationChange } from './me';

/** Every cached series lives under this key. */
export const seriesKey = ['series'] as const;

/** A series with its games and members, for its organiser. */
export function useSeriesDetail(seriesId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...seriesKey, 'detail', seriesId],
      queryFn: ({ signal }) => api('GET /series/:id', { params: { id: seriesId }, signal, fallbackMessage: 'Erro ao carregar a série' }),
      staleTime: 0,
      enabled: Number.isInteger(seriesId) && seriesId > 0,
    }),
  );
}

/** The series as a player sees it from one of its games: member places left and whether they hold one. */
export function useSeriesMembership(seriesId: number | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...seriesKey, 'membership', seriesId],
      queryFn: ({ signal }) =>
        api('GET /series/:id/membership', { params: { id: seriesId! }, signal, fallbackMessage: 'Erro ao carregar a série' }),
      staleTime: 0,
      enabled: typeof seriesId === 'number',
    }),
  );
}

function useSeriesMutation<TVariables, TReply>(mutationFn: (variables: TVariables) => Promise<TReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: seriesKey });
      await refreshAfterRegistrationChange(queryClient);
    },
  });
}

export function useCreateSeries() {
  return useSeriesMutation((payload: CreateSeriesInput) =>
    api('POST /series', { body: payload, fallbackMessage: 'Erro ao criar a série' }),
  );
}

export function useJoinSeries() {
  return useSeriesMutation((seriesId: number) =>
    api('POST /series/:id/members', { params: { id: seriesId }, body: {}, fallbackMessage: 'Erro ao entrar como mensalista' }),
  );
}

export function useLeaveSeries() {
  return useSeriesMutation((seriesId: number) =>
    api('DELETE /series/:id/members/me', { params: { id: seriesId }, fallbackMessage: 'Erro ao sair dos mensalistas' }),
  );
}

export function useRemoveSeriesMember(seriesId: number) {
  return useSeriesMutation((userId: number) =>
    api('DELETE /series/:id/members/:userId', { params: { id: seriesId, userId }, fallbackMessage: 'Erro ao remover mensalista' }),
  );
}

export function useUpdateSeries(seriesId: number) {
  return useSeriesMutation((payload: UpdateSeriesInput) =>
    api('PUT /series/:id', { params: { id: seriesId }, body: payload, fallbackMessage: 'Erro ao salvar a série' }),
  );
}

export function useCancelSeries(seriesId: number) {
  return useSeriesMutation((reason: string) =>
    api('POST /series/:id/cancel', { params: { id: seriesId }, body: { reason }, fallbackMessage: 'Erro ao cancelar a série' }),
  );
}
