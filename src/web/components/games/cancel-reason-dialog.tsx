import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '../../../shared/messages';
import { cn } from '../../lib/cn';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { describedBy, fieldBorder, fieldClasses, FieldMessages } from '../ui/input';
import { Modal } from '../ui/modal';

const MAX_REASON = 500;

/** What the dialog says of each thing it cancels; `readers` receive the reason. */
const wording = {
  game: {
    title: 'Cancelar jogo?',
    readers: 'Os jogadores',
    placeholder: 'Ex.: a quadra foi interditada pela chuva',
    confirmLabel: 'Cancelar jogo',
  },
  series: {
    title: 'Cancelar série?',
    readers: 'Os jogadores e mensalistas',
    placeholder: 'Ex.: a quadra fecha para reforma',
    confirmLabel: 'Cancelar série',
  },
};

/**
 * A dialog that cancels a game or a series (`cancelling`) for good, `subject` its name: the last refusal (`error`),
 * what happens (`children`, under a warning that it cannot be undone), the reason the players will read, Voltar and the
 * confirm button. Without a reason nothing is sent; the reason goes out trimmed. It cannot be closed while the cancel
 * is on its way.
 */
export function CancelReasonDialog({
  cancelling,
  subject,
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  cancelling: keyof typeof wording;
  subject: string;
  busy: boolean;
  error?: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { title, readers, placeholder, confirmLabel } = wording[cancelling];
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const reasonId = useId();
  const hint = `${readers} recebem este motivo na notificação e no e-mail. Até ${MAX_REASON} caracteres.`;

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
    <Modal open onClose={busy ? () => undefined : onClose} title={title} description={subject}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Alert tone="warning" title="Esta ação não pode ser desfeita">
          {children}
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
            placeholder={placeholder}
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
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
