import { Button } from './button';

/**
 * The buttons closing a dialog's form: Cancelar (disabled while the form is sent) and the submit button, side by
 * side from `sm` up and the submit button on top on a phone.
 */
export function DialogFormActions({
  onCancel,
  busy,
  submitLabel,
  busyLabel,
  tone = 'primary',
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  tone?: 'primary' | 'danger';
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
      <Button type="submit" variant={tone} busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </div>
  );
}
