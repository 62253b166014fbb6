import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { invitationsKey } from '../../lib/queries/invitations';

export function removeInvitation(id: number) {
  return api('DELETE /invitations/:id', { params: { id }, fallbackMessage: 'Erro ao remover convite' });
}

export function useRemoveInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }) });
}
