import { Shuffle } from 'lucide-react';
import type { Game } from '../../../../shared/schemas/games';
import { WalkInBadge } from '../../../components/games/walk-in-badge';

/**
 * The teams of the organiser's last draw (decision 029), for a player with a confirmed place: names as "Quem vai" shows
 * them (walk-ins too), no levels. Nothing before a draw, nor for anyone the server does not send them to.
 */
export function DrawnTeams({ game }: { game: Game }) {
  const teams = game.teams;
  if (!teams || teams.length === 0) return null;
  return (
    <section aria-labelledby="drawn-teams" className="space-y-3">
      <h2 id="drawn-teams" className="flex items-center gap-2 text-xl font-bold">
        <Shuffle className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        Times sorteados
      </h2>
      <ul aria-label="Times sorteados" className="grid gap-3 sm:grid-cols-2">
        {teams.map((team) => (
          <li key={team.name} className="space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <h3 className="text-lg font-bold">{team.name}</h3>
            <ul aria-label={team.name} className="space-y-1">
              {team.players.map((player, index) => (
                // Names repeat (two "Ana S."): the place in the team tells them apart.
                <li key={index} className="flex items-center gap-2">
                  <span className="min-w-0 break-words">{player.name}</span>
                  {player.walkIn && <WalkInBadge className="ml-auto shrink-0 text-xs" />}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
