import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export const invitationsKey = ['invitations'] as const;

export function listInvitations() {
  return api('GET /invitations', { fallbackMessage: 'Erro ao carregar convites' });
}

export const invitationsQuery = queryOptions({ queryKey: [...invitationsKey, 'list'], queryFn: listInvitations, staleTime: 0 });

/** The private games the user was invited to (home, games and invitations pages). */
export function useInvitations() {
  return useQuery(invitationsQuery);
}
