import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { aNotification, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

describe('notifications', () => {
  it('lists the notifications, marks one read and updates the header badge', async () => {
    const unread = aNotification({ message: 'Abriu uma vaga e sua inscrição foi confirmada!', createdAt: '2030-01-10T20:30:00.000Z' });
    const read = aNotification({ message: 'Você saiu da lista de espera.', read: true });
    let unreadCount = 1;
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/notifications': { body: [unread, read] },
      'GET /api/notifications/unread-count': () => ({ body: { count: unreadCount } }),
      [`POST /api/notifications/${unread.id}/read`]: () => {
        unreadCount = 0;
        return { body: { id: unread.id, read: true } };
      },
    });
    const user = userEvent.setup();
    renderApp('/notifications', { token: 'jwt-ana' });
    await findPageHeading('Notificações');

    const nav = screen.getByRole('navigation', { name: 'Principal' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Notificações/ })).toHaveTextContent('1 não lidas'));

    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Abriu uma vaga e sua inscrição foi confirmada!');
    expect(items[0]).toHaveTextContent('Não lida');
    expect(items[0]).toHaveTextContent(/10\/01\/2030 às/);
    expect(within(items[1]!).queryByRole('button', { name: /Marcar como lida/ })).not.toBeInTheDocument();

    await user.click(within(items[0]!).getByRole('button', { name: /Marcar como lida/ }));
    await waitFor(() => expect(within(items[0]!).queryByText('Não lida')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `/api/notifications/${unread.id}/read`)).toHaveLength(1);
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Notificações' })).not.toHaveTextContent('não lidas'));
  });

  it('"Marcar todas como lidas" marks every one read at once and clears the badge', async () => {
    let unreadCount = 2;
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/notifications': { body: [aNotification({ message: 'Primeira' }), aNotification({ message: 'Segunda' })] },
      'GET /api/notifications/unread-count': () => ({ body: { count: unreadCount } }),
      'POST /api/notifications/read-all': () => {
        unreadCount = 0;
        return { body: { message: '2 notificações marcadas como lidas.', updated: 2 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/notifications', { token: 'jwt-ana' });
    await findPageHeading('Notificações');
    expect(await screen.findAllByText('Não lida')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(screen.queryByText('Não lida')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Marcar todas como lidas' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Notificações' })).not.toHaveTextContent('não lidas'));
  });

  it("leads a game's notice to the game, a turma's aviso to the turma, and one whose turma is gone nowhere", async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/notifications': {
        body: [
          aNotification({ type: 'group_message', message: 'Aviso da turma Vôlei da Praia: churrasco sábado.', link: '/t/volei-da-praia' }),
          aNotification({ type: 'game_message', message: 'Aviso do jogo Rachão: levem água.', gameId: 42, link: '/apply/42' }),
          aNotification({ type: 'group_message', message: 'Aviso da turma Extinta: até logo.' }),
        ],
      },
      'GET /api/notifications/unread-count': { body: { count: 3 } },
    });
    renderApp('/notifications', { token: 'jwt-ana' });
    const [turma, game, gone] = await screen.findAllByRole('listitem');
    expect(within(turma!).getByRole('link', { name: 'Ver turma' })).toHaveAttribute('href', '/t/volei-da-praia');
    expect(within(turma!).queryByRole('link', { name: 'Ver jogo' })).not.toBeInTheDocument();
    expect(within(game!).getByRole('link', { name: 'Ver jogo' })).toHaveAttribute('href', '/apply/42');
    expect(within(gone!).getByText('Aviso da turma Extinta: até logo.')).toBeInTheDocument();
    expect(within(gone!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says Nenhuma notificação. when there are none', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/notifications': { body: [] },
      'GET /api/notifications/unread-count': { body: { count: 0 } },
    });
    renderApp('/notifications', { token: 'jwt-ana' });
    expect(await screen.findByText('Nenhuma notificação.')).toBeInTheDocument();
  });

  it('refreshes the unread count on navigation', async () => {
    let count = 0;
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/notifications': { body: [] },
      'GET /api/notifications/unread-count': () => ({ body: { count } }),
    });
    const user = userEvent.setup();
    renderApp('/notifications', { token: 'jwt-ana' });
    await findPageHeading('Notificações');
    await waitFor(() => expect(api.callsTo('GET', '/api/notifications/unread-count')).toHaveLength(1));

    count = 4;
    await user.click(within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: 'Jogos' }));
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Notificações/ })).toHaveTextContent('4'));
  });
});
