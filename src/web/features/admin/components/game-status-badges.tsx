import { isFuture } from '../../../../shared/rules/game-timing';
import type { UserGame } from '../../../../shared/schemas/user-games';
import { Badge } from '../../../components/ui/badge';

/** Ativo (future) or Encerrado (past), then Cancelado, Rascunho and Privado when they apply. */
export function GameStatusBadges({ game }: { game: Pick<UserGame, 'dateTime' | 'status' | 'publicationState' | 'visibility'> }) {
  const isCancelled = game.status === 'cancelled';
  const isActive = isFuture(game.dateTime, new Date());
  return (
    <span className="flex flex-wrap gap-1.5">
      {isCancelled ? (
        <Badge tone="danger">Cancelado</Badge>
      ) : isActive ? (
        <Badge tone="success">Ativo</Badge>
      ) : (
        <Badge tone="neutral">Encerrado</Badge>
      )}
      {game.publicationState === 'draft' && !isCancelled && <Badge tone="warning">Rascunho</Badge>}
      {game.visibility === 'private' && <Badge tone="info">Privado</Badge>}
    </span>
  );
}
