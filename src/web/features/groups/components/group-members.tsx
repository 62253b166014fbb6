import { Check, X } from 'lucide-react';
import type { GroupMember, GroupRole, MyGroupRole } from '../../../../shared/schemas/groups';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSection } from '../../../components/ui/page-section';
import { toastReply, useToast } from '../../../components/ui/toast';
import { useApproveRequest, useChangeRole, useGroupMembers, useRemoveMember } from '../api';

export const roleLabels: Record<GroupRole, string> = { owner: 'Dono(a)', organiser: 'Organizador(a)', member: 'Membro' };

/** The roles the owner gives, as the select names them. */
const roleOptions: { value: GroupRole; label: string }[] = [
  { value: 'member', label: 'Membro' },
  { value: 'organiser', label: 'Organizador(a)' },
  { value: 'owner', label: 'Dono(a) (passar a turma)' },
];

function MemberRow({ member, groupId, myRole }: { member: GroupMember; groupId: number; myRole: MyGroupRole }) {
  const toast = useToast();
  const changeRole = useChangeRole(groupId);
  const remove = useRemoveMember(groupId);
  const canChangeRole = myRole === 'owner' && member.role !== 'owner';
  const canRemove =
    member.role === 'member' ? myRole === 'owner' || myRole === 'organiser' : member.role === 'organiser' && myRole === 'owner';
  const selectId = `papel-${member.userId}`;
  return (
    <li className="flex flex-col gap-2 border-b border-slate-200 py-3 last:border-b-0 dark:border-slate-700 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-2">
        <span className="font-semibold">{member.name}</span>
        {member.role !== 'member' && <Badge tone={member.role === 'owner' ? 'info' : 'success'}>{roleLabels[member.role]}</Badge>}
      </div>
      {(canChangeRole || canRemove) && (
        <div className="flex flex-wrap items-center gap-2">
          {canChangeRole && (
            <>
              <label htmlFor={selectId} className="sr-only">
                Papel de {member.name}
              </label>
              <select
                id={selectId}
                className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900"
                value={member.role}
                disabled={changeRole.isPending}
                onChange={(event) =>
                  void toastReply(
                    toast,
                    changeRole.mutateAsync({ userId: member.userId, role: event.target.value as GroupRole }),
                    'Erro ao mudar o papel',
                  )
                }
              >
                {roleOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </>
          )}
          {canRemove && (
            <Button
              variant="ghost"
              busy={remove.isPending}
              onClick={() => void toastReply(toast, remove.mutateAsync(member.userId), 'Erro ao remover')}
            >
              Remover
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** Who is in the turma, and for its owner and organisers the requests to join, to accept or refuse. */
export function GroupMembers({ groupId, myRole }: { groupId: number; myRole: MyGroupRole }) {
  const toast = useToast();
  const members = useGroupMembers(groupId);
  const approve = useApproveRequest(groupId);
  const refuse = useRemoveMember(groupId);
  if (!members.data) return null;
  const { requests } = members.data;
  return (
    <>
      {requests.length > 0 && (
        <PageSection id="pedidos" title={`Pedidos para entrar (${requests.length})`}>
          <Card>
            <ul>
              {requests.map((request) => (
                <li key={request.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="font-semibold">{request.name}</span>
                  <span className="flex gap-2">
                    <Button onClick={() => void toastReply(toast, approve.mutateAsync(request.userId), 'Erro ao aceitar o pedido')}>
                      <Check className="size-4" aria-hidden="true" />
                      Aceitar
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => void toastReply(toast, refuse.mutateAsync(request.userId), 'Erro ao recusar')}
                    >
                      <X className="size-4" aria-hidden="true" />
                      Recusar
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </PageSection>
      )}
      <PageSection id="membros" title={`Membros (${members.data.members.length})`}>
        <Card>
          <ul>
            {members.data.members.map((member) => (
              <MemberRow key={member.userId} member={member} groupId={groupId} myRole={myRole} />
            ))}
          </ul>
        </Card>
      </PageSection>
    </>
  );
}
