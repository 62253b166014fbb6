import { useMutation } from '@tanstack/react-query';
import type { PhoneBody, PhoneReply } from '../../../shared/schemas/users';
import { apiRequest } from '../../lib/api-client';
import { updateSessionUser } from '../../lib/session';

export function savePhone(body: PhoneBody): Promise<PhoneReply> {
  return apiRequest('/users/phone', { method: 'PUT', body, fallbackMessage: 'Erro ao salvar telefone' });
}

export function useSavePhone() {
  return useMutation({ mutationFn: savePhone, onSuccess: (reply) => updateSessionUser(reply.user) });
}
