import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { aPlayerGame, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

describe('the drawn teams on the game page (issue 42)', () => {
  it('a confirmed player reads each team with its names, walk-ins marked, and no levels', async () => {
    const game = aPlayerGame({
      name: 'Vôlei de Quinta',
      registrationType: 'confirmed',
      teams: [
        {
          name: 'Time 1',
          players: [
            { name: 'Ana S.', walkIn: false },
            { name: 'Zé P.', walkIn: true },
          ],
        },
        {
          name: 'Time 2',
          players: [
            { name: 'Bruno', walkIn: false },
            { name: 'Carla M.', walkIn: false },
          ],
        },
      ],
    });
    fakeApi({ 'GET /api/users/me': meReply(player), [`GET /api/games/${game.id}`]: { body: game } });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei de Quinta');

    const section = within(screen.getByRole('region', { name: 'Times sorteados' }));
    const first = within(section.getByRole('list', { name: 'Time 1' }));
    expect(first.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ana S.', 'Zé P.avulso']);
    const second = within(section.getByRole('list', { name: 'Time 2' }));
    expect(second.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Bruno', 'Carla M.']);
    expect(section.queryByText(/nível/i)).not.toBeInTheDocument();
  });

  it('shows nothing before a draw, nor when the game carries no teams for the reader', async () => {
    for (const teams of [[], undefined]) {
      const game = aPlayerGame({ name: `Vôlei ${teams ? 'sem sorteio' : 'sem times'}`, teams });
      fakeApi({ 'GET /api/users/me': meReply(player), [`GET /api/games/${game.id}`]: { body: game } });
      const { unmount } = renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
      await findPageHeading(game.name);
      expect(screen.queryByRole('region', { name: 'Times sorteados' })).not.toBeInTheDocument();
      unmount();
    }
  });
});
