import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert';
import { Modal } from './modal';

/**
 * A dialog whose content is one form: checked by the page (`noValidate`), with the message of a failed send on top
 * (`error`, or nothing).
 */
export function FormModal({
  open,
  onClose,
  title,
  description,
  onSubmit,
  error,
  className = 'space-y-4',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className={className}>
        {error && <Alert tone="error">{error}</Alert>}
        {children}
      </form>
    </Modal>
  );
}
