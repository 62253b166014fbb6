import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { aGame, aPlayerGame, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

// Decision 037: a game reads on the clocks of its place, whatever the zone of the device showing it. 23:30 UTC is
// 19:30 in Manaus, 20:30 in São Paulo and 23:30 in Lisbon, where this file moves the process.
const GAME_AT = '2030-03-14T23:30:00.000Z';
const manaus = { timeZone: 'America/Manaus', state: { id: 4, name: 'Amazonas', uf: 'AM' }, city: { id: 40, name: 'Manaus' } };

const processZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Lisbon';
});
afterAll(() => {
  process.env.TZ = processZone;
});

describe('a 19:30 game in Manaus on a device elsewhere', () => {
  it('the process really is elsewhere: the device’s own clock reads 23:30', () => {
    expect(new Date(GAME_AT).getHours()).toBe(23);
  });

  it('its page says 19:30', async () => {
    const game = aPlayerGame({ ...manaus, name: 'Vôlei na Ponta Negra', dateTime: GAME_AT });
    fakeApi({ 'GET /api/users/me': meReply(player), [`GET /api/games/${game.id}`]: { body: game } });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei na Ponta Negra');
    const main = screen.getByRole('main');
    expect(within(main).getAllByText('19:30').length).toBeGreaterThan(0);
    expect(main).toHaveTextContent(/quinta-feira, 14 de março/i);
    expect(main).not.toHaveTextContent('20:30');
    expect(main).not.toHaveTextContent('23:30');
  });

  it('its card in the public list says 19:30, beside a São Paulo game read on São Paulo clocks', async () => {
    fakeApi({
      'GET /api/games/sports': { body: [{ id: 1, name: 'Vôlei', active: true }] },
      'GET /api/games/states': { body: [{ id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' }] },
      'GET /api/games/cities': { body: [] },
      'GET /api/games': {
        body: [aGame({ ...manaus, name: 'Vôlei em Manaus', dateTime: GAME_AT }), aGame({ name: 'Vôlei em Floripa', dateTime: GAME_AT })],
      },
    });
    renderApp('/public-games');
    const inManaus = (await screen.findByRole('heading', { name: 'Vôlei em Manaus' })).closest('li')!;
    const inFloripa = screen.getByRole('heading', { name: 'Vôlei em Floripa' }).closest('li')!;
    expect(inManaus).toHaveTextContent('19:30');
    expect(inManaus).toHaveTextContent('14/03/2030');
    expect(inFloripa).toHaveTextContent('20:30');
  });
});
