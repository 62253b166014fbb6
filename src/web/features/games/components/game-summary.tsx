import type { Game } from '../../../../shared/schemas/games';
import { GameFacts } from '../../../components/games/game-facts';
import { Card } from '../../../components/ui/card';

/** Name, date, time, price and place of a game, for the pages after applying. */
export function GameSummary({ game }: { game: Game }) {
  return (
    <Card className="space-y-3 text-left">
      <h2 className="text-xl font-bold">{game.name}</h2>
      <GameFacts game={game} compact />
      {game.address && <p className="text-sm text-slate-600 dark:text-slate-400">{game.address}</p>}
    </Card>
  );
}
