import { Users } from 'lucide-react';
import { placesWording } from '../../../../shared/places-wording';
import type { Game } from '../../../../shared/schemas/games';
import { WalkInBadge } from '../../../components/games/walk-in-badge';

const people = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "Quem vai" (decision 047): who holds a place, in the order they got it, and how long the line is. A signed-in player
 * who may see the game reads the names (first name and initial; the organiser full names); a visitor the counts only.
 */
export function WhoIsGoing({ game }: { game: Game }) {
  const players = game.players;
  const awaitingPayment = players ? Math.max(game.registeredPlayers - players.length, 0) : 0;
  return (
    <section aria-labelledby="who-is-going" className="space-y-3">
      <h2 id="who-is-going" className="flex items-center gap-2 text-xl font-bold">
        <Users className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        Quem vai
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        {placesWording(game, new Date()).taken}
        {game.waitlistCount > 0 && ` · ${people(game.waitlistCount, 'pessoa', 'pessoas')} na lista de espera`}
      </p>
      {players === undefined ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Entre na sua conta para ver os nomes de quem vai.</p>
      ) : players.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Ninguém confirmado ainda. Seja o primeiro!</p>
      ) : (
        <ol aria-label="Confirmados" className="grid gap-1.5 sm:grid-cols-2">
          {players.map((player, index) => (
            <li
              // Names repeat (two "Ana S."): the place in the list tells them apart.
              key={index}
              className="flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2 dark:border-slate-800"
            >
              <span className="w-6 shrink-0 text-right tabular-nums text-slate-500 dark:text-slate-400">{index + 1}.</span>
              <span className="min-w-0 break-words font-semibold">{player.name}</span>
              {player.walkIn && <WalkInBadge className="ml-auto shrink-0 text-xs" />}
            </li>
          ))}
        </ol>
      )}
      {awaitingPayment > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {people(awaitingPayment, 'vaga reservada', 'vagas reservadas')} aguardando pagamento.
        </p>
      )}
    </section>
  );
}
