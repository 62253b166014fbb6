import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages';
import { type AdminPayout, PIX_END_TO_END_ID, type PayoutStatus } from '../../../../shared/schemas/earnings';
import { QueryError } from '../../../components/games/list-states';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatBRL, formatDateTime, TIME_ZONE } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMarkPayoutPaid, usePayouts, useRejectPayout } from '../api';
import { Cell, DataTable, Row, Th } from '../components/data-table';
import { RejectionReasonField } from '../components/rejection-reason-field';
import { StatusFilters } from '../components/status-filters';
import { useListParams } from '../use-list-params';

const FILTER_KEYS = ['status'] as const;

const filters: Array<{ value: PayoutStatus | ''; label: string; empty: string }> = [
  { value: 'requested', label: 'Solicitados', empty: 'Nenhum repasse esperando pagamento.' },
  { value: 'paid', label: 'Pagos', empty: 'Nenhum repasse pago.' },
  { value: 'rejected', label: 'Rejeitados', empty: 'Nenhum repasse rejeitado.' },
  { value: '', label: 'Todos', empty: 'Nenhum repasse.' },
];

const statusBadge: Record<PayoutStatus, { label: string; tone: BadgeTone }> = {
  requested: { label: 'Solicitado', tone: 'warning' },
  paid: { label: 'Pago', tone: 'success' },
  rejected: { label: 'Rejeitado', tone: 'danger' },
};

/** The last cell: what to do with a request, else when it was decided, labelled so on a phone's card. */
const decisionLabel: Record<PayoutStatus, string> = { requested: 'Ações', paid: 'Pago em', rejected: 'Rejeitado em' };

const keyTypeLabels: Record<AdminPayout['key']['type'], string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  random: 'Chave aleatória',
};

type DialogProps = { payout: AdminPayout; onClose: () => void };

function Summary({ payout }: { payout: AdminPayout }) {
  return (
    <p>
      Repasse de <strong className="tabular-nums">{formatBRL(payout.amount)}</strong> para <strong>{payout.organiser.name}</strong> (chave{' '}
      {keyTypeLabels[payout.key.type]} <span className="font-mono break-all">{payout.key.key}</span>, titular {payout.key.holderName}).
    </p>
  );
}

/** Marcar como pago: after sending the PIX from the platform's bank, the transfer's end-to-end id is recorded once. */
function MarkPaidDialog({ payout, onClose }: DialogProps) {
  const toast = useToast();
  const markPaid = useMarkPayoutPaid();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (markPaid.isPending) return;
    // Banks show the id in either case; it is kept upper-case, as the server stores it.
    const trimmed = reference.trim().toUpperCase();
    if (!PIX_END_TO_END_ID.test(trimmed)) {
      setError(messages.earnings.referenceInvalid);
      return;
    }
    markPaid.mutate(
      { id: payout.id, reference: trimmed },
      {
        onSuccess: (reply) => {
          toast.show(reply.message, 'success');
          onClose();
        },
      },
    );
  }

  return (
    <Modal open onClose={() => !markPaid.isPending && onClose()} title="Marcar repasse como pago">
      <form onSubmit={submit} noValidate className="space-y-5">
        <Summary payout={payout} />
        {payout.balanceNow < payout.amount && (
          <Alert tone="error">{messages.earnings.balanceNowBelow(formatBRL(payout.balanceNow), formatBRL(payout.amount))}</Alert>
        )}
        <Input
          label="Identificador da transação PIX (E2E ID)"
          value={reference}
          data-autofocus
          autoComplete="off"
          placeholder="E00000000202611271200abcdefghijk"
          error={error}
          hint="Está no comprovante do PIX: começa com E e tem 32 caracteres."
          onChange={(event) => {
            setReference(event.target.value);
            setError(undefined);
          }}
        />
        {markPaid.isError && <Alert tone="error">{errorMessage(markPaid.error, 'Erro ao registrar o repasse')}</Alert>}
        <DialogFormActions onCancel={onClose} busy={markPaid.isPending} submitLabel="Registrar pagamento" busyLabel="Registrando..." />
      </form>
    </Modal>
  );
}

/** Rejeitar: the reason goes to the organiser, and the amount is available to them again. */
function RejectDialog({ payout, onClose }: DialogProps) {
  const toast = useToast();
  const reject = useRejectPayout();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const hint = 'O organizador recebe este motivo; o valor volta a ficar disponível para ele.';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reject.isPending) return;
    const trimmed = reason.trim();
    if (trimmed === '') {
      setError(messages.earnings.reasonRequired);
      return;
    }
    reject.mutate(
      { id: payout.id, reason: trimmed },
      {
        onSuccess: (reply) => {
          toast.show(reply.message, 'success');
          onClose();
        },
      },
    );
  }

  return (
    <Modal open onClose={() => !reject.isPending && onClose()} title="Rejeitar repasse">
      <form onSubmit={submit} noValidate className="space-y-5">
        <Summary payout={payout} />
        <RejectionReasonField
          value={reason}
          error={error}
          hint={hint}
          onChange={(text) => {
            setReason(text);
            setError(undefined);
          }}
        />
        {reject.isError && <Alert tone="error">{errorMessage(reject.error, 'Erro ao rejeitar o repasse')}</Alert>}
        <DialogFormActions
          onCancel={onClose}
          busy={reject.isPending}
          submitLabel="Rejeitar repasse"
          busyLabel="Rejeitando..."
          tone="danger"
        />
      </form>
    </Modal>
  );
}

export function AdminPayoutsPage() {
  useDocumentTitle('Repasses');
  const list = useListParams(FILTER_KEYS);
  // The requested ones by default (what is waiting); "all" in the address is every status.
  const raw = list.values.status;
  const selected = raw === '' ? 'requested' : raw === 'all' ? '' : raw;
  const active = filters.find((filter) => filter.value === selected) ?? filters[0]!;
  const payouts = usePayouts(active.value);
  const [dialog, setDialog] = useState<{ kind: 'paid' | 'reject'; payout: AdminPayout } | null>(null);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader
        title="Repasses"
        description="Pedidos dos organizadores: faça o PIX pelo banco da plataforma e registre aqui o identificador da transação."
      />
      {payouts.data?.testMode && (
        <Alert tone="warning" className="mb-4">
          {messages.earnings.testMode} Os pedidos vêm de pagamentos do ambiente de teste: não faça PIX por eles.
        </Alert>
      )}
      <StatusFilters
        filters={filters}
        active={active.value}
        onSelect={(value) => list.setFilter('status', value === 'requested' ? '' : value || 'all')}
      />

      {payouts.isPending ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : payouts.isError ? (
        <QueryError title="Erro ao carregar repasses" query={payouts} />
      ) : payouts.data.payouts.length === 0 ? (
        <EmptyState icon={Landmark} title={active.empty} />
      ) : (
        <DataTable
          breakpoint="xl"
          caption="Repasses a organizadores"
          head={
            <>
              <Th>Organizador</Th>
              <Th className="text-right">Valor</Th>
              <Th className="text-right">Saldo agora</Th>
              <Th>Chave PIX</Th>
              <Th>Pedido em</Th>
              <Th>Status</Th>
              <Th>Ações ou decisão</Th>
            </>
          }
        >
          {payouts.data.payouts.map((payout) => {
            const status = statusBadge[payout.status];
            return (
              <Row key={payout.id}>
                <Cell label="Organizador">
                  <span className="min-w-0">
                    <span className="block font-semibold">{payout.organiser.name}</span>
                    <span className="block text-sm wrap-anywhere text-slate-600 dark:text-slate-400">{payout.organiser.email}</span>
                  </span>
                </Cell>
                <Cell label="Valor" numeric className="font-semibold whitespace-nowrap tabular-nums">
                  {formatBRL(payout.amount)}
                </Cell>
                <Cell label="Saldo agora" numeric className="whitespace-nowrap tabular-nums">
                  <span data-testid="payout-balance-now">
                    <span className={cn('block', payout.balanceNow < payout.amount && 'font-bold text-red-700 dark:text-red-300')}>
                      {formatBRL(payout.balanceNow)}
                    </span>
                    {payout.status === 'requested' && payout.balanceNow < payout.amount && (
                      <span className="block text-sm text-red-700 dark:text-red-300">Não cobre o pedido: rejeite</span>
                    )}
                  </span>
                </Cell>
                <Cell label="Chave PIX" bare>
                  <span className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className="min-w-0">
                      <span className="block text-sm text-slate-600 dark:text-slate-400">
                        {keyTypeLabels[payout.key.type]} · {payout.key.holderName}
                      </span>
                      <span className="block font-mono break-all" data-testid="payout-key">
                        {payout.key.key}
                      </span>
                    </span>
                    <CopyButton
                      text={payout.key.key}
                      copied="Chave PIX copiada!"
                      failed="Não foi possível copiar. Selecione a chave e copie."
                    >
                      Copiar chave
                    </CopyButton>
                  </span>
                </Cell>
                <Cell label="Pedido em" className="tabular-nums">
                  {formatDateTime(payout.requestedAt, TIME_ZONE)}
                </Cell>
                <Cell label="Status">
                  <span>
                    <Badge tone={status.tone}>{status.label}</Badge>
                    {payout.reference && <span className="mt-1 block font-mono text-xs break-all">{payout.reference}</span>}
                    {payout.reason && <span className="mt-1 block text-sm">{payout.reason}</span>}
                  </span>
                </Cell>
                <Cell label={decisionLabel[payout.status]} bare={payout.status === 'requested'}>
                  {payout.status === 'requested' ? (
                    <span className="grid w-full grid-cols-2 gap-2 xl:flex xl:w-auto xl:flex-col">
                      <Button
                        onClick={() => setDialog({ kind: 'paid', payout })}
                        aria-label={`Marcar como pago o repasse de ${payout.organiser.name}`}
                      >
                        Marcar como pago
                      </Button>
                      <Button
                        variant="secondary"
                        onClick={() => setDialog({ kind: 'reject', payout })}
                        aria-label={`Rejeitar o repasse de ${payout.organiser.name}`}
                      >
                        Rejeitar
                      </Button>
                    </span>
                  ) : (
                    <span className="text-sm text-slate-600 dark:text-slate-400">
                      {payout.decidedAt ? formatDateTime(payout.decidedAt, TIME_ZONE) : '—'}
                    </span>
                  )}
                </Cell>
              </Row>
            );
          })}
        </DataTable>
      )}

      {dialog?.kind === 'paid' && <MarkPaidDialog payout={dialog.payout} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reject' && <RejectDialog payout={dialog.payout} onClose={() => setDialog(null)} />}
    </div>
  );
}
