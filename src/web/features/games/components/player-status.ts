import type { Game } from '../../../../shared/schemas/games';

export type PlayerStatus = 'confirmed' | 'pending' | 'waitlist' | 'none';

/** The player's place in the game (spec: players §4); a cancelled registration counts as none. */
export function playerStatus(game: Pick<Game, 'registrationType'>): PlayerStatus {
  const type = game.registrationType;
  return type === 'confirmed' || type === 'pending' || type === 'waitlist' ? type : 'none';
}
