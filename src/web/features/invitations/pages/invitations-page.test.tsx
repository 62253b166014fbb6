import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { anInvitation, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

describe('invitations', () => {
  it('lists the invited games with a link by private link, and removes one', async () => {
    const kept = anInvitation({ name: 'Vôlei dos Amigos', privateLink: 'amigos', price: 10 });
    const removed = anInvitation({ name: 'Vôlei da Firma', privateLink: 'firma' });
    let list = [kept, removed];
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/invitations': () => ({ body: list }),
      [`DELETE /api/invitations/${removed.id}`]: () => {
        list = [kept];
        return { body: { message: 'Convite removido com sucesso.' } };
      },
    });
    const user = userEvent.setup();
    renderApp('/invitations', { token: 'jwt-ana' });
    await findPageHeading('Convites');

    const card = within((await screen.findByRole('heading', { name: 'Vôlei dos Amigos' })).closest('li')!);
    expect(card.getByRole('link', { name: 'Ver jogo' })).toHaveAttribute('href', '/games/private/amigos');
    expect(card.getByText('R$ 10,00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover convite: Vôlei da Firma' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Vôlei da Firma' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `/api/invitations/${removed.id}`)).toHaveLength(1);
    expect(screen.getByText('Convite removido com sucesso.')).toBeInTheDocument();
  });

  it('shows the load and removal errors', async () => {
    const invitation = anInvitation({ name: 'Vôlei dos Amigos' });
    let fails = true;
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/invitations': () =>
        fails ? { status: 403, body: { code: 'forbidden', message: 'Acesso negado.' } } : { body: [invitation] },
      [`DELETE /api/invitations/${invitation.id}`]: { status: 404, body: {} },
    });
    const user = userEvent.setup();
    renderApp('/invitations', { token: 'jwt-ana' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar convites');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await user.click(await screen.findByRole('button', { name: /Remover convite/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao remover convite');
  });
});
