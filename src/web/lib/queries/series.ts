import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSeriesInput, JoinSeriesReply, LeaveSeriesReply, Series, SeriesDetail, SeriesReply } from '../../../shared/schemas/series';
import { apiRequest } from '../api-client';
import { refreshAfterRegistrationChange } from './me';

/** Every cached series lives under this key. */
export const seriesKey = ['series'] as const;

/** A series with its games and members, for its organiser. */
export function useSeriesDetail(seriesId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...seriesKey, 'detail', seriesId],
      queryFn: ({ signal }) => apiRequest<SeriesDetail>(`/series/${seriesId}`, { signal, fallbackMessage: 'Erro ao carregar a série' }),
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
      queryFn: ({ signal }) => apiRequest<Series>(`/series/${seriesId}/membership`, { signal, fallbackMessage: 'Erro ao carregar a série' }),
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
    apiRequest<SeriesReply>('/series', { method: 'POST', body: payload, fallbackMessage: 'Erro ao criar a série' }),
  );
}

export function useJoinSeries() {
  return useSeriesMutation((seriesId: number) =>
    apiRequest<JoinSeriesReply>(`/series/${seriesId}/members`, { method: 'POST', body: {}, fallbackMessage: 'Erro ao entrar como mensalista' }),
  );
}

export function useLeaveSeries() {
  return useSeriesMutation((seriesId: number) =>
    apiRequest<LeaveSeriesReply>(`/series/${seriesId}/members/me`, { method: 'DELETE', fallbackMessage: 'Erro ao sair dos mensalistas' }),
  );
}

export function useRemoveSeriesMember(seriesId: number) {
  return useSeriesMutation((userId: number) =>
    apiRequest<LeaveSeriesReply>(`/series/${seriesId}/members/${userId}`, { method: 'DELETE', fallbackMessage: 'Erro ao remover mensalista' }),
  );
}
