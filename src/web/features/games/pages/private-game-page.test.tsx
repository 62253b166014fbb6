import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages';
import { fakeApi } from '../../../test/fake-api';
import { aGame, aPlayerGame, authConfig, hoursFromNow, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const LINK = 'amigos-123';
const privateGame = (overrides: Parameters<typeof aGame>[0] = {}) =>
  aGame({ name: 'Vôlei dos Amigos', visibility: 'private', ...overrides });

describe('private game page (/games/private/{link})', () => {
  it('shows the places taken as a bar and the game as Ativo, and lets a visitor sign in to join', async () => {
    fakeApi({ ...authConfig, [`GET /api/games/private/${LINK}`]: { body: privateGame({ totalSlots: 10, remainingSlots: 4 }) } });
    renderApp(`/games/private/${LINK}`);
    await findPageHeading('Vôlei dos Amigos');
    const bar = screen.getByRole('progressbar', { name: 'Vagas ocupadas' });
    expect(bar).toHaveAttribute('aria-valuenow', '6');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    // Above the bar as in "Quem vai", and with the free places among the game's facts: one wording.
    expect(screen.getAllByText('6 de 10 vagas ocupadas')).toHaveLength(2);
    expect(screen.getByText('6 de 10 vagas ocupadas · 4 livres')).toBeInTheDocument();
    expect(screen.getByText('Ativo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar para participar' })).toBeEnabled();
  });

  it('offers no way into a full game: a disabled "Vagas esgotadas", for visitors and players alike', async () => {
    fakeApi({ ...authConfig, [`GET /api/games/private/${LINK}`]: { body: privateGame({ totalSlots: 8, remainingSlots: 0 }) } });
    renderApp(`/games/private/${LINK}`);
    await findPageHeading('Vôlei dos Amigos');
    expect(screen.getByRole('button', { name: 'Vagas esgotadas' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Entrar para participar' })).not.toBeInTheDocument();
  });

  it('says Jogo em andamento, disabled, from the start until the game ends; the status reads Em andamento', async () => {
    fakeApi({
      ...authConfig,
      'GET /api/users/me': meReply(player),
      [`GET /api/games/private/${LINK}`]: {
        body: aPlayerGame({ name: 'Vôlei dos Amigos', visibility: 'private', dateTime: hoursFromNow(-1), remainingSlots: 2 }),
      },
    });
    renderApp(`/games/private/${LINK}`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei dos Amigos');
    expect(screen.getByRole('button', { name: 'Jogo em andamento' })).toBeDisabled();
    expect(screen.getByText('Em andamento')).toBeInTheDocument();
    expect(screen.queryByText('Ativo')).not.toBeInTheDocument();
    // Only the places taken: none is free to anyone any more.
    expect(screen.getAllByText('10 de 12 vagas ocupadas').length).toBeGreaterThan(0);
    expect(screen.queryByText(/livre/)).not.toBeInTheDocument();
  });

  it('says Jogo encerrado, disabled, once the game has ended; the status reads Encerrado', async () => {
    fakeApi({
      ...authConfig,
      'GET /api/users/me': meReply(player),
      [`GET /api/games/private/${LINK}`]: {
        body: aPlayerGame({ name: 'Vôlei dos Amigos', visibility: 'private', dateTime: hoursFromNow(-3) }),
      },
    });
    renderApp(`/games/private/${LINK}`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei dos Amigos');
    expect(screen.getByRole('button', { name: 'Jogo encerrado' })).toBeDisabled();
    expect(screen.getByText('Encerrado')).toBeInTheDocument();
  });

  it("shows the server's message under Jogo não encontrado when the link fails", async () => {
    fakeApi({
      ...authConfig,
      [`GET /api/games/private/${LINK}`]: { status: 404, body: { code: 'game_not_found', message: messages.gameNotAvailable } },
    });
    renderApp(`/games/private/${LINK}`);
    await findPageHeading('Jogo não encontrado');
    expect(screen.getByText(messages.gameNotAvailable)).toBeInTheDocument();
  });
});
