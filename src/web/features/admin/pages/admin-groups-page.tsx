import { type FormEvent, useState } from 'react';
import type { AdminGroup } from '../../../../shared/schemas/groups';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { toastReply, useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminGroups, useSuspendGroup, useUnsuspendGroup } from '../api';

/** Suspending a turma, with the reason its owner will read. */
function SuspendDialog({ group, onClose }: { group: AdminGroup; onClose: () => void }) {
  const toast = useToast();
  const suspend = useSuspendGroup();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Informe o motivo da suspensão.');
      return;
    }
    try {
      toast.show((await suspend.mutateAsync({ groupId: group.id, reason })).message, 'success');
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Erro ao suspender a turma'));
    }
  }
  return (
    <FormModal
      open
      onClose={onClose}
      title={`Suspender ${group.name}`}
      description="A página da turma passa a dizer que ela está suspensa; ninguém entra e nenhum jogo novo é criado. Os jogos dela continuam até serem cancelados."
      onSubmit={(event) => void submit(event)}
      error={error}
    >
      <Input label="Motivo" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      <DialogFormActions onCancel={onClose} busy={suspend.isPending} submitLabel="Suspender" busyLabel="Suspendendo..." tone="danger" />
    </FormModal>
  );
}

/** Lifting a turma's suspension, once the administrator confirms; a refusal (already lifted) is told as a toast. */
function UnsuspendDialog({ group, onClose }: { group: AdminGroup; onClose: () => void }) {
  const toast = useToast();
  const unsuspend = useUnsuspendGroup();
  async function confirm() {
    await toastReply(toast, unsuspend.mutateAsync(group.id), 'Erro ao reativar a turma');
    onClose();
  }
  return (
    <ConfirmDialog
      open
      title={`Reativar ${group.name}`}
      message="A página da turma deixa de dizer que ela está suspensa; as pessoas podem entrar e os organizadores criar jogos de novo."
      confirmLabel="Reativar turma"
      busy={unsuspend.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

/** The administration's turmas: all of them, with their owner, members and games, and the way to suspend or reactivate one. */
export function AdminGroupsPage() {
  useDocumentTitle('Turmas');
  const [search, setSearch] = useState('');
  const groups = useAdminGroups(useDebouncedValue(search.trim(), 300));
  const [suspending, setSuspending] = useState<AdminGroup | null>(null);
  const [reactivating, setReactivating] = useState<AdminGroup | null>(null);
  return (
    <div className="space-y-4">
      <PageHeader title="Turmas" description="Todas as turmas, privadas e suspensas também, a mais nova primeiro." />
      <Input label="Buscar pelo nome" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      {groups.isPending ? (
        <ListSkeleton label="Carregando turmas" />
      ) : groups.isError ? (
        <QueryError title="Erro ao carregar as turmas" query={groups} />
      ) : groups.data.groups.length === 0 ? (
        <EmptyState title="Nenhuma turma encontrada" />
      ) : (
        <ul className="space-y-3">
          {groups.data.groups.map((group) => (
            <li key={group.id}>
              <Card className="space-y-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-bold">{group.name}</h2>
                  <span className="text-sm text-slate-600 dark:text-slate-400">/t/{group.slug}</span>
                  <Badge>{group.visibility === 'public' ? 'Pública' : 'Privada'}</Badge>
                  {group.suspendedAt && <Badge tone="danger">Suspensa</Badge>}
                </div>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {group.city.name} ({group.city.uf}) · {group.memberCount} membros · {group.gameCount} jogos · Dono(a):{' '}
                  {group.owner ? `${group.owner.name} (${group.owner.email})` : '—'}
                </p>
                {group.suspendReason && <p className="text-sm text-red-800 dark:text-red-300">Motivo: {group.suspendReason}</p>}
                {group.suspendedAt ? (
                  <Button variant="secondary" onClick={() => setReactivating(group)}>
                    Reativar turma
                  </Button>
                ) : (
                  <Button variant="danger" onClick={() => setSuspending(group)}>
                    Suspender
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {suspending && <SuspendDialog group={suspending} onClose={() => setSuspending(null)} />}
      {reactivating && <UnsuspendDialog group={reactivating} onClose={() => setReactivating(null)} />}
    </div>
  );
}
