import type { Game } from '../../../../shared/schemas/games';
import { AvisoList } from '../../../components/avisos/aviso-list';
import { useGameMessages } from '../game-messages-api';

/** Whether the viewer reads the game's avisos: its players (a place or the waitlist) and its organiser. */
export const readsGameMessages = (game: Game, userId: number | undefined): boolean =>
  userId !== undefined && (game.creator.id === userId || (!!game.registrationType && game.registrationType !== 'cancelled'));

/** "Avisos": what the game's organiser sent its players, newest first, as plain text (decision 077). */
export function GameMessages({ game }: { game: Game }) {
  return <AvisoList query={useGameMessages(game.id, true)} label="Avisos do jogo" timeZone={game.timeZone} />;
}
