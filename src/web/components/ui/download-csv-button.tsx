import type { UseMutationResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { errorMessage } from '../../lib/api-client';
import { Button } from './button';
import { useToast } from './toast';

/** "Baixar planilha (CSV)": runs a download mutation with `variables`, busy while it runs; a failure becomes a toast. */
export function DownloadCsvButton<Variables>({
  download,
  variables,
  failure = 'Erro ao baixar a planilha',
  variant = 'secondary',
  fullWidth = false,
}: {
  download: UseMutationResult<unknown, Error, Variables>;
  variables: Variables;
  failure?: string;
  variant?: 'primary' | 'secondary';
  fullWidth?: boolean;
}) {
  const toast = useToast();
  return (
    <Button
      variant={variant}
      fullWidth={fullWidth}
      busy={download.isPending}
      busyLabel="Baixando..."
      onClick={() => download.mutate(variables, { onError: (error) => toast.show(errorMessage(error, failure), 'error') })}
    >
      <Download className="size-4" aria-hidden="true" />
      Baixar planilha (CSV)
    </Button>
  );
}
