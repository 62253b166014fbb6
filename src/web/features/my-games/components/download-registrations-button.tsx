import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDownloadRegistrations } from '../api';

/** The registrations spreadsheet (CSV for Excel) as a download button. */
export function DownloadRegistrationsButton({ gameId, fullWidth = false }: { gameId: number; fullWidth?: boolean }) {
  const toast = useToast();
  const download = useDownloadRegistrations(gameId);
  return (
    <Button
      variant="secondary"
      fullWidth={fullWidth}
      busy={download.isPending}
      busyLabel="Baixando..."
      onClick={() =>
        download.mutate(undefined, { onError: (error) => toast.show(errorMessage(error, 'Erro ao baixar a planilha'), 'error') })
      }
    >
      <Download className="size-4" aria-hidden="true" />
      Baixar planilha (CSV)
    </Button>
  );
}
