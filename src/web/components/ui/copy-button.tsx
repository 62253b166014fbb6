import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { useToast } from './toast';

/** Copies `text` to the clipboard and says so in a toast (or why not, with what to do instead). */
export function CopyButton({
  text,
  copied,
  failed = 'Não foi possível copiar. Selecione o link e copie manualmente.',
  variant = 'secondary',
  size,
  disabled = false,
  children,
}: {
  text: string;
  copied: string;
  failed?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While the text is being read again (it would copy the old one). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.show(copied, 'success');
    } catch {
      toast.show(failed, 'error');
    }
  }
  return (
    <Button variant={variant} size={size} disabled={disabled} onClick={() => void copy()}>
      <Copy className={size === 'lg' ? 'size-5' : 'size-4'} aria-hidden="true" />
      {children}
    </Button>
  );
}
