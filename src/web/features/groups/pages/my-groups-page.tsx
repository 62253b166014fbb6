import { Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyGroups } from '../api';
import { roleLabels } from '../components/group-members';

/** "Minhas turmas": the turmas the player belongs to, with their role, and the way to create one. */
export function MyGroupsPage() {
  useDocumentTitle('Minhas turmas');
  const groups = useMyGroups();
  const create = (
    <Link to="/turmas/nova" className={buttonClasses('primary', 'md')}>
      <Plus className="size-4" aria-hidden="true" />
      Criar turma
    </Link>
  );
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title="Minhas turmas"
        description="O grupo que joga junto: jogos, organizadores e membros num lugar só."
        actions={create}
      />
      {groups.isPending ? (
        <ListSkeleton label="Carregando suas turmas" />
      ) : groups.isError ? (
        <QueryError title="Erro ao carregar suas turmas" query={groups} />
      ) : groups.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title="Você ainda não está em nenhuma turma"
          description="Crie a sua ou peça o link de convite ao organizador da sua turma."
        />
      ) : (
        <ul className="space-y-3">
          {groups.data.map(({ group, myRole }) => (
            <li key={group.id}>
              <Link
                to={`/t/${group.slug}`}
                className="block rounded-2xl border border-slate-200 p-4 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-lg font-bold">{group.name}</span>
                  <Badge tone={myRole === 'member' ? 'neutral' : 'info'}>{roleLabels[myRole]}</Badge>
                  {group.suspended && <Badge tone="danger">Suspensa</Badge>}
                </span>
                <span className="block text-slate-700 dark:text-slate-300">
                  {group.city.name} ({group.city.uf}) · {group.memberCount === 1 ? '1 membro' : `${group.memberCount} membros`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
