import { useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages';
import type { Cancellation } from '../../../../shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatBRL } from '../../../lib/format';
import { useResolveCancellation } from '../api';
import { cancellationMethodLabels } from '../labels';
import { RejectionReasonField } from './rejection-reason-field';

const PROCESS_FAILED = 'Erro ao processar cancelamento';

type DialogProps = { cancellation: Cancellation; onClose: () => void };

function Summary({ cancellation }: { cancellation: Cancellation }) {
  return (
    <p>
      <strong>{cancellation.user.name}</strong> pediu o reembolso de{' '}
      <strong className="tabular-nums">{formatBRL(cancellation.amount)}</strong> do jogo <strong>{cancellation.game.name}</strong> (pago com{' '}
      {cancellationMethodLabels[cancellation.paymentMethod].toLowerCase()}).
    </p>
  );
}

/**
 * Processar: refund to the original card/PIX payment (default when there is one) or as credits.
 * The server refunds once whatever happens (a second click, another admin): see decision 006.
 */
export function ProcessCancellationDialog({ cancellation, onClose }: DialogProps) {
  const toast = useToast();
  const resolve = useResolveCancellation();
  const hasOriginal = cancellation.paymentMethod === 'card' || cancellation.paymentMethod === 'pix';
  const [refundAs, setRefundAs] = useState<'original' | 'credits'>(hasOriginal ? 'original' : 'credits');
  const method = cancellationMethodLabels[cancellation.paymentMethod];

  function close() {
    if (!resolve.isPending) onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resolve.isPending) return;
    resolve.mutate(
      { id: cancellation.id, body: { status: 'processed', refundAs } },
      {
        onSuccess: (reply) => {
          toast.show(reply.message, 'success');
          onClose();
        },
      },
    );
  }

  const options = [
    {
      value: 'original' as const,
      label: `Estornar no ${hasOriginal ? method : 'pagamento original'}`,
      hint: 'O valor volta para o cartão ou conta do jogador em até 7 dias úteis.',
      disabled: !hasOriginal,
    },
    {
      value: 'credits' as const,
      label: 'Devolver como créditos',
      hint: 'O valor entra na hora no saldo do jogador no Bora Jogar.',
      disabled: false,
    },
  ];

  return (
    <Modal open onClose={close} title="Processar reembolso">
      <form onSubmit={submit} className="space-y-5">
        <Summary cancellation={cancellation} />
        {cancellation.reason && <p className="text-sm text-slate-600 dark:text-slate-400">Motivo do jogador: {cancellation.reason}</p>}
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">Como reembolsar</legend>
          <div className="grid gap-2">
            {options.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                  refundAs === option.value
                    ? 'border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-brand-950'
                    : 'border-slate-300 dark:border-slate-600',
                  option.disabled && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  type="radio"
                  name="refundAs"
                  value={option.value}
                  checked={refundAs === option.value}
                  disabled={option.disabled}
                  onChange={() => setRefundAs(option.value)}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span>
                  <span className="block font-semibold">{option.label}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {resolve.isError && (
          <Alert tone="error" title={PROCESS_FAILED}>
            {errorMessage(resolve.error, PROCESS_FAILED)}
          </Alert>
        )}
        <DialogFormActions onCancel={close} busy={resolve.isPending} submitLabel="Processar reembolso" busyLabel="Processando..." />
      </form>
    </Modal>
  );
}

/** Rejeitar: the reason is required and goes to the player in the notification. */
export function RejectCancellationDialog({ cancellation, onClose }: DialogProps) {
  const toast = useToast();
  const resolve = useResolveCancellation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  function close() {
    if (!resolve.isPending) onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resolve.isPending) return;
    const trimmed = reason.trim();
    if (trimmed === '') {
      setReasonError(messages.admin.rejectionReasonRequired);
      return;
    }
    resolve.mutate(
      { id: cancellation.id, body: { status: 'rejected', reason: trimmed } },
      {
        onSuccess: (reply) => {
          toast.show(reply.message, 'success');
          onClose();
        },
      },
    );
  }

  return (
    <Modal open onClose={close} title="Rejeitar pedido">
      <form onSubmit={submit} noValidate className="space-y-5">
        <Summary cancellation={cancellation} />
        <RejectionReasonField
          value={reason}
          error={reasonError}
          hint="O jogador recebe este motivo na notificação."
          onChange={(text) => {
            setReason(text);
            setReasonError(undefined);
          }}
        />
        {resolve.isError && (
          <Alert tone="error" title={PROCESS_FAILED}>
            {errorMessage(resolve.error, PROCESS_FAILED)}
          </Alert>
        )}
        <DialogFormActions
          onCancel={close}
          busy={resolve.isPending}
          submitLabel="Rejeitar pedido"
          busyLabel="Rejeitando..."
          tone="danger"
        />
      </form>
    </Modal>
  );
}
