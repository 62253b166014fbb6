import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Game } from '../../../../shared/schemas/games';
import { GameFacts } from '../../../components/games/game-facts';
import { Card } from '../../../components/ui/card';

/** A game on the profile: its name linking to its page, a status badge, its facts and what can be done with it. */
export function ProfileGameRow({ game, badge, children }: { game: Game; badge: ReactNode; children?: ReactNode }) {
  return (
    <li>
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-lg font-bold">
            <Link to={`/apply/${game.id}`} className="underline-offset-4 hover:underline">
              {game.name}
            </Link>
          </h3>
          {badge}
        </div>
        <GameFacts game={game} compact />
        {children && <div className="flex flex-wrap gap-2">{children}</div>}
      </Card>
    </li>
  );
}
