import { DownloadCsvButton } from '../../../components/ui/download-csv-button';
import { useDownloadRegistrations } from '../api';

/** The registrations spreadsheet (CSV for Excel) as a download button. */
export function DownloadRegistrationsButton({ gameId, fullWidth = false }: { gameId: number; fullWidth?: boolean }) {
  return <DownloadCsvButton download={useDownloadRegistrations(gameId)} variables={undefined} fullWidth={fullWidth} />;
}
