import type { Game } from '../../../shared/schemas/games';
import { Badge } from '../ui/badge';

/**
 * "Lotado" when no place is left; on a weekly series' game whose only free places are held for mensalistas, it says so
 * instead (a drop-in reads "Restam 3 vagas de mensalistas" beside it, not "Lotado"). Nothing while anyone may join.
 */
export function FullBadge({ game }: { game: Pick<Game, 'remainingSlots' | 'memberPlacesFree'> }) {
  if (game.remainingSlots > 0) return null;
  if ((game.memberPlacesFree ?? 0) > 0) return <Badge tone="warning">Só vagas de mensalistas</Badge>;
  return <Badge tone="danger">Lotado</Badge>;
}
