import { gamePhase } from './rules/game-timing';

/**
 * A game's places as its views carry them (decision 046): `registeredPlayers` hold one (confirmed, awaiting payment,
 * walk-ins), `remainingSlots` are free to anyone, `memberPlacesFree` are held for a weekly series' mensalistas.
 */
export type PlacesCounts = {
  totalSlots: number;
  registeredPlayers: number;
  remainingSlots: number;
  memberPlacesFree?: number;
  status: 'active' | 'cancelled';
  dateTime: string | Date;
};

export type Places = { total: number; taken: number; free: number; held: number };

/** The numbers: taken, free to anyone and held for mensalistas, of the total. */
export function placesOf(game: Omit<PlacesCounts, 'status' | 'dateTime'>): Places {
  return {
    total: game.totalSlots,
    taken: Math.max(game.registeredPlayers, 0),
    free: Math.max(game.remainingSlots, 0),
    held: Math.max(game.memberPlacesFree ?? 0, 0),
  };
}

/** Why places are held, said wherever held places are. */
export const HELD_PLACES_NOTE =
  'As vagas guardadas são dos mensalistas do racha: só eles podem ocupá-las. Se um mensalista desistir da semana, a vaga dele fica livre para todos.';

export type PlacesWording = {
  /** "8 de 12 vagas ocupadas". */
  taken: string;
  /** "1 vaga livre", "Nenhuma vaga livre"; absent once the game takes no one (started or cancelled). */
  free?: string;
  /** "3 vagas guardadas para mensalistas"; absent when none are held or the game takes no one. */
  held?: string;
  /** HELD_PLACES_NOTE whenever `held` is there. */
  heldNote?: string;
  /** All of it in one line, in that order: "8 de 12 vagas ocupadas · 1 livre · 3 guardadas para mensalistas". */
  line: string;
};

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The one wording of a game's places, for every screen: places taken of the total, then, while anyone may still join
 * (the game is active and has not started), the free ones and those held for mensalistas. A game that started or was
 * cancelled says only how many places were taken.
 */
export function placesWording(game: PlacesCounts, now: Date): PlacesWording {
  const { total, taken, free, held } = placesOf(game);
  const takenText = `${taken} de ${total} ${total === 1 ? 'vaga ocupada' : 'vagas ocupadas'}`;
  const isOpen = game.status === 'active' && gamePhase(game.dateTime, now) === 'upcoming';
  if (!isOpen) return { taken: takenText, line: takenText };
  const freeText = free === 0 ? 'Nenhuma vaga livre' : counted(free, 'vaga livre', 'vagas livres');
  const parts = [takenText, free === 0 ? 'nenhuma livre' : counted(free, 'livre', 'livres')];
  if (held === 0) return { taken: takenText, free: freeText, line: parts.join(' · ') };
  parts.push(`${counted(held, 'guardada', 'guardadas')} para mensalistas`);
  return {
    taken: takenText,
    free: freeText,
    held: `${counted(held, 'vaga guardada', 'vagas guardadas')} para mensalistas`,
    heldNote: HELD_PLACES_NOTE,
    line: parts.join(' · '),
  };
}
