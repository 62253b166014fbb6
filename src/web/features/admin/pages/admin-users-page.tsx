import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { formatBRL, formatDate, formatPhone, TIME_ZONE } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminUsers } from '../api';
import { Cell, DataTable, Row, Th } from '../components/data-table';
import { PagedList } from '../components/paged-list';
import { SearchBox } from '../components/search-box';
import { useListParams } from '../use-list-params';

const FILTER_KEYS = ['search'] as const;

export function AdminUsersPage() {
  useDocumentTitle('Usuários');
  const list = useListParams(FILTER_KEYS);
  const search = list.values.search;
  const users = useAdminUsers({ search, page: list.page });
  const empty = (
    <EmptyState
      icon={UsersRound}
      title={search ? 'Nenhum usuário encontrado.' : 'Nenhum usuário cadastrado.'}
      description={search ? `Nada com “${search}” no nome ou no e-mail.` : undefined}
    />
  );

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader title="Usuários" description="Busque pelo nome ou e-mail para ver o saldo, o extrato e adicionar créditos." />
      <SearchBox
        label="Buscar usuários"
        placeholder="Nome ou e-mail"
        value={search}
        onSearch={(value) => list.setFilter('search', value)}
        className="mb-6 max-w-md"
      />

      <PagedList
        query={users}
        items={(data) => data.users}
        what="usuários"
        noun={['usuário', 'usuários']}
        empty={empty}
        onPageChange={list.setPage}
        skeletonCount={4}
      >
        {(users) => (
          <DataTable
            breakpoint="lg"
            caption="Usuários"
            head={
              <>
                <Th>Nome</Th>
                <Th>E-mail</Th>
                <Th>Telefone</Th>
                <Th className="text-right">Saldo</Th>
                <Th>Cadastro</Th>
                <Th>
                  <span className="sr-only">Ações</span>
                </Th>
              </>
            }
          >
            {users.map((user) => (
              <Row key={user.id}>
                <Cell label="Nome" bare className="text-base font-semibold">
                  <span className="flex flex-wrap items-center gap-2">
                    <Link to={`/admin/users/${user.id}`} className="hover:underline">
                      {user.name}
                    </Link>
                    {user.role === 'admin' && <Badge tone="info">Admin</Badge>}
                  </span>
                </Cell>
                <Cell label="E-mail" className="wrap-anywhere">
                  {user.email}
                </Cell>
                <Cell label="Telefone" className="whitespace-nowrap tabular-nums">
                  {user.phone ? formatPhone(user.phone) : '—'}
                </Cell>
                <Cell label="Saldo" numeric className="whitespace-nowrap font-semibold tabular-nums">
                  {formatBRL(user.credits)}
                </Cell>
                <Cell label="Cadastro" className="whitespace-nowrap tabular-nums">
                  {formatDate(user.createdAt, TIME_ZONE)}
                </Cell>
                <Cell label="Ações" bare numeric className="pt-3 lg:pt-3">
                  <Link
                    to={`/admin/users/${user.id}`}
                    className={buttonClasses('secondary', 'md', 'w-full whitespace-nowrap lg:w-auto')}
                    aria-label={`Ver detalhes de ${user.name}`}
                  >
                    Ver detalhes
                  </Link>
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </PagedList>
    </div>
  );
}
