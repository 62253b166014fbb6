import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { aRegistration, aUserGame, aUserGameDetail, hoursFromNow, meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const signedIn = { 'GET /api/users/me': meReply(player), 'GET /api/notifications/unread-count': { body: { count: 0 } } };

function card(name: string) {
  return within(screen.getByRole('heading', { name }).closest('li')!);
}

async function findCard(name: string) {
  return within((await screen.findByRole('heading', { name })).closest('li')!);
}

async function openMyGames(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ ...signedIn, ...routes });
  const user = userEvent.setup();
  renderApp('/my-games', { token: 'jwt-ana' });
  await findPageHeading('Meus jogos');
  return { api, user };
}

describe('my games list', () => {
  it('opens on "Publicados" and asks the server again when another tab is chosen', async () => {
    const published = aUserGame({
      name: 'Vôlei de Quinta',
      price: 15,
      totalSlots: 12,
      registeredPlayers: 9,
      description: 'Traga <b>água</b>.',
      descriptionHtml: '<p>Traga <b>água</b>.</p>',
    });
    const draft = aUserGame({ name: 'Rascunho de Sábado', publicationState: 'draft', visibility: 'private', usePlatformPayment: false });
    const { api, user } = await openMyGames({
      'GET /api/user-games': (call) => ({
        body: call.path.endsWith('filter=draft') ? [draft] : call.path.endsWith('filter=published') ? [published] : [],
      }),
    });

    expect(screen.getByRole('tab', { name: 'Publicados' })).toHaveAttribute('aria-selected', 'true');
    const first = await findCard('Vôlei de Quinta');
    expect(api.callsTo('GET', '/api/user-games').map((call) => call.path)).toEqual(['/api/user-games?filter=published']);
    for (const text of ['Publicado', 'Público', 'Pela plataforma', 'R$ 15,00', '9 de 12 vagas ocupadas · 3 livres', 'Traga água.'])
      expect(first.getByText(text)).toBeInTheDocument();
    expect(first.getByRole('link', { name: /^Editar / })).toHaveAttribute('href', `/my-games/${published.id}`);
    expect(first.getByRole('button', { name: /^Despublicar / })).toBeInTheDocument();
    expect(first.queryByRole('button', { name: /^Publicar / })).not.toBeInTheDocument();
    // A public game has no private link tools.
    expect(first.queryByRole('button', { name: 'Copiar link' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Rascunhos' }));
    const second = await findCard('Rascunho de Sábado');
    expect(screen.getByRole('tab', { name: 'Rascunhos' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('GET', '/api/user-games').at(-1)?.path).toBe('/api/user-games?filter=draft');
    for (const text of ['Rascunho', 'Privado', 'Por fora']) expect(second.getByText(text)).toBeInTheDocument();
    expect(second.getByRole('button', { name: /^Publicar / })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Vôlei de Quinta' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Cancelados' }));
    expect(await screen.findByText('Nenhum jogo cancelado')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user-games').at(-1)?.path).toBe('/api/user-games?filter=cancelled');
  });

  it('calls a game that started Em andamento until it ends, offering no unpublish or cancel, and only the places taken', async () => {
    const playing = aUserGame({ name: 'Vôlei de Agora', dateTime: hoursFromNow(-1) });
    const ended = aUserGame({ name: 'Vôlei de Ontem', dateTime: hoursFromNow(-3) });
    await openMyGames({ 'GET /api/user-games': { body: [playing, ended] } });
    const now = await findCard('Vôlei de Agora');
    expect(now.getByText('Em andamento')).toBeInTheDocument();
    expect(now.queryByText('Finalizado')).not.toBeInTheDocument();
    expect(now.getByText('9 de 12 vagas ocupadas')).toBeInTheDocument();
    expect(now.queryByRole('button', { name: /^Despublicar / })).not.toBeInTheDocument();
    expect(now.queryByRole('button', { name: /^Cancelar / })).not.toBeInTheDocument();
    expect(card('Vôlei de Ontem').getByText('Finalizado')).toBeInTheDocument();
  });

  it('shows a load failure in a red banner', async () => {
    await openMyGames({
      'GET /api/user-games': { status: 403, body: { code: 'forbidden', message: 'Você não tem permissão para acessar este recurso.' } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar seus jogos');
    expect(alert).toHaveTextContent('Você não tem permissão para acessar este recurso.');
  });

  it('disables Editar as "Jogo cancelado" for a cancelled game and offers nothing that would change it', async () => {
    const cancelled = aUserGame({ name: 'Vôlei Cancelado', status: 'cancelled', visibility: 'private', cancelReason: 'Chuva forte' });
    await openMyGames({ 'GET /api/user-games': { body: [cancelled] } });
    const game = await findCard('Vôlei Cancelado');

    expect(game.getByRole('button', { name: 'Jogo cancelado' })).toBeDisabled();
    expect(game.queryByRole('link', { name: /^Editar / })).not.toBeInTheDocument();
    expect(game.getByText('Cancelado')).toBeInTheDocument();
    expect(game.getByText('Chuva forte')).toBeInTheDocument();
    for (const name of ['Cancelar', 'Publicar', 'Despublicar', 'Copiar link', 'Gerar novo link']) {
      expect(game.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(game.getByRole('button', { name: /^Ver inscrições de / })).toBeEnabled();
  });

  it('cancels only with a reason, telling that everyone is refunded and notified', async () => {
    const game = aUserGame({ name: 'Vôlei de Quinta' });
    const { api, user } = await openMyGames({
      'GET /api/user-games': { body: [game] },
      [`POST /api/user-games/${game.id}/cancel`]: {
        body: {
          message: 'Jogo cancelado. Todos os inscritos foram avisados. R$ 10,00 voltaram aos créditos dos jogadores.',
          game: { ...game, status: 'cancelled', cancelReason: 'Quadra interditada' },
          refunds: {
            registrationsCancelled: 9,
            waitlistCleared: 0,
            creditsRefunded: 135,
            refundedToOriginal: 0,
            refundRequests: 0,
            requestedAmount: 0,
          },
        },
      },
    });
    await user.click((await screen.findAllByRole('button', { name: /^Cancelar / }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Cancelar jogo?' });
    expect(dialog).toHaveTextContent('Todos os inscritos serão reembolsados integralmente');
    expect(dialog).toHaveTextContent('avisados do cancelamento');

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar jogo' }));
    expect(within(dialog).getByText('Informe o motivo do cancelamento.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Motivo do cancelamento'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar jogo' }));
    expect(api.callsTo('POST', `/api/user-games/${game.id}/cancel`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Motivo do cancelamento'), 'Quadra interditada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar jogo' }));
    expect(
      await screen.findByText('Jogo cancelado. Todos os inscritos foram avisados. R$ 10,00 voltaram aos créditos dos jogadores.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/user-games/${game.id}/cancel`).map((call) => call.body)).toEqual([{ reason: 'Quadra interditada' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server message of a failed action in an error toast, with the fallback when there is none', async () => {
    const draft = aUserGame({ name: 'Rascunho', publicationState: 'draft' });
    const published = aUserGame({ name: 'Publicado' });
    const { user } = await openMyGames({
      'GET /api/user-games': { body: [draft, published] },
      [`POST /api/user-games/${draft.id}/publish`]: {
        status: 400,
        body: { code: 'validation_failed', message: 'A data e hora do jogo devem ser no futuro' },
      },
      [`POST /api/user-games/${published.id}/unpublish`]: { status: 409, body: {} },
    });
    await user.click((await findCard('Rascunho')).getByRole('button', { name: /^Publicar / }));
    expect(await screen.findByText('A data e hora do jogo devem ser no futuro')).toBeInTheDocument();
    await user.click(card('Publicado').getByRole('button', { name: /^Despublicar / }));
    expect(await screen.findByText('Erro ao despublicar jogo')).toBeInTheDocument();
  });

  it('unpublishes a game with players only once the organiser confirms the cancellations the server announced', async () => {
    const game = aUserGame({ name: 'Vôlei de Quinta', registeredPlayers: 3 });
    const question =
      'Despublicar este jogo cancela a inscrição de 3 jogadores, com reembolso integral do que pagaram. Confirme para continuar.';
    const done = 'Jogo despublicado. 3 inscrições canceladas, 2 reembolsos integrais a quem pagou; os jogadores foram avisados.';
    const { api, user } = await openMyGames({
      'GET /api/user-games': { body: [game] },
      [`POST /api/user-games/${game.id}/unpublish`]: (call) =>
        (call.body as { confirm?: boolean } | undefined)?.confirm === true
          ? { body: { message: done, game: { ...game, publicationState: 'draft', registeredPlayers: 0 } } }
          : { status: 409, body: { code: 'confirmation_required', message: question, fields: { confirm: question } } },
    });
    const sent = () => api.callsTo('POST', `/api/user-games/${game.id}/unpublish`).map((call) => call.body);

    await user.click((await findCard('Vôlei de Quinta')).getByRole('button', { name: /^Despublicar / }));
    const asked = await screen.findByRole('dialog', { name: 'Despublicar o jogo?' });
    expect(asked).toHaveTextContent(question);
    // Keeping the players: "Voltar" (not "Cancelar", like the red button that cancels the game) closes the dialog, nothing
    // else is sent and no error is shown.
    expect(within(asked).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    await user.click(within(asked).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent()).toEqual([undefined]);
    expect(screen.queryByText('Erro ao despublicar jogo')).not.toBeInTheDocument();

    await user.click(card('Vôlei de Quinta').getByRole('button', { name: /^Despublicar / }));
    const again = await screen.findByRole('dialog', { name: 'Despublicar o jogo?' });
    await user.click(within(again).getByRole('button', { name: 'Despublicar e cancelar inscrições' }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(sent()).toEqual([undefined, undefined, { confirm: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a confirmation only on confirmation_required, not on another 409 that names a confirm field', async () => {
    const game = aUserGame({ name: 'Vôlei de Quinta', registeredPlayers: 3 });
    const { user } = await openMyGames({
      'GET /api/user-games': { body: [game] },
      [`POST /api/user-games/${game.id}/unpublish`]: {
        status: 409,
        body: {
          code: 'game_cancelled',
          message: 'Este jogo foi cancelado e não pode mais ser alterado.',
          fields: { confirm: 'Confirme.' },
        },
      },
    });
    await user.click((await findCard('Vôlei de Quinta')).getByRole('button', { name: /^Despublicar / }));
    expect(await screen.findByText('Este jogo foi cancelado e não pode mais ser alterado.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('copies {origin}/games/private/{privateLink} and shares it on WhatsApp', async () => {
    const game = aUserGame({
      name: 'Vôlei dos Amigos',
      visibility: 'private',
      privateLink: 'abc123XYZ',
      location: 'Ginásio do Estreito',
      dateTime: '2030-05-10T22:30:00.000Z',
    });
    const { user } = await openMyGames({ 'GET /api/user-games': { body: [game] } });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = `${window.location.origin}/games/private/abc123XYZ`;

    const tools = await findCard('Vôlei dos Amigos');
    expect(tools.getByLabelText('Link privado')).toHaveValue(link);
    await user.click(tools.getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();

    const share = tools.getByRole('link', { name: /Compartilhar no WhatsApp/ });
    expect(share).toHaveAttribute('target', '_blank');
    expect(share.getAttribute('rel')).toContain('noopener');
    const href = share.getAttribute('href')!;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    // 22:30 UTC is 19:30 in São Paulo, where the games are: a Friday there. The places left close the invitation.
    const expected = `Vôlei dos Amigos — sexta-feira, 10/05/2030 às 19:30\nGinásio do Estreito · R$ 15,00\n3 vagas livres\nInscreva-se: ${link}`;
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe(expected);
  });

  it('regenerates the link only after a warning that the old one stops working', async () => {
    const game = aUserGame({ name: 'Vôlei dos Amigos', visibility: 'private', privateLink: 'velho' });
    let list = [game];
    const { api, user } = await openMyGames({
      'GET /api/user-games': () => ({ body: list }),
      [`POST /api/user-games/${game.id}/regenerate-link`]: () => {
        list = [{ ...game, privateLink: 'novo' }];
        return { body: { message: 'Link regenerado com sucesso! O link anterior não funciona mais.', game: list[0] } };
      },
    });
    await user.click((await findCard('Vôlei dos Amigos')).getByRole('button', { name: 'Gerar novo link' }));
    const dialog = screen.getByRole('dialog', { name: 'Gerar novo link?' });
    expect(dialog).toHaveTextContent('O link atual deixa de funcionar');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('POST', `/api/user-games/${game.id}/regenerate-link`)).toHaveLength(0);

    await user.click(card('Vôlei dos Amigos').getByRole('button', { name: 'Gerar novo link' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Gerar novo link' }));
    expect(await screen.findByText('Link regenerado com sucesso! O link anterior não funciona mais.')).toBeInTheDocument();
    await waitFor(() =>
      expect(card('Vôlei dos Amigos').getByLabelText('Link privado')).toHaveValue(`${window.location.origin}/games/private/novo`),
    );
  });

  it('invites by e-mail and tells who was invited now and who already was', async () => {
    const game = aUserGame({ name: 'Vôlei dos Amigos', visibility: 'private' });
    const { api, user } = await openMyGames({
      'GET /api/user-games': { body: [game] },
      [`POST /api/user-games/${game.id}/invitations`]: {
        body: { message: '1 convite enviado.', invited: ['bia@exemplo.com.br'], alreadyInvited: ['caio@exemplo.com.br'] },
      },
    });
    await user.click((await findCard('Vôlei dos Amigos')).getByRole('button', { name: 'Convidar por e-mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Convidar por e-mail' });
    await user.type(within(dialog).getByLabelText('E-mails'), 'bia@exemplo.com.br, nada');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convites' }));
    expect(within(dialog).getByText('E-mail inválido: nada')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('E-mails'));
    await user.type(within(dialog).getByLabelText('E-mails'), 'Bia@exemplo.com.br,\ncaio@exemplo.com.br bia@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar convites' }));
    expect(await within(dialog).findByText('Convidados agora')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/user-games/${game.id}/invitations`).map((call) => call.body)).toEqual([
      { emails: ['bia@exemplo.com.br', 'caio@exemplo.com.br'] },
    ]);
    expect(within(dialog).getByText('bia@exemplo.com.br')).toBeInTheDocument();
    expect(within(dialog).getByText('caio@exemplo.com.br')).toBeInTheDocument();
  });
});

describe('registrations dialog', () => {
  it('retries for real after a failed load, then lists the groups with payment and dates', async () => {
    const game = aUserGame({ name: 'Vôlei de Quinta' });
    const registrations = [
      aRegistration({
        userName: 'Carla Confirmada',
        userEmail: 'carla@exemplo.com.br',
        paymentType: 'credit',
        createdAt: '2026-03-02T15:00:00.000Z',
      }),
      aRegistration({ userName: 'Fábio Por Fora', paymentType: 'external' }),
      aRegistration({ userName: 'Paula Pendente', status: 'pending', paymentType: 'mercadopago' }),
      aRegistration({ userName: 'Caio Cancelado', status: 'cancelled', paymentType: 'stripe', cancelledAt: '2026-03-05T15:00:00.000Z' }),
      aRegistration({ userName: 'Wagner Fila', status: 'waitlist', paymentType: null, waitlistPosition: 1 }),
      aRegistration({
        userName: 'Lia Saiu',
        status: 'cancelled',
        leftWaitlist: true,
        paymentType: null,
        cancelledAt: '2026-03-04T15:00:00.000Z',
      }),
    ];
    let fails = true;
    const { api, user } = await openMyGames({
      'GET /api/user-games': { body: [game] },
      [`GET /api/user-games/${game.id}`]: () =>
        fails
          ? { status: 404, body: { code: 'game_not_found', message: 'Jogo não encontrado.' } }
          : { body: aUserGameDetail(game, registrations) },
    });
    await user.click((await screen.findAllByRole('button', { name: /^Ver inscrições de / }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Inscrições do jogo' });
    expect(await within(dialog).findByText('Erro ao carregar dados do jogo')).toBeInTheDocument();

    fails = false;
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText('Carla Confirmada')).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/user-games/${game.id}`)).toHaveLength(2);

    const group = (name: string) => within(within(dialog).getByRole('region', { name: new RegExp(`^${name}`) }));
    expect(group('Confirmados').getByText('Créditos')).toBeInTheDocument();
    expect(group('Confirmados').getByText('Por fora')).toBeInTheDocument();
    expect(group('Confirmados').getByText('carla@exemplo.com.br')).toBeInTheDocument();
    expect(group('Confirmados').getAllByText(/^Inscrição em/)[0]).toHaveTextContent('Inscrição em 02/03/2026');
    expect(group('Aguardando pagamento').getByText('PIX')).toBeInTheDocument();
    expect(group('Cancelados').getByText('Cartão')).toBeInTheDocument();
    expect(group('Cancelados').getByText(/^Cancelada em/)).toHaveTextContent('Cancelada em 05/03/2026');
    expect(group('Lista de espera').getByText('Wagner Fila')).toBeInTheDocument();
    expect(group('Lista de espera').getByText('1º')).toBeInTheDocument();
    // Leaving the line is its own group, not a cancelled registration.
    expect(group('Cancelados').queryByText('Lia Saiu')).not.toBeInTheDocument();
    expect(group('Saíram da lista de espera').getByText('Lia Saiu')).toBeInTheDocument();
    expect(group('Saíram da lista de espera').getByText(/^Saiu da fila em/)).toHaveTextContent('Saiu da fila em 04/03/2026');
    expect(within(dialog).getByText('Canceladas').closest('div')).toHaveTextContent('1');
    // The places in the one wording every screen uses: taken of the total, then the free ones.
    expect(within(dialog).getByTestId('registrations-places')).toHaveTextContent('9 de 12 vagas ocupadas · 3 livres');

    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the places of a weekly series game as every screen does, the ones held for mensalistas explained', async () => {
    // 12 places: 8 taken, 3 held for mensalistas, 1 free to anyone (the "Vagas livres 1" that used to stand alone).
    const game = aUserGame({ name: 'Racha de Terça', seriesId: 4, registeredPlayers: 8, remainingSlots: 1, memberPlacesFree: 3 });
    const { user } = await openMyGames({
      'GET /api/user-games': { body: [game] },
      [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, []) },
    });
    await screen.findByRole('heading', { name: 'Racha de Terça' });
    const places = card('Racha de Terça');
    expect(places.getByText('8 de 12 vagas ocupadas · 1 livre · 3 guardadas para mensalistas')).toBeInTheDocument();
    await user.click(places.getByRole('button', { name: /^Ver inscrições de / }));
    const dialog = screen.getByRole('dialog', { name: 'Inscrições do jogo' });
    const stats = await within(dialog).findByTestId('registrations-places');
    expect(stats).toHaveTextContent('8 de 12 vagas ocupadas · 1 livre · 3 guardadas para mensalistas');
    expect(stats).toHaveTextContent('só eles podem ocupá-las');
  });

  it('shows Recebimentos to those who organise', async () => {
    await openMyGames({
      'GET /api/user-games': { body: [aUserGame({ name: 'Vôlei de Quinta' })] },
      'GET /api/users/me/payout-key': { body: { payoutKey: null, isOrganiser: true } },
    });
    expect(await screen.findByRole('link', { name: 'Recebimentos' })).toHaveAttribute('href', '/my-games/earnings');
  });

  it('does not show Recebimentos to a player who organises nothing', async () => {
    const { api } = await openMyGames({
      'GET /api/user-games': { body: [] },
      'GET /api/users/me/payout-key': { body: { payoutKey: null, isOrganiser: false } },
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/users/me/payout-key')).toHaveLength(1));
    await screen.findAllByRole('link', { name: /Criar jogo/ });
    expect(screen.queryByRole('link', { name: 'Recebimentos' })).not.toBeInTheDocument();
  });
});
