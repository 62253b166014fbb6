import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../../shared/messages';
import type { UserGame } from '../../../../shared/schemas/user-games';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, fieldBorder, fieldClasses, FieldMessages } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';

const MAX_REASON = 500;

/**
 * Asks why before cancelling a game for good (organisers §2): without a reason nothing is sent.
 * Says plainly what happens to the players: full refund and a notice with the reason.
 */
export function CancelGameDialog({
  game,
  busy,
  onConfirm,
  onClose,
}: {
  game: Pick<UserGame, 'name' | 'registeredPlayers' | 'waitlistCount' | 'usePlatformPayment'>;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reasonId = useId();
  const hint = `Os jogadores recebem este motivo na notificação e no e-mail. Até ${MAX_REASON} caracteres.`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setError(messages.cancelReasonRequired);
      return;
    }
    onConfirm(trimmed);
  }

  const people = game.registeredPlayers + game.waitlistCount;
  return (
    <Modal open onClose={busy ? () => undefined : onClose} title="Cancelar jogo?" description={game.name}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Alert tone="warning" title="Esta ação não pode ser desfeita">
          <p>
            {game.usePlatformPayment
              ? 'Todos os inscritos serão reembolsados integralmente (créditos na hora; cartão e PIX pelo meio de pagamento original) e avisados do cancelamento.'
              : 'Todos os inscritos serão avisados do cancelamento. Como o pagamento é por fora, devolva integralmente a quem já pagou você.'}
          </p>
          <p className="mt-1">
            {people === 0
              ? 'Ninguém se inscreveu ainda.'
              : people === 1
                ? '1 pessoa inscrita ou na lista de espera será avisada.'
                : `${people} pessoas inscritas ou na lista de espera serão avisadas.`}
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
              if (error) setError(undefined);
            }}
            placeholder="Ex.: a quadra foi interditada pela chuva"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(reasonId, error, hint)}
            className={cn(fieldClasses, fieldBorder(Boolean(error)))}
            data-autofocus
          />
          <FieldMessages id={reasonId} error={error} hint={hint} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" busy={busy} busyLabel="Cancelando...">
            Cancelar jogo
          </Button>
        </div>
      </form>
    </Modal>
  );
}
