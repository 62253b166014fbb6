import { Link } from 'react-router';
import type { Game } from '../../../../shared/schemas/games';
import { cityLabel, GameFacts, isFull } from '../../../components/games/game-facts';
import { FullBadge } from '../../../components/games/full-badge';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** What the card's link says, by the player's place in the game (spec: players §2, Games). */
export function gameLinkLabel(game: Pick<Game, 'userRegistration' | 'remainingSlots'>): string {
  if (game.userRegistration?.isRegistered) return 'Ver detalhes';
  if (game.userRegistration?.isOnWaitlist) return 'Ver lista de espera';
  if (isFull(game)) return 'Entrar na lista de espera';
  return 'Participar';
}

/** Where a game opens: its page, or its private link for an invitation (the id alone does not open it). */
export function gameHref(game: Pick<Game, 'id' | 'privateLink' | 'visibility' | 'userRegistration'>): string {
  const isInvolved = game.userRegistration?.isRegistered || game.userRegistration?.isOnWaitlist;
  if (game.visibility === 'private' && game.privateLink && !isInvolved) return `/games/private/${encodeURIComponent(game.privateLink)}`;
  return `/apply/${game.id}`;
}

export function PaymentBadge({ usePlatformPayment }: { usePlatformPayment: boolean }) {
  return usePlatformPayment ? <Badge tone="info">Pagamento pela plataforma</Badge> : <Badge>Pagamento por fora</Badge>;
}

export function GameCard({ game }: { game: Game }) {
  const label = gameLinkLabel(game);
  const isRegistered = game.userRegistration?.isRegistered;
  const place = cityLabel(game);
  return (
    <Card className="flex w-full flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-xl font-bold">
          <Link to={gameHref(game)} className="underline-offset-4 hover:underline">
            {game.name}
          </Link>
        </h3>
        <FullBadge game={game} />
      </div>
      <div className="flex flex-wrap gap-2">
        {place && <Badge>{place}</Badge>}
        <PaymentBadge usePlatformPayment={game.usePlatformPayment} />
        {isRegistered && <Badge tone="success">Inscrito</Badge>}
        {game.userRegistration?.isOnWaitlist && <Badge tone="warning">Na lista de espera</Badge>}
      </div>
      <GameFacts game={game} />
      <Link
        to={gameHref(game)}
        className={buttonClasses(isRegistered ? 'secondary' : 'primary', 'md', 'mt-auto w-full sm:w-auto sm:self-start')}
      >
        {label}
      </Link>
    </Card>
  );
}
