import { ArrowLeft, CreditCard, Plus, ReceiptText, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminUser, CreditTransactionView, ProviderPaymentView } from '../../../../shared/schemas/admin';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatBRL, formatDate, formatDateTime, formatPhone, TIME_ZONE } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminUser, useUserPayments } from '../api';
import { AddCreditsDialog } from '../components/add-credits-dialog';
import { Pagination } from '../components/pagination';
import { Cell, DataTable, Row, Th } from '../components/data-table';
import {
  paymentMethodLabels,
  providerLabels,
  providerPaymentStatus,
  sourceLabel,
  transactionStatusLabel,
  transactionTypeLabels,
} from '../labels';
import { useListParams } from '../use-list-params';

const backLinkClasses = 'inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:underline dark:text-brand-300';

function signedAmount(amount: number): string {
  if (amount > 0) return `+${formatBRL(amount)}`;
  if (amount < 0) return `−${formatBRL(-amount)}`;
  return formatBRL(0);
}

function UserSummary({ user, onAddCredits }: { user: AdminUser; onAddCredits: () => void }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card className="md:col-span-2">
        <h2 className="sr-only">Dados do usuário</h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">E-mail</dt>
            <dd className="wrap-anywhere text-base">{user.email}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">Telefone</dt>
            <dd className="text-base tabular-nums">{user.phone ? formatPhone(user.phone) : 'Não informado'}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">Tipo de conta</dt>
            <dd className="text-base">{user.role === 'admin' ? 'Administrador' : 'Jogador'}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600 dark:text-slate-400">Cadastro</dt>
            <dd className="text-base tabular-nums">{formatDate(user.createdAt, TIME_ZONE)}</dd>
          </div>
        </dl>
      </Card>
      <Card className="order-first flex flex-col gap-3 md:order-none">
        <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-600 dark:text-slate-400">
          <Wallet className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          Saldo
        </h2>
        <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="user-balance">
          {formatBRL(user.credits)}
        </p>
        <Button onClick={onAddCredits} className="mt-auto">
          <Plus className="size-5" aria-hidden="true" />
          Adicionar créditos
        </Button>
      </Card>
    </div>
  );
}

function TransactionsTable({ transactions }: { transactions: CreditTransactionView[] }) {
  if (transactions.length === 0) return <EmptyState icon={ReceiptText} title="Nenhuma transação ainda." />;
  return (
    <DataTable
      breakpoint="lg"
      caption="Histórico de transações"
      head={
        <>
          <Th>Data</Th>
          <Th>Tipo</Th>
          <Th>Descrição</Th>
          <Th className="text-right">Valor</Th>
          <Th>Status</Th>
          <Th>Origem</Th>
        </>
      }
    >
      {transactions.map((transaction) => (
        <Row key={transaction.id}>
          <Cell label="Data" className="whitespace-nowrap tabular-nums">
            {formatDateTime(transaction.created_at, TIME_ZONE)}
          </Cell>
          <Cell label="Tipo" className="whitespace-nowrap font-semibold">
            {transactionTypeLabels[transaction.type] ?? transaction.type}
          </Cell>
          <Cell label="Descrição">
            <span>
              {transaction.description}
              {transaction.createdBy && (
                <span className="block text-sm text-slate-600 dark:text-slate-400">por {transaction.createdBy.name}</span>
              )}
            </span>
          </Cell>
          <Cell
            label="Valor"
            numeric
            className={cn(
              'whitespace-nowrap font-bold tabular-nums ',
              transaction.amount >= 0 ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
            )}
          >
            {signedAmount(transaction.amount)}
          </Cell>
          <Cell label="Status">
            <Badge tone={transaction.status === 'paid' ? 'success' : 'neutral'}>{transactionStatusLabel(transaction.status)}</Badge>
          </Cell>
          <Cell label="Origem">{sourceLabel(transaction.source)}</Cell>
        </Row>
      ))}
    </DataTable>
  );
}

function ProviderPayments({ payments, total }: { payments: ProviderPaymentView[]; total: number }) {
  if (payments.length === 0) return <EmptyState icon={CreditCard} title="Nenhum pagamento por cartão ou PIX." />;
  return (
    <>
      {total > payments.length && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Os <span className="tabular-nums">{payments.length}</span> mais recentes de <span className="tabular-nums">{total}</span>{' '}
          pagamentos.
        </p>
      )}
      <ul className="space-y-3">
        {payments.map((payment) => {
          const status = providerPaymentStatus[payment.status];
          return (
            <li key={payment.id} className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-semibold">{payment.description}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    <span className="tabular-nums">{formatDateTime(payment.created_at, TIME_ZONE)}</span> ·{' '}
                    {paymentMethodLabels[payment.method]} · {providerLabels[payment.provider]} ·{' '}
                    {payment.purpose === 'topup' ? 'Compra de créditos' : 'Vaga em jogo'}
                    {payment.game && <> · {payment.game.name}</>}
                  </p>
                  {payment.refundedAmount > 0 && (
                    <p className="text-sm text-slate-600 dark:text-slate-400">Reembolsado: {formatBRL(payment.refundedAmount)}</p>
                  )}
                </div>
                <div className="flex flex-col items-end gap-1">
                  <p className="text-lg font-bold tabular-nums">{formatBRL(payment.amount)}</p>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function AdminUserDetailPage() {
  const { userId } = useParams();
  const id = Number(userId);
  const user = useAdminUser(id);
  const statement = useListParams([]);
  const payments = useUserPayments(id, statement.page);
  const [isAdding, setIsAdding] = useState(false);
  useDocumentTitle(user.data?.name ?? 'Usuário');

  const isMissing = hasErrorCode(user.error, 'user_not_found', 'validation_failed');

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <Link to="/admin/users" className={backLinkClasses}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        Voltar para usuários
      </Link>

      {user.isPending ? (
        <div role="status" aria-label="Carregando usuário..." className="space-y-4">
          <Skeleton className="h-9 w-1/2" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
      ) : user.isError ? (
        isMissing ? (
          <>
            <h1 className="text-2xl font-bold sm:text-3xl">Usuário não encontrado.</h1>
            <Alert tone="error">{errorMessage(user.error)}</Alert>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold sm:text-3xl">Usuário</h1>
            <QueryError title="Erro ao carregar detalhes do usuário" query={user} />
          </>
        )
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{user.data.name}</h1>
          <UserSummary user={user.data} onAddCredits={() => setIsAdding(true)} />
          <AddCreditsDialog user={user.data} open={isAdding} onClose={() => setIsAdding(false)} />

          <section aria-labelledby="transactions" className="space-y-3">
            <h2 id="transactions" className="text-xl font-bold">
              Histórico de transações
            </h2>
            {payments.isPending ? (
              <ListSkeleton label="Carregando transações..." count={2} />
            ) : payments.isError ? (
              <QueryError title="Erro ao carregar pagamentos" query={payments} />
            ) : (
              <>
                <TransactionsTable transactions={payments.data.creditTransactions} />
                {payments.data.totalPages > 1 && (
                  <Pagination
                    of={{ data: payments.data, isFetching: payments.isFetching }}
                    noun={['lançamento', 'lançamentos']}
                    onPageChange={statement.setPage}
                  />
                )}
              </>
            )}
          </section>

          {payments.isSuccess && (
            <section aria-labelledby="provider-payments" className="space-y-3">
              <h2 id="provider-payments" className="text-xl font-bold">
                Pagamentos por cartão e PIX
              </h2>
              <ProviderPayments payments={payments.data.stripePayments} total={payments.data.stripePaymentsTotal} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
