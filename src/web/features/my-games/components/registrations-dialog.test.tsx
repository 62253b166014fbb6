import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { aRegistration, aUserGame, aUserGameDetail, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

describe('"Inscrições do jogo"', () => {
  it('gives the organiser each player’s phone, given "para o organizador", as a link that calls them', async () => {
    const game = aUserGame({ name: 'Vôlei da Lagoa' });
    const carla = aRegistration({ userName: 'Carla Souza', userPhone: '48991112222' });
    const semFone = aRegistration({ userName: 'Caio Lima', userPhone: null });
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/notifications/unread-count': { body: { count: 0 } },
      'GET /api/user-games': { body: [game] },
      [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, [carla, semFone]) },
    });
    const user = userEvent.setup();
    renderApp('/my-games', { token: 'jwt-ana' });
    await findPageHeading('Meus jogos');
    await user.click(await screen.findByRole('button', { name: 'Ver inscrições de Vôlei da Lagoa' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Inscrições do jogo' }));
    await dialog.findByText('Carla Souza');

    const call = dialog.getByRole('link', { name: 'Ligar para Carla Souza: (48) 99111-2222' });
    expect(call).toHaveAttribute('href', 'tel:+5548991112222');
    expect(call).toHaveTextContent('(48) 99111-2222');
    expect(dialog.queryByRole('link', { name: /^Ligar para Caio Lima/ })).not.toBeInTheDocument();
  });
});
