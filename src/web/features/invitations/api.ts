import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageReply } from '../../../shared/schemas/common';
import { apiRequest } from '../../lib/api-client';
import { invitationsKey } from '../../lib/queries/invitations';

export function removeInvitation(id: number): Promise<MessageReply> {
  return apiRequest(`/invitations/${id}`, { method: 'DELETE', fallbackMessage: 'Erro ao remover convite' });
}

export function useRemoveInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }) });
}
