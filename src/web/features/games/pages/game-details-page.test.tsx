import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages';
import { checkoutNavigation } from '../../../lib/checkout-redirect';
import { fakeApi } from '../../../test/fake-api';
import { stubEventSource } from '../../../test/fake-event-source';
import { aGame, aPlayerGame, authConfig, hoursFromNow, meReply, player } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const phoneNotice = 'Informe seu telefone para continuar com a inscrição.';

function details(game: ReturnType<typeof aPlayerGame>, user = player, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({ 'GET /api/users/me': meReply(user), [`GET /api/games/${game.id}`]: { body: game }, ...extra });
}

describe('game details', () => {
  it('shows the game: date, place, address, price, slots, sport, city, map and description', async () => {
    const game = aPlayerGame({ name: 'Vôlei de Quinta', price: 15, remainingSlots: 3, totalSlots: 12, address: 'Rua Santos Saraiva, 500' });
    details(game);
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei de Quinta');

    // In the game's facts and again in the credit summary above the apply button.
    expect(screen.getAllByText('R$ 15,00')).toHaveLength(2);
    expect(screen.getByText('9 de 12 vagas ocupadas · 3 livres')).toBeInTheDocument();
    expect(screen.getByText('Vôlei')).toBeInTheDocument();
    expect(screen.getByText('Florianópolis/SC')).toBeInTheDocument();
    expect(screen.getByText('Rua Santos Saraiva, 500')).toBeInTheDocument();
    // Named for a screen reader by the place it shows.
    const map = screen.getByTitle('Mapa do local: Ginásio do Estreito, Rua Santos Saraiva, 500');
    expect(map).toHaveAccessibleName('Mapa do local: Ginásio do Estreito, Rua Santos Saraiva, 500');
    expect(map).toHaveAttribute('src', 'https://maps.google.com/maps?q=Rua%20Santos%20Saraiva%2C%20500&output=embed');
    expect(map).toHaveAttribute('loading', 'lazy');
    // Google never learns which page of ours (a private game's link is in its URL) showed the map.
    expect(map).toHaveAttribute('referrerpolicy', 'no-referrer');
    const mapsLink = screen.getByRole('link', { name: /Abrir no Google Maps/ });
    expect(mapsLink).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=Rua%20Santos%20Saraiva%2C%20500');
    expect(mapsLink).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(screen.getByText('Vôlei misto.')).toBeInTheDocument();
  });

  it('adds the game to a calendar: its .ics file and Google Calendar with the same two hours', async () => {
    const game = aPlayerGame({ name: 'Vôlei de Quinta', dateTime: '2030-03-14T22:30:00.000Z', location: 'Arena Sul', address: 'Rua A, 1' });
    details(game);
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei de Quinta');

    const section = within(screen.getByRole('region', { name: 'Adicionar à agenda' }));
    const file = section.getByRole('link', { name: 'Baixar arquivo da agenda (.ics)' });
    expect(file).toHaveAttribute('href', `/api/games/${game.id}/calendar.ics`);
    expect(file).toHaveAttribute('download', `jogo-${game.id}.ics`);
    const google = new URL(section.getByRole('link', { name: /Google Agenda/ }).getAttribute('href')!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Vôlei de Quinta',
      dates: '20300314T223000Z/20300315T003000Z',
      location: 'Arena Sul, Rua A, 1',
      details: `${window.location.origin}/apply/${game.id}`,
    });
  });

  it('offers no calendar for a cancelled game', async () => {
    const game = aPlayerGame({ name: 'Jogo cancelado', status: 'cancelled', registrationType: 'cancelled' });
    details(game);
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading('Jogo cancelado');
    expect(screen.queryByRole('region', { name: 'Adicionar à agenda' })).not.toBeInTheDocument();
  });

  it('tells a visitor a cancelled game was cancelled, with the reason, and offers no sign-in to join it', async () => {
    const game = aGame({ name: 'Vôlei suspenso', status: 'cancelled', cancelReason: 'Quadra interditada' });
    fakeApi({ [`GET /api/games/${game.id}`]: { body: game } });
    renderApp(`/apply/${game.id}`);
    await findPageHeading('Vôlei suspenso');
    expect(screen.getByRole('status')).toHaveTextContent('Este jogo foi cancelado.Motivo: Quadra interditada');
    expect(screen.queryByRole('link', { name: 'Entrar para participar' })).not.toBeInTheDocument();
  });

  it('says "Jogo não encontrado" to a visitor for an unknown game', async () => {
    fakeApi({
      'GET /api/games/424242': {
        status: 404,
        body: { code: 'game_not_found', message: 'Jogo não encontrado ou não está disponível para inscrição' },
      },
    });
    renderApp('/apply/424242');
    expect(await screen.findByRole('heading', { name: /Jogo não encontrado/ })).toBeInTheDocument();
  });

  it('back from a cancelled checkout: ends the payment, says the place was freed and drops the id from the address', async () => {
    const game = aPlayerGame({ name: 'Vôlei pendente' });
    const api = details(game, player, {
      [`POST /api/games/${game.id}/cancel-checkout`]: { body: { status: 'released', message: messages.checkoutCancelled.released } },
    });
    renderApp(`/apply/${game.id}?cancelado=pay_abc`, { token: 'jwt-ana' });
    await findPageHeading('Vôlei pendente');
    expect(await screen.findByText(messages.checkoutCancelled.released)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/games/${game.id}/cancel-checkout`)).toEqual([
      expect.objectContaining({ body: { session_id: 'pay_abc' } }),
    ]);
    await waitFor(() => expect(currentPath()).toBe(`/apply/${game.id}`));
  });

  it('keeps the places live: a change on the stream shows without a reload', async () => {
    const sources = stubEventSource();
    const game = aPlayerGame({ remainingSlots: 3, totalSlots: 12 });
    details(game);
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);
    expect(screen.getByText('9 de 12 vagas ocupadas · 3 livres')).toBeInTheDocument();

    act(() => sources.at(`/api/games/${game.id}/events`)[0]!.send({ remainingSlots: 1, waitlistCount: 0 }));
    expect(await screen.findByText('11 de 12 vagas ocupadas · 1 livre')).toBeInTheDocument();
  });

  it('says the places held for mensalistas beside the free ones, and why they are held', async () => {
    // A visitor: no mensalista of the series, so the held places are not theirs.
    const game = aGame({ seriesId: 4, remainingSlots: 1, memberPlacesFree: 3, totalSlots: 12 });
    fakeApi({ ...authConfig, [`GET /api/games/${game.id}`]: { body: game } });
    renderApp(`/apply/${game.id}`);
    await findPageHeading(game.name);
    expect(screen.getByText('8 de 12 vagas ocupadas · 1 livre · 3 guardadas para mensalistas')).toBeInTheDocument();
    expect(screen.getByText(/só eles podem ocupá-las/)).toBeInTheDocument();
    // "Quem vai" says the places taken in the same words.
    expect(within(screen.getByRole('region', { name: 'Quem vai' })).getByText('8 de 12 vagas ocupadas')).toBeInTheDocument();
  });

  it('in red only when no place is left: a game whose only free places are held for mensalistas reads so, in amber', async () => {
    const held = aGame({ seriesId: 4, remainingSlots: 0, memberPlacesFree: 3, totalSlots: 12 });
    fakeApi({ ...authConfig, [`GET /api/games/${held.id}`]: { body: held } });
    renderApp(`/apply/${held.id}`);
    await findPageHeading(held.name);
    const places = screen.getByText('9 de 12 vagas ocupadas · nenhuma livre · 3 guardadas para mensalistas');
    expect(places).not.toHaveClass('text-red-700');
    expect(places).toHaveClass('text-amber-800');
    expect(screen.getByText('Só vagas de mensalistas')).toBeInTheDocument();
    expect(screen.queryByText('Lotado')).not.toBeInTheDocument();
  });

  it('in red once no place at all is left', async () => {
    const full = aGame({ remainingSlots: 0, totalSlots: 12 });
    fakeApi({ ...authConfig, [`GET /api/games/${full.id}`]: { body: full } });
    renderApp(`/apply/${full.id}`);
    await findPageHeading(full.name);
    expect(screen.getByText('12 de 12 vagas ocupadas · nenhuma livre')).toHaveClass('text-red-700');
    expect(screen.getByText('Lotado')).toBeInTheDocument();
  });

  it('once the game started, reads Em andamento and only the places taken, none free to take', async () => {
    const game = aPlayerGame({ remainingSlots: 2, totalSlots: 8, dateTime: hoursFromNow(-0.5) });
    details(game);
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);
    expect(screen.getByText('Em andamento')).toBeInTheDocument();
    expect(screen.getAllByText('6 de 8 vagas ocupadas').length).toBeGreaterThan(0);
    expect(screen.queryByText(/\blivres?\b/)).not.toBeInTheDocument();
  });

  it('disables every apply button without a phone and says why', async () => {
    const game = aPlayerGame();
    details(game, { ...player, phone: null });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    // The phone modal opens by itself; the player closes it and looks at the game.
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await findPageHeading(game.name);

    expect(screen.getByText(phoneNotice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Informar telefone no perfil' })).toHaveAttribute(
      'href',
      `/profile?voltar=%2Fapply%2F${game.id}`,
    );
    expect(screen.getByRole('button', { name: 'Pagar com créditos' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pagar com cartão' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pagar com PIX' })).toBeDisabled();
  });

  it('disables credits with Saldo insuficiente when the balance is below the price', async () => {
    const game = aPlayerGame({ price: 30 });
    details(game, { ...player, credits: 25.5 });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    const credit = screen.getByRole('button', { name: 'Pagar com créditos' });
    expect(credit).toBeDisabled();
    expect(credit).toHaveAccessibleDescription(/Saldo insuficiente/);
    expect(screen.getByText('Saldo insuficiente')).toBeInTheDocument();
    // The detour to buy credits offers the way back to this game.
    expect(screen.getByRole('link', { name: 'Adicionar créditos' })).toHaveAttribute('href', `/add-credit?voltar=%2Fapply%2F${game.id}`);
    expect(screen.getByRole('button', { name: 'Pagar com cartão' })).toBeEnabled();
    expect(screen.queryByText(phoneNotice)).not.toBeInTheDocument();
  });

  it('pays with credits, refreshes the balance and goes to the confirmation', async () => {
    const game = aPlayerGame({ price: 15 });
    let balance = 25.5;
    const api = fakeApi({
      'GET /api/users/me': () => meReply({ ...player, credits: balance }),
      [`GET /api/games/${game.id}`]: { body: game },
      [`POST /api/games/${game.id}/apply`]: () => {
        balance = 10.5;
        return {
          body: {
            message: 'Inscrição realizada com sucesso!',
            waitlisted: false,
            registrationType: 'confirmed',
            paymentType: 'credit',
            amountCharged: 15,
            credits: 10.5,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);
    expect(screen.getAllByText('R$ 25,50').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Pagar com créditos' }));
    await findPageHeading('Inscrição realizada com sucesso!');
    expect(currentPath()).toBe(`/confirmation/${game.id}`);
    expect(api.callsTo('POST', `/api/games/${game.id}/apply`)[0]?.body).toEqual({ paymentType: 'credit' });
    // The header's balance follows the charge.
    await waitFor(() => expect(screen.getAllByText('R$ 10,50').length).toBeGreaterThan(0));
    expect(screen.getByRole('link', { name: 'Ver meu perfil' })).toHaveAttribute('href', '/profile');
  });

  /** Ana, with R$ 25,50 in credits, opens the apply page of a R$ 15 game whose credit apply confirms her. */
  async function openCreditApply(game: ReturnType<typeof aPlayerGame>) {
    const api = details(
      game,
      { ...player, credits: 25.5 },
      {
        [`POST /api/games/${game.id}/apply`]: {
          body: {
            message: 'Inscrição realizada com sucesso!',
            waitlisted: false,
            registrationType: 'confirmed',
            paymentType: 'credit',
            amountCharged: 15,
            credits: 10.5,
          },
        },
      },
    );
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);
    return api;
  }

  it('shows the amount, the balance after and the refund rule before charging credits', async () => {
    const game = aPlayerGame({ price: 15, dateTime: '2030-01-20T22:00:00.000Z' });
    const api = await openCreditApply(game);
    const user = userEvent.setup();

    const credit = screen.getByRole('button', { name: 'Pagar com créditos' });
    const rule =
      'Se você precisar cancelar ' +
      'Cancelando até 18/01/2030 às 19:00 (48 horas antes do jogo), o valor volta: em créditos, na hora; no cartão ou por PIX, ' +
      'em até 7 dias úteis, num pedido que a administração do Bora Jogar processa. Depois disso, sem reembolso. ' +
      'Se o organizador cancelar o jogo ou tirar você da lista, o valor volta inteiro na hora, pela forma de pagamento que você usou.';
    expect(credit).toHaveAccessibleDescription(`Valor R$ 15,00 Saldo depois R$ 10,50 ${rule}`);
    // The same rule stands before the card and the PIX buttons.
    expect(screen.getByRole('button', { name: 'Pagar com cartão' })).toHaveAccessibleDescription(rule);
    expect(screen.getByRole('button', { name: 'Pagar com PIX' })).toHaveAccessibleDescription(rule);
    // Two days or more ahead: one click charges, no question asked.
    await user.click(credit);
    await findPageHeading('Inscrição realizada com sucesso!');
    expect(api.callsTo('POST', `/api/games/${game.id}/apply`)).toHaveLength(1);
  });

  it('works the balance after in centavos: R$ 0,30 less R$ 0,10 is R$ 0,20', async () => {
    const game = aPlayerGame({ price: 0.1, dateTime: '2030-01-20T22:00:00.000Z' });
    details(game, { ...player, credits: 0.3 });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);
    expect(screen.getByRole('button', { name: 'Pagar com créditos' })).toHaveAccessibleDescription(
      expect.stringMatching(/^Valor R\$ 0,10 Saldo depois R\$ 0,20 /),
    );
    expect(screen.getByText(/Seu saldo:/)).toHaveTextContent(/^Seu saldo: R\$ 0,30$/);
  });

  it('lets a balance of exactly the price pay, leaving R$ 0,00', async () => {
    const game = aPlayerGame({ price: 0.3, dateTime: '2030-01-20T22:00:00.000Z' });
    details(game, { ...player, credits: 0.3 });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);
    const credit = screen.getByRole('button', { name: 'Pagar com créditos' });
    expect(credit).toBeEnabled();
    expect(credit).toHaveAccessibleDescription(expect.stringMatching(/^Valor R\$ 0,30 Saldo depois R\$ 0,00 /));
  });

  it('inside the last 48 hours, says there is no refund and asks before charging credits', async () => {
    const game = aPlayerGame({ price: 15, dateTime: hoursFromNow(47) });
    const api = await openCreditApply(game);
    const user = userEvent.setup();

    expect(screen.getByText('Sem reembolso se você cancelar')).toBeInTheDocument();
    expect(
      screen.getByText('Faltam menos de 48 horas para o jogo: se você cancelar, o valor não volta, pague com créditos, cartão ou PIX.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar com créditos' }));
    let dialog = screen.getByRole('dialog', { name: 'Pagar sem direito a reembolso?' });
    expect(dialog).toHaveTextContent(
      `Faltam menos de 48 horas para ${game.name}: se você cancelar depois, os R$ 15,00 não voltam para os seus créditos.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `/api/games/${game.id}/apply`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pagar com créditos' }));
    dialog = screen.getByRole('dialog', { name: 'Pagar sem direito a reembolso?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pagar R$ 15,00 com créditos' }));
    await findPageHeading('Inscrição realizada com sucesso!');
    expect(api.callsTo('POST', `/api/games/${game.id}/apply`)[0]?.body).toEqual({ paymentType: 'credit' });
  });

  it('inside the last 48 hours, card and PIX ask the same question before going to the checkout', async () => {
    const game = aPlayerGame({ price: 15, dateTime: hoursFromNow(47) });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const api = details(game, player, {
      [`POST /api/games/${game.id}/apply`]: {
        body: {
          message: 'Vaga reservada: conclua o pagamento.',
          waitlisted: false,
          registrationType: 'pending',
          paymentType: 'mercadopago',
          amountCharged: 0,
          credits: 25.5,
          initPoint: 'https://mercadopago.example/checkout/1',
          sandboxInitPoint: 'http://localhost/sandbox/checkout/1',
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    await user.click(screen.getByRole('button', { name: 'Pagar com cartão' }));
    let dialog = screen.getByRole('dialog', { name: 'Pagar sem direito a reembolso?' });
    expect(dialog).toHaveTextContent(
      `Faltam menos de 48 horas para ${game.name}: se você cancelar depois, os R$ 15,00 pagos no cartão não são devolvidos.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));
    dialog = screen.getByRole('dialog', { name: 'Pagar sem direito a reembolso?' });
    expect(dialog).toHaveTextContent(
      `Faltam menos de 48 horas para ${game.name}: se você cancelar depois, os R$ 15,00 pagos por PIX não são devolvidos.`,
    );
    expect(api.callsTo('POST', `/api/games/${game.id}/apply`)).toHaveLength(0);
    expect(go).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Pagar R$ 15,00 com PIX' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/sandbox/checkout/1'));
    expect(api.callsTo('POST', `/api/games/${game.id}/apply`).map((call) => call.body)).toEqual([{ paymentType: 'mercadopago' }]);
    go.mockRestore();
  });

  it('goes to the waitlist page when the reply says waitlisted', async () => {
    const game = aPlayerGame({ usePlatformPayment: false });
    details(game, player, {
      [`POST /api/games/${game.id}/apply`]: {
        body: {
          message: 'Adicionado à lista de espera',
          waitlisted: true,
          registrationType: 'waitlist',
          paymentType: null,
          amountCharged: 0,
          credits: 25.5,
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    expect(screen.getByText('O organizador cobrará por fora. Combine diretamente com ele após a inscrição.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar com créditos' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar inscrição' }));
    await findPageHeading('Adicionado à lista de espera');
    expect(currentPath()).toBe(`/waitlist/${game.id}`);
  });

  it('shows the server message when the checkout cannot be started, and stays on the game', async () => {
    const game = aPlayerGame();
    details(game, player, {
      [`POST /api/games/${game.id}/apply`]: { status: 503, body: { code: 'checkout_failed', message: messages.pixCheckoutFailed } },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.pixCheckoutFailed);
    expect(currentPath()).toBe(`/apply/${game.id}`);
  });

  it('sends the browser to the checkout page when paying by card or PIX', async () => {
    const game = aPlayerGame();
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const api = details(game, player, {
      [`POST /api/games/${game.id}/apply`]: {
        body: {
          message: 'Vaga reservada: conclua o pagamento.',
          waitlisted: false,
          registrationType: 'pending',
          paymentType: 'mercadopago',
          amountCharged: 0,
          credits: 25.5,
          initPoint: 'https://mercadopago.example/checkout/1',
          sandboxInitPoint: 'http://localhost/sandbox/checkout/1',
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    await user.click(screen.getByRole('button', { name: 'Pagar com PIX' }));
    // On a local host the sandbox checkout is used (spec: players §7).
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/sandbox/checkout/1'));
    expect(api.callsTo('POST', `/api/games/${game.id}/apply`)[0]?.body).toEqual({ paymentType: 'mercadopago' });
    expect(currentPath()).toBe(`/apply/${game.id}`);
    go.mockRestore();
  });

  it('offers the waitlist on a full game and goes to the waitlist page', async () => {
    const game = aPlayerGame({ remainingSlots: 0 });
    const api = details(game, player, {
      [`POST /api/games/${game.id}/waitlist`]: { body: { message: 'Adicionado à lista de espera', waitlisted: true, position: 3 } },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    expect(screen.queryByRole('button', { name: 'Pagar com créditos' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entrar na lista de espera' }));
    await findPageHeading('Adicionado à lista de espera');
    expect(api.callsTo('POST', `/api/games/${game.id}/waitlist`)).toHaveLength(1);
  });

  it('states a credit refund before cancelling 48 hours or more ahead, then goes to the profile', async () => {
    const game = aPlayerGame({
      dateTime: hoursFromNow(72),
      price: 15,
      registrationType: 'confirmed',
      paymentType: 'credit',
      userRegistration: { isRegistered: true, isOnWaitlist: false },
    });
    const api = details(game, player, {
      [`POST /api/games/${game.id}/cancel`]: {
        body: {
          message: 'Inscrição cancelada com sucesso. R$ 15,00 voltaram para os seus créditos.',
          refund: 'credits',
          refundedAmount: 15,
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    await user.click(screen.getByRole('button', { name: 'Cancelar inscrição' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar inscrição?' });
    expect(dialog).toHaveTextContent('Reembolso: R$ 15,00 voltam para os seus créditos na hora.');
    expect(api.callsTo('POST', `/api/games/${game.id}/cancel`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar inscrição' }));
    await findPageHeading('Meu perfil');
    expect(screen.getByText('Inscrição cancelada com sucesso. R$ 15,00 voltaram para os seus créditos.')).toBeInTheDocument();
  });

  it('says there is no refund under 48 hours, and a card or PIX refund is a request the administration makes', async () => {
    const late = aPlayerGame({ dateTime: hoursFromNow(47), registrationType: 'confirmed', paymentType: 'credit' });
    details(late);
    const user = userEvent.setup();
    const { unmount } = renderApp(`/apply/${late.id}`, { token: 'jwt-ana' });
    await findPageHeading(late.name);
    await user.click(screen.getByRole('button', { name: 'Cancelar inscrição' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Sem reembolso: faltam menos de 48 horas para o jogo.');
    unmount();

    const card = aPlayerGame({ dateTime: hoursFromNow(49), price: 20, registrationType: 'confirmed', paymentType: 'stripe' });
    details(card);
    renderApp(`/apply/${card.id}`, { token: 'jwt-ana' });
    await findPageHeading(card.name);
    await user.click(screen.getByRole('button', { name: 'Cancelar inscrição' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Reembolso: R$ 20,00 voltam para o seu cartão em até 7 dias úteis: o pedido vai para a administração do Bora Jogar, que faz o estorno.',
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Voltar' }));

    const pix = aPlayerGame({ dateTime: hoursFromNow(49), price: 20, registrationType: 'confirmed', paymentType: 'mercadopago' });
    details(pix);
    renderApp(`/apply/${pix.id}`, { token: 'jwt-ana' });
    await findPageHeading(pix.name);
    await user.click(screen.getByRole('button', { name: 'Cancelar inscrição' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Reembolso: R$ 20,00 voltam por PIX em até 7 dias úteis: o pedido vai para a administração do Bora Jogar, que faz a devolução.',
    );
  });

  it('shows the waiting message with the position and links for a waitlisted player', async () => {
    const game = aPlayerGame({
      remainingSlots: 0,
      registrationType: 'waitlist',
      waitlistPosition: 2,
      userRegistration: { isRegistered: false, isOnWaitlist: true },
    });
    details(game);
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    expect(screen.getByText('Você está na lista de espera')).toBeInTheDocument();
    expect(screen.getByText('Posição na fila: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver meu perfil' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Ver outros jogos' })).toHaveAttribute('href', '/games');
    expect(screen.getByRole('button', { name: 'Sair da lista de espera' })).toBeInTheDocument();
  });

  it('shows the awaiting-payment message with the deadline for a pending player', async () => {
    const game = aPlayerGame({ registrationType: 'pending', paymentDeadline: '2030-01-10T20:30:00.000Z' });
    details(game);
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    expect(screen.getByText('Aguardando pagamento')).toBeInTheDocument();
    expect(screen.getByText(/Abriu uma vaga e ela está reservada para você/)).toBeInTheDocument();
    expect(screen.getByText(/passa para o próximo da fila/)).toBeInTheDocument();
    expect(screen.getByText(/10\/01\/2030 às/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar inscrição' })).toBeInTheDocument();
  });

  it('speaks of a direct application when they come back from a card or PIX checkout they left', async () => {
    const game = aPlayerGame({ registrationType: 'pending', paymentType: 'stripe', paymentDeadline: '2030-01-10T20:30:00.000Z' });
    details(game);
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await findPageHeading(game.name);

    expect(screen.getByText(/Sua vaga está reservada enquanto o pagamento não é concluído/)).toBeInTheDocument();
    expect(screen.getByText(/a inscrição é cancelada e a vaga fica livre/)).toBeInTheDocument();
    expect(screen.queryByText(/Abriu uma vaga|fila/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar inscrição' })).toBeInTheDocument();
  });

  it('shows the not-found screen with a way back to /games', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/games/999': {
        status: 404,
        body: { code: 'game_not_found', message: 'Jogo não encontrado ou não está disponível para inscrição' },
      },
    });
    renderApp('/apply/999', { token: 'jwt-ana' });
    await findPageHeading('Jogo não encontrado ou não está disponível para inscrição');
    expect(screen.getByRole('link', { name: 'Voltar para os jogos' })).toHaveAttribute('href', '/games');
  });

  it('shows Erro ao carregar dados do jogo when the load fails', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player), 'GET /api/games/5': 'network-error' });
    renderApp('/apply/5', { token: 'jwt-ana' });
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Erro ao carregar dados do jogo');
  }, 15_000);
});
