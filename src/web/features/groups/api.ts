import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SendGroupMessageBody } from '../../../shared/schemas/game-messages';
import type { CreateGroupInput, GroupRole, UpdateGroupInput } from '../../../shared/schemas/groups';
import { api } from '../../lib/api-client';
import { gamesKey } from '../../lib/queries/games';

const groupsKey = ['groups'] as const;

/** A turma's page by its slug; a visitor's is rendered by the server with it. */
export function groupPageQuery(slug: string, inviteToken: string | undefined) {
  return queryOptions({
    queryKey: [...groupsKey, 'page', slug, inviteToken ?? null],
    queryFn: ({ signal }) =>
      api('GET /groups/:id', {
        params: { id: slug },
        query: inviteToken ? { convite: inviteToken } : {},
        signal,
        fallbackMessage: 'Erro ao carregar a turma',
      }),
    staleTime: 0,
  });
}

export function useGroupPage(slug: string, inviteToken: string | undefined) {
  return useQuery(groupPageQuery(slug, inviteToken));
}

export function useMyGroups() {
  return useQuery({
    queryKey: [...groupsKey, 'mine'],
    queryFn: ({ signal }) => api('GET /users/me/groups', { signal, fallbackMessage: 'Erro ao carregar suas turmas' }),
    staleTime: 0,
  });
}

/** The members, with full names and requests for the turma's owner and organisers. */
export function useGroupMembers(groupId: number | undefined) {
  return useQuery({
    queryKey: [...groupsKey, 'members', groupId ?? null],
    queryFn: ({ signal }) =>
      api('GET /groups/:id/members', { params: { id: groupId! }, signal, fallbackMessage: 'Erro ao carregar os membros' }),
    enabled: groupId !== undefined,
    staleTime: 0,
  });
}

/** Every change to a turma may change its page, its members, the caller's lists and which games they see. */
function useGroupMutation<TVariables, TReply>(mutationFn: (variables: TVariables) => Promise<TReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: groupsKey }), queryClient.invalidateQueries({ queryKey: gamesKey })]),
  });
}

export function useCreateGroup() {
  return useGroupMutation((body: CreateGroupInput) => api('POST /groups', { body, fallbackMessage: 'Erro ao criar a turma' }));
}

/** The owner or an organiser changes the turma's settings (the page's address stays). */
export function useUpdateGroup(groupId: number | undefined) {
  return useGroupMutation((body: UpdateGroupInput) =>
    api('PUT /groups/:id', { params: { id: groupId! }, body, fallbackMessage: 'Erro ao salvar a turma' }),
  );
}

export function useJoinGroup(groupId: number) {
  return useGroupMutation((token: string | undefined) =>
    api('POST /groups/:id/members', {
      params: { id: groupId },
      body: token ? { token } : {},
      fallbackMessage: 'Erro ao entrar na turma',
    }),
  );
}

export function useLeaveGroup(groupId: number) {
  return useGroupMutation(() =>
    api('DELETE /groups/:id/members/me', { params: { id: groupId }, fallbackMessage: 'Erro ao sair da turma' }),
  );
}

export function useRenewInviteLink(groupId: number) {
  return useGroupMutation(() =>
    api('POST /groups/:id/invite-link', { params: { id: groupId }, fallbackMessage: 'Erro ao criar um novo link' }),
  );
}

export function useChangeRole(groupId: number) {
  return useGroupMutation(({ userId, role }: { userId: number; role: GroupRole }) =>
    api('PUT /groups/:id/members/:userId', {
      params: { id: groupId, userId },
      body: { role },
      fallbackMessage: 'Erro ao mudar o papel',
    }),
  );
}

export function useApproveRequest(groupId: number) {
  return useGroupMutation((userId: number) =>
    api('POST /groups/:id/members/:userId/approve', { params: { id: groupId, userId }, fallbackMessage: 'Erro ao aceitar o pedido' }),
  );
}

export function useRemoveMember(groupId: number) {
  return useGroupMutation((userId: number) =>
    api('DELETE /groups/:id/members/:userId', { params: { id: groupId, userId }, fallbackMessage: 'Erro ao remover' }),
  );
}

/** The turma's avisos (decision 078), newest first; asked only of its members and administrators. */
export function useGroupMessages(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...groupsKey, 'messages', groupId],
    queryFn: ({ signal }) =>
      api('GET /groups/:id/messages', { params: { id: groupId }, signal, fallbackMessage: 'Erro ao carregar os avisos' }),
    enabled,
    staleTime: 0,
  });
}

export function useSendGroupMessage(groupId: number) {
  return useGroupMutation((body: SendGroupMessageBody) =>
    api('POST /groups/:id/messages', { params: { id: groupId }, body, fallbackMessage: 'Erro ao enviar o aviso' }),
  );
}

export function useMuteGroup(groupId: number) {
  return useGroupMutation((muted: boolean) =>
    api('PUT /groups/:id/mute', { params: { id: groupId }, body: { muted }, fallbackMessage: 'Erro ao silenciar a turma' }),
  );
}
