import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import type { Cancellation, CancellationStatus } from '../../../../shared/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { cn } from '../../../lib/cn';
import { formatBRL, formatDate, formatDateTime, formatTime, TIME_ZONE } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCancellations } from '../api';
import { Cell, DataTable, Row, Th } from '../components/data-table';
import { PagedList } from '../components/paged-list';
import { ProcessCancellationDialog, RejectCancellationDialog } from '../components/resolve-cancellation-dialogs';
import { cancellationMethodLabels, cancellationStatus } from '../labels';
import { StatusFilters } from '../components/status-filters';
import { useListParams } from '../use-list-params';

const FILTER_KEYS = ['status'] as const;

const filters: Array<{ value: CancellationStatus | ''; label: string; empty: string }> = [
  { value: '', label: 'Todos', empty: 'Nenhum pedido de cancelamento.' },
  { value: 'pending', label: 'Pendentes', empty: 'Nenhum pedido pendente.' },
  { value: 'processed', label: 'Processados', empty: 'Nenhum pedido processado.' },
  { value: 'rejected', label: 'Rejeitados', empty: 'Nenhum pedido rejeitado.' },
];

/** The reason, cut to one line; the whole text is in the title (and read by screen readers). */
function Reason({ text }: { text: string | null }) {
  if (!text) return <span className="text-slate-500">—</span>;
  return (
    <span title={text} className="block max-w-[16rem] truncate xl:max-w-[12rem]">
      {text}
    </span>
  );
}

function Resolution({ cancellation }: { cancellation: Cancellation }) {
  const by = cancellation.processedBy ? ` por ${cancellation.processedBy.name}` : '';
  const when = cancellation.processedAt ? ` em ${formatDate(cancellation.processedAt, TIME_ZONE)}` : '';
  if (cancellation.status === 'processed') {
    return (
      <span className="text-right xl:text-left">
        <span className="block font-semibold">Processado</span>
        <span className="block text-sm text-slate-600 dark:text-slate-400">
          {cancellation.refundedAs === 'credits' ? 'Em créditos' : 'No pagamento original'}
          {by}
          {when}
        </span>
      </span>
    );
  }
  return (
    <span className="text-right xl:text-left">
      <span className="block font-semibold">Rejeitado</span>
      {cancellation.rejectionReason && (
        <span className="block text-sm text-slate-600 dark:text-slate-400" title={cancellation.rejectionReason}>
          {cancellation.rejectionReason}
        </span>
      )}
    </span>
  );
}

export function AdminCancellationsPage() {
  useDocumentTitle('Cancelamentos');
  const list = useListParams(FILTER_KEYS);
  const active = filters.find((filter) => filter.value === list.values.status) ?? filters[0]!;
  const cancellations = useCancellations({ status: active.value, page: list.page });
  const [dialog, setDialog] = useState<{ kind: 'process' | 'reject'; cancellation: Cancellation } | null>(null);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader title="Gestão de cancelamentos" description="Pedidos de reembolso de inscrições pagas com cartão ou PIX." />

      <StatusFilters filters={filters} active={active.value} onSelect={(value) => list.setFilter('status', value)} />

      <PagedList
        query={cancellations}
        items={(data) => data.cancellations}
        what="cancelamentos"
        noun={['pedido', 'pedidos']}
        onPageChange={list.setPage}
        empty={<EmptyState icon={ReceiptText} title={active.empty} />}
      >
        {(cancellations) => (
          <DataTable
            breakpoint="xl"
            caption="Pedidos de cancelamento"
            head={
              <>
                <Th>Jogo</Th>
                <Th>Usuário</Th>
                <Th>Motivo</Th>
                <Th>Data</Th>
                <Th className="text-right">Valor</Th>
                <Th>Método</Th>
                <Th>Status</Th>
                <Th>Ações</Th>
              </>
            }
          >
            {cancellations.map((cancellation) => {
              const status = cancellationStatus[cancellation.status];
              return (
                <Row key={cancellation.id}>
                  <Cell label="Jogo" bare>
                    <span>
                      <span className="block font-semibold">{cancellation.game.name}</span>
                      <span className="block text-sm text-slate-600 tabular-nums dark:text-slate-400">
                        {formatDateTime(cancellation.game.dateTime, cancellation.game.timeZone)}
                      </span>
                    </span>
                  </Cell>
                  <Cell label="Usuário">
                    <span className="min-w-0">
                      <span className="block">{cancellation.user.name}</span>
                      <span className="block text-sm wrap-anywhere text-slate-600 dark:text-slate-400">{cancellation.user.email}</span>
                    </span>
                  </Cell>
                  <Cell label="Motivo">
                    <Reason text={cancellation.reason} />
                  </Cell>
                  <Cell label="Data" className="tabular-nums">
                    <span>
                      <span className="whitespace-nowrap">{formatDate(cancellation.date, TIME_ZONE)}</span>{' '}
                      <span className="whitespace-nowrap xl:block">{formatTime(cancellation.date, TIME_ZONE)}</span>
                    </span>
                  </Cell>
                  <Cell label="Valor" numeric className="whitespace-nowrap font-semibold tabular-nums">
                    {formatBRL(cancellation.amount)}
                  </Cell>
                  <Cell label="Método">{cancellationMethodLabels[cancellation.paymentMethod]}</Cell>
                  <Cell label="Status">
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </Cell>
                  <Cell label="Ações" bare={cancellation.status === 'pending'} className={cn(cancellation.status === 'pending' && 'pt-3')}>
                    {cancellation.status === 'pending' ? (
                      <span className="grid w-full grid-cols-2 gap-2 xl:flex xl:w-auto xl:flex-col 2xl:flex-row">
                        <Button
                          onClick={() => setDialog({ kind: 'process', cancellation })}
                          aria-label={`Processar pedido de ${cancellation.user.name}`}
                        >
                          Processar
                        </Button>
                        {cancellation.refundGuaranteed ? (
                          // The Terms promise this refund: there is nothing to decide but how to pay it back.
                          <span className="self-center text-sm text-slate-600 dark:text-slate-400">Garantido pelos Termos</span>
                        ) : (
                          <Button
                            variant="secondary"
                            onClick={() => setDialog({ kind: 'reject', cancellation })}
                            aria-label={`Rejeitar pedido de ${cancellation.user.name}`}
                          >
                            Rejeitar
                          </Button>
                        )}
                      </span>
                    ) : (
                      <Resolution cancellation={cancellation} />
                    )}
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
      </PagedList>

      {dialog?.kind === 'process' && <ProcessCancellationDialog cancellation={dialog.cancellation} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reject' && <RejectCancellationDialog cancellation={dialog.cancellation} onClose={() => setDialog(null)} />}
    </div>
  );
}
