import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { admin, aUserGame, hoursFromNow, meReply } from '../../../test/fixtures';
import { fakeApi } from '../../../test/fake-api';
import { findPageHeading, renderApp } from '../../../test/render-app';

const future = aUserGame({ name: 'Vôlei de Quinta', price: 15, totalSlots: 12, registeredPlayers: 9, location: 'Ginásio do Estreito' });
const past = aUserGame({ name: 'Vôlei de Ontem', dateTime: hoursFromNow(-30) });
const playing = aUserGame({ name: 'Vôlei de Agora', dateTime: hoursFromNow(-1) });
const cancelled = aUserGame({ name: 'Vôlei Cancelado', status: 'cancelled', cancelReason: 'Excluído pelo administrador' });

function listReply(games = [future, playing, past]) {
  return { body: { games, page: 1, pageSize: 20, total: games.length, moreThanTotal: false, totalPages: 1 } };
}

function item(name: string) {
  return within(screen.getByRole('heading', { name }).closest('li')!);
}

describe('admin games', () => {
  it('shows each game with Ativo/Em andamento/Encerrado/Cancelado and filters by status and date', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/games': (call) => (call.path.includes('status=all') ? listReply([future, playing, past, cancelled]) : listReply()),
    });
    const user = userEvent.setup();
    renderApp('/admin/games', { token: 'jwt-bia' });
    await findPageHeading('Jogos');
    await screen.findByRole('heading', { name: 'Vôlei de Quinta' });

    expect(item('Vôlei de Quinta').getByText('Ativo')).toBeInTheDocument();
    expect(item('Vôlei de Quinta').getByText('R$ 15,00')).toBeInTheDocument();
    expect(item('Vôlei de Quinta').getByText('9 de 12 vagas ocupadas · 3 livres')).toBeInTheDocument();
    expect(item('Vôlei de Quinta').getByRole('link', { name: 'Editar Vôlei de Quinta' })).toHaveAttribute(
      'href',
      `/admin/games/${future.id}`,
    );
    expect(item('Vôlei de Ontem').getByText('Encerrado')).toBeInTheDocument();
    // Started an hour ago: in progress until it ends, and only the places taken (no one joins any more).
    expect(item('Vôlei de Agora').getByText('Em andamento')).toBeInTheDocument();
    expect(item('Vôlei de Agora').queryByText('Encerrado')).not.toBeInTheDocument();
    expect(item('Vôlei de Agora').getByText('9 de 12 vagas ocupadas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo jogo' })).toHaveAttribute('href', '/admin/games/new');

    await user.selectOptions(screen.getByLabelText('Status'), 'Todos');
    await screen.findByRole('heading', { name: 'Vôlei Cancelado' });
    expect(item('Vôlei Cancelado').getByText('Cancelado')).toBeInTheDocument();
    expect(item('Vôlei Cancelado').getByRole('button', { name: 'Excluir Vôlei Cancelado' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Quando'), 'Próximos');
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/games').at(-1)!.path).toBe('/api/admin/games?status=all&when=upcoming'));
  });

  it('duplicates a game and shows the server message for 5 seconds; a failure is shown', async () => {
    let fail = true;
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/games': listReply(),
      [`POST /api/games/${future.id}/duplicate`]: () =>
        fail
          ? { status: 404, body: { code: 'game_not_found', message: 'Jogo não encontrado.' } }
          : {
              status: 201,
              body: { message: 'Jogo "Vôlei de Quinta" duplicado com sucesso!', game: aUserGame({ name: 'Vôlei de Quinta (Cópia)' }) },
            },
    });
    const user = userEvent.setup();
    renderApp('/admin/games', { token: 'jwt-bia' });
    await screen.findByRole('heading', { name: 'Vôlei de Quinta' });

    await user.click(item('Vôlei de Quinta').getByRole('button', { name: 'Duplicar Vôlei de Quinta' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Erro ao duplicar jogo');
    expect(error).toHaveTextContent('Jogo não encontrado.');

    fail = false;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const timedUser = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await timedUser.click(item('Vôlei de Quinta').getByRole('button', { name: 'Duplicar Vôlei de Quinta' }));
    expect(await screen.findByText('Jogo "Vôlei de Quinta" duplicado com sucesso!')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao duplicar jogo')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4500));
    expect(screen.getByText('Jogo "Vôlei de Quinta" duplicado com sucesso!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByText('Jogo "Vôlei de Quinta" duplicado com sucesso!')).not.toBeInTheDocument();
  });

  it('deletes a game after a confirmation that tells about refunds, then shows the refund counts', async () => {
    let fail = true;
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/games': listReply(),
      [`DELETE /api/admin/games/${future.id}`]: () =>
        fail
          ? { status: 409, body: { code: 'game_already_cancelled', message: 'Este jogo já foi cancelado.' } }
          : {
              body: {
                message: 'Jogo excluído com sucesso. Os jogadores foram avisados e reembolsados.',
                playersNotified: 4,
                refundedToCredits: 45,
                refundedToOriginal: 30,
                refundRequests: 1,
                refundRequestedAmount: 15,
              },
            },
    });
    const user = userEvent.setup();
    renderApp('/admin/games', { token: 'jwt-bia' });
    await screen.findByRole('heading', { name: 'Vôlei de Quinta' });

    await user.click(item('Vôlei de Quinta').getByRole('button', { name: 'Excluir Vôlei de Quinta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir jogo' });
    expect(dialog).toHaveTextContent('serão avisados, e quem pagou será reembolsado integralmente');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir jogo' }));
    expect(await within(dialog).findByText('Este jogo já foi cancelado.')).toBeInTheDocument();
    expect(within(dialog).getByText('Erro ao deletar jogo')).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Excluir jogo' }));
    expect(
      await screen.findByText('Vôlei de Quinta: Jogo excluído com sucesso. Os jogadores foram avisados e reembolsados.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '4 pessoas avisadas · R$ 45,00 devolvidos em créditos · R$ 30,00 devolvidos na hora ao cartão/PIX · ' +
          '1 reembolso por cartão/PIX não concluído pelo provedor (R$ 15,00) em Cancelamentos.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/admin/games/${future.id}`)).toHaveLength(2);
  });

  it('for a game that has started, shows the server’s question and sends the delete again confirmed', async () => {
    const question = 'Este jogo já começou. Confirmando, R$ 30,00 voltam aos jogadores e R$ 27,60 saem dos recebimentos de Olga.';
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/games': listReply(),
      [`DELETE /api/admin/games/${future.id}`]: (call) =>
        (call.body as { confirm?: boolean } | undefined)?.confirm
          ? {
              body: {
                message: 'Jogo excluído com sucesso. Os jogadores foram avisados e reembolsados.',
                playersNotified: 1,
                refundedToCredits: 30,
                refundedToOriginal: 0,
                refundRequests: 0,
                refundRequestedAmount: 0,
              },
            }
          : { status: 409, body: { code: 'confirmation_required', message: question, fields: { confirm: question } } },
    });
    const user = userEvent.setup();
    renderApp('/admin/games', { token: 'jwt-bia' });
    await screen.findByRole('heading', { name: 'Vôlei de Quinta' });
    await user.click(item('Vôlei de Quinta').getByRole('button', { name: 'Excluir Vôlei de Quinta' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir jogo' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir jogo' }));
    expect(await within(dialog).findByText(question)).toBeInTheDocument();
    expect(within(dialog).queryByText('Erro ao deletar jogo')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar e devolver' }));
    expect(await screen.findByText(/Jogo excluído com sucesso/)).toBeInTheDocument();
    const sent = api.callsTo('DELETE', `/api/admin/games/${future.id}`).map((call) => call.body);
    expect(sent).toEqual([undefined, { confirm: true }]);
  });

  it('shows "Erro ao carregar jogos" when the list fails', async () => {
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/games': { status: 403, body: { code: 'forbidden', message: 'Acesso negado.' } },
    });
    renderApp('/admin/games', { token: 'jwt-bia' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar jogos');
    expect(alert).toHaveTextContent('Acesso negado.');
  });
});
