import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages';
import type { Series } from '../../../../shared/schemas/series';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, fieldBorder, fieldClasses, FieldMessages } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';

const MAX_REASON = 500;

/**
 * Asks why before cancelling a whole series: every game still to come is cancelled as a game cancel is (full refund,
 * a notice with the reason) and the mensalistas leave it. Without a reason nothing is sent.
 */
export function CancelSeriesDialog({
  series,
  upcomingGames,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  series: Pick<Series, 'name' | 'members' | 'usePlatformPayment'>;
  upcomingGames: number;
  busy: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const reasonId = useId();
  const hint = `Os jogadores e mensalistas recebem este motivo na notificação e no e-mail. Até ${MAX_REASON} caracteres.`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setMissing(messages.cancelReasonRequired);
      return;
    }
    onConfirm(trimmed);
  }

  return (
    <Modal open onClose={busy ? () => undefined : onClose} title="Cancelar série?" description={series.name}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Alert tone="warning" title="Esta ação não pode ser desfeita">
          <p>
            {upcomingGames === 1 ? 'O próximo jogo é cancelado' : `Os ${upcomingGames} próximos jogos são cancelados`} e nenhum outro será
            publicado.{' '}
            {series.usePlatformPayment
              ? 'Mensalistas e avulsos são reembolsados integralmente (créditos na hora; cartão e PIX pelo meio de pagamento original) e avisados.'
              : 'Mensalistas e avulsos são avisados. Como o pagamento é por fora, devolva integralmente a quem já pagou você.'}
          </p>
          <p className="mt-1">
            {series.members === 0
              ? 'A série não tem mensalistas.'
              : series.members === 1
                ? '1 mensalista deixa a série.'
                : `${series.members} mensalistas deixam a série.`}
          </p>
        </Alert>
        <div>
          <label htmlFor={reasonId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
            Motivo do cancelamento
          </label>
          <textarea
            id={reasonId}
            rows={3}
            required
            maxLength={MAX_REASON}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (missing) setMissing(undefined);
            }}
            placeholder="Ex.: a quadra fecha para reforma"
            aria-invalid={missing ? true : undefined}
            aria-describedby={describedBy(reasonId, missing, hint)}
            className={cn(fieldClasses, fieldBorder(Boolean(missing)))}
            data-autofocus
          />
          <FieldMessages id={reasonId} error={missing} hint={hint} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" busy={busy} busyLabel="Cancelando...">
            Cancelar série
          </Button>
        </div>
      </form>
    </Modal>
  );
}
