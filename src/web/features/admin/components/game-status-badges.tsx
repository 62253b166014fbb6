import { gamePhase } from '../../../../shared/rules/game-timing';
import type { UserGame } from '../../../../shared/schemas/user-games';
import { Badge } from '../../../components/ui/badge';

/** Ativo (ahead), Em andamento (started, not over) or Encerrado (over), then Cancelado, Rascunho and Privado when they apply. */
export function GameStatusBadges({ game }: { game: Pick<UserGame, 'dateTime' | 'status' | 'publicationState' | 'visibility'> }) {
  const isCancelled = game.status === 'cancelled';
  const phase = gamePhase(game.dateTime, new Date());
  return (
    <span className="flex flex-wrap gap-1.5">
      {isCancelled ? (
        <Badge tone="danger">Cancelado</Badge>
      ) : phase === 'upcoming' ? (
        <Badge tone="success">Ativo</Badge>
      ) : phase === 'in_progress' ? (
        <Badge tone="info">Em andamento</Badge>
      ) : (
        <Badge tone="neutral">Encerrado</Badge>
      )}
      {game.publicationState === 'draft' && !isCancelled && <Badge tone="warning">Rascunho</Badge>}
      {game.visibility === 'private' && <Badge tone="info">Privado</Badge>}
    </span>
  );
}
