import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** The form inside an AuthCard: its fields, then one large submit button across the card. */
export function AuthForm({
  onSubmit,
  submitLabel,
  busy,
  busyLabel,
  disabled,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {children}
      <Button type="submit" fullWidth size="lg" disabled={disabled} busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
