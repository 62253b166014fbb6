import { describe, expect, it } from 'vitest';
import { HELD_PLACES_NOTE, placesWording } from './places-wording';

const now = new Date('2026-12-10T12:00:00Z');
const ahead = '2026-12-10T22:00:00.000Z';
const game = (overrides: Partial<Parameters<typeof placesWording>[0]> = {}) => ({
  totalSlots: 12,
  registeredPlayers: 4,
  remainingSlots: 8,
  status: 'active' as const,
  dateTime: ahead,
  ...overrides,
});

describe('the one wording of a game’s places', () => {
  it('says taken of the total, then the free ones, the noun agreeing with the number', () => {
    expect(placesWording(game(), now)).toEqual({
      taken: '4 de 12 vagas ocupadas',
      free: '8 vagas livres',
      line: '4 de 12 vagas ocupadas · 8 livres',
    });
    expect(placesWording(game({ totalSlots: 1, registeredPlayers: 0, remainingSlots: 1 }), now)).toEqual({
      taken: '0 de 1 vaga ocupada',
      free: '1 vaga livre',
      line: '0 de 1 vaga ocupada · 1 livre',
    });
    expect(placesWording(game({ registeredPlayers: 12, remainingSlots: 0 }), now).line).toBe('12 de 12 vagas ocupadas · nenhuma livre');
    expect(placesWording(game({ registeredPlayers: 12, remainingSlots: 0 }), now).free).toBe('Nenhuma vaga livre');
  });

  it('names the places held for mensalistas and says why, so taken, free and held add up to the total', () => {
    const wording = placesWording(game({ registeredPlayers: 8, remainingSlots: 1, memberPlacesFree: 3 }), now);
    expect(wording).toEqual({
      taken: '8 de 12 vagas ocupadas',
      free: '1 vaga livre',
      held: '3 vagas guardadas para mensalistas',
      heldNote: HELD_PLACES_NOTE,
      line: '8 de 12 vagas ocupadas · 1 livre · 3 guardadas para mensalistas',
    });
    expect(placesWording(game({ registeredPlayers: 0, remainingSlots: 11, memberPlacesFree: 1 }), now).line).toBe(
      '0 de 12 vagas ocupadas · 11 livres · 1 guardada para mensalistas',
    );
  });

  it('once the game started, or was cancelled, says only how many places were taken', () => {
    const started = placesWording(game({ registeredPlayers: 6, remainingSlots: 2, dateTime: '2026-12-10T11:00:00.000Z' }), now);
    expect(started).toEqual({ taken: '6 de 12 vagas ocupadas', line: '6 de 12 vagas ocupadas' });
    expect(placesWording(game({ dateTime: now.toISOString() }), now).free).toBeUndefined();
    expect(placesWording(game({ status: 'cancelled', memberPlacesFree: 2 }), now)).toEqual({
      taken: '4 de 12 vagas ocupadas',
      line: '4 de 12 vagas ocupadas',
    });
  });
});
