import { Link } from 'react-router';
import type { Game } from '../../../../shared/schemas/games';
import { GameDescription } from '../../../components/games/game-description';
import { cityLabel, GameFacts } from '../../../components/games/game-facts';
import { FullBadge } from '../../../components/games/full-badge';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

export function PublicGameCard({ game }: { game: Game }) {
  const place = cityLabel(game);
  return (
    <Card className="flex w-full flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-xl font-bold">
          <Link to={`/apply/${game.id}`} className="underline-offset-4 hover:underline">
            {game.name}
          </Link>
        </h2>
        <FullBadge game={game} />
      </div>
      <div className="flex flex-wrap gap-2">
        {game.sport && <Badge tone="info">{game.sport.name}</Badge>}
        {place && <Badge>{place}</Badge>}
        {game.visibility === 'private' && <Badge tone="warning">Privado</Badge>}
      </div>
      <GameFacts game={game} />
      <GameDescription game={game} className="text-sm" />
      {/* The game's page: a visitor sees it all there, then signs in or signs up to come back to it. */}
      <Link
        to={`/apply/${game.id}`}
        className={buttonClasses('primary', 'md', 'mt-auto w-full sm:w-auto sm:self-start')}
        aria-label={`Participar: ${game.name}`}
      >
        Participar
      </Link>
    </Card>
  );
}
