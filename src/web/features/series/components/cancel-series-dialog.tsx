import type { Series } from '../../../../shared/schemas/series';
import { CancelReasonDialog } from '../../../components/games/cancel-reason-dialog';

/**
 * Asks why before cancelling a whole series: every game still to come is cancelled as a game cancel is (full refund,
 * a notice with the reason) and the mensalistas leave it. Without a reason nothing is sent.
 */
export function CancelSeriesDialog({
  series,
  upcomingGames,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  series: Pick<Series, 'name' | 'members' | 'usePlatformPayment'>;
  upcomingGames: number;
  busy: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  return (
    <CancelReasonDialog cancelling="series" subject={series.name} busy={busy} error={error} onConfirm={onConfirm} onClose={onClose}>
      <p>
        {upcomingGames === 1 ? 'O próximo jogo é cancelado' : `Os ${upcomingGames} próximos jogos são cancelados`} e nenhum outro será
        publicado.{' '}
        {series.usePlatformPayment
          ? 'Mensalistas e avulsos são reembolsados integralmente (créditos na hora; cartão e PIX pelo meio de pagamento original) e avisados.'
          : 'Mensalistas e avulsos são avisados. Como o pagamento é por fora, devolva integralmente a quem já pagou você.'}
      </p>
      <p className="mt-1">
        {series.members === 0
          ? 'A série não tem mensalistas.'
          : series.members === 1
            ? '1 mensalista deixa a série.'
            : `${series.members} mensalistas deixam a série.`}
      </p>
    </CancelReasonDialog>
  );
}
