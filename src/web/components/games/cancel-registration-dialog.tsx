import type { Game } from '../../../shared/schemas/games';
import { refundOutcomeText } from '../../lib/refund-text';
import { ConfirmDialog } from '../ui/confirm-dialog';

type CancelTarget = Pick<Game, 'name' | 'dateTime' | 'price' | 'registrationType' | 'paymentType'>;

/** Asks before cancelling (or leaving a waitlist), saying first what happens to the money. */
export function CancelRegistrationDialog({
  game,
  busy,
  onConfirm,
  onCancel,
}: {
  game: CancelTarget | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const isWaitlist = game?.registrationType === 'waitlist';
  return (
    <ConfirmDialog
      open={game !== null}
      title={isWaitlist ? 'Sair da lista de espera?' : 'Cancelar inscrição?'}
      message={
        game && (
          <div className="space-y-2">
            <p>
              {isWaitlist ? 'Você vai sair da fila de ' : 'Você vai cancelar sua inscrição em '}
              <strong>{game.name}</strong>.
            </p>
            <p className="font-semibold text-slate-900 dark:text-white">{refundOutcomeText(game)}</p>
          </div>
        )
      }
      confirmLabel={isWaitlist ? 'Sair da lista' : 'Cancelar inscrição'}
      cancelLabel="Voltar"
      tone="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
