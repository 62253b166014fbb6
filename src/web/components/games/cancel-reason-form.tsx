import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '../../../shared/messages';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { describedBy, fieldBorder, fieldClasses, FieldMessages } from '../ui/input';

const MAX_REASON = 500;

/**
 * The body of a dialog that cancels for good: what happens (`children`), the reason the players will read, Voltar and
 * the confirm button. Without a reason nothing is sent; the reason goes out trimmed.
 */
export function CancelReasonForm({
  readers,
  placeholder,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  /** Who receives the reason: "Os jogadores". */
  readers: string;
  placeholder: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  children: ReactNode;
}) {
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
    <form onSubmit={submit} noValidate className="space-y-4">
      {children}
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
  );
}
