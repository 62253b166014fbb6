import { gamePhase } from '../../../shared/rules/game-timing';
import type { Game } from '../../../shared/schemas/games';
import { Badge } from '../ui/badge';

/** "Em andamento" from a game's start until it ends, "Encerrado" after; nothing before it starts or once cancelled. */
export function GamePhaseBadge({ game }: { game: Pick<Game, 'dateTime' | 'status'> }) {
  if (game.status === 'cancelled') return null;
  const phase = gamePhase(game.dateTime, new Date());
  if (phase === 'in_progress') return <Badge tone="info">Em andamento</Badge>;
  if (phase === 'ended') return <Badge tone="neutral">Encerrado</Badge>;
  return null;
}
