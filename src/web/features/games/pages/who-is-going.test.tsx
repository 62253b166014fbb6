import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { aGame, aPlayerGame, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

describe('"Quem vai" on the game page', () => {
  it('a signed-in player reads who got a place, in order, walk-ins marked, with the line and the holds awaiting payment', async () => {
    const game = aPlayerGame({
      name: 'Vôlei de Quinta',
      totalSlots: 12,
      registeredPlayers: 4,
      remainingSlots: 8,
      waitlistCount: 2,
      players: [
        { name: 'Ana S.', walkIn: false },
        { name: 'Bruno', walkIn: false },
        { name: '+1 do P.', walkIn: true },
      ],
    });
    fakeApi({ 'GET /api/users/me': meReply(player), [`GET /api/games/${game.id}`]: { body: game } });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei de Quinta');

    const section = within(screen.getByRole('region', { name: 'Quem vai' }));
    expect(section.getByText('4 de 12 vagas ocupadas · 2 pessoas na lista de espera')).toBeInTheDocument();
    const names = section.getAllByRole('listitem').map((item) => item.textContent);
    expect(names).toEqual(['1.Ana S.', '2.Bruno', '3.+1 do P.avulso']);
    expect(section.getByText('1 vaga reservada aguardando pagamento.')).toBeInTheDocument();
    expect(section.queryByText(/Entre na sua conta/)).not.toBeInTheDocument();
  });

  it('a visitor reads the counts only, and an empty list invites the first player', async () => {
    const game = aGame({ name: 'Vôlei aberto', totalSlots: 10, registeredPlayers: 3, remainingSlots: 7, waitlistCount: 0 });
    fakeApi({ [`GET /api/games/${game.id}`]: { body: game } });
    renderApp(`/apply/${game.id}`);
    await findPageHeading('Vôlei aberto');
    const section = within(screen.getByRole('region', { name: 'Quem vai' }));
    expect(section.getByText('3 de 10 vagas ocupadas')).toBeInTheDocument();
    expect(section.getByText('Entre na sua conta para ver os nomes de quem vai.')).toBeInTheDocument();
    expect(section.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says nobody is confirmed yet to a player of an empty game', async () => {
    const game = aPlayerGame({ name: 'Vôlei vazio', registeredPlayers: 0, players: [] });
    fakeApi({ 'GET /api/users/me': meReply(player), [`GET /api/games/${game.id}`]: { body: game } });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei vazio');
    expect(
      within(screen.getByRole('region', { name: 'Quem vai' })).getByText('Ninguém confirmado ainda. Seja o primeiro!'),
    ).toBeInTheDocument();
  });
});
