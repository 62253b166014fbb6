import { describe, expect, it } from 'vitest';
import { aGame } from '../../test/fixtures';
import { gameShareText } from './share-game';

describe('gameShareText', () => {
  it('says the weekday, date and time where the game is, place, price and the places anyone can still take', () => {
    // 22:30 UTC on a Friday is 19:30 in São Paulo; in Manaus it is 18:30.
    const game = aGame({ name: 'Vôlei', location: 'Praia Mole', price: 20, dateTime: '2030-05-10T22:30:00.000Z', remainingSlots: 4 });
    expect(gameShareText(game)).toBe('Vôlei — sexta-feira, 10/05/2030 às 19:30\nPraia Mole · R$ 20,00\n4 vagas livres');
    expect(gameShareText({ ...game, timeZone: 'America/Manaus', price: 0, remainingSlots: 1 })).toBe(
      'Vôlei — sexta-feira, 10/05/2030 às 18:30\nPraia Mole · Gratuito\n1 vaga livre',
    );
    expect(gameShareText({ ...game, remainingSlots: 0 })).toContain('\nLotado: lista de espera aberta');
  });
});
