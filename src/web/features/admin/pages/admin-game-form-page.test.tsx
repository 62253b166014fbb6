import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { admin, aGamePlayer, aSentGamePayload, anAdminGameDetail, aUserGame, meReply, page } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const reference = {
  'GET /api/users/me': meReply(admin),
  'GET /api/games/sports': { body: [{ id: 1, name: 'Vôlei', active: true }] },
  'GET /api/games/states': {
    body: [
      { id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' },
      { id: 25, name: 'São Paulo', uf: 'SP', active: true, timeZone: 'America/Sao_Paulo' },
    ],
  },
  'GET /api/games/cities': (call: { path: string }) => ({
    body: call.path.endsWith('stateId=24')
      ? [{ id: 1, name: 'Florianópolis', stateId: 24, active: true }]
      : [{ id: 2, name: 'Campinas', stateId: 25, active: true }],
  }),
};

/** Where the form goes back to after a save. */
const noGames = { 'GET /api/admin/games': { body: { games: [], ...page([], { pageSize: 20 }) } } };

/** A day a week ahead, as the date input holds it. */
function nextWeek(): string {
  return new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

async function fillRequired(user: UserEvent, date = nextWeek()) {
  await user.type(screen.getByLabelText('Nome do jogo'), '  Vôlei de Quinta  ');
  await user.type(screen.getByLabelText('Local'), 'Ginásio do Estreito');
  await user.type(screen.getByLabelText('Data'), date);
  await user.type(screen.getByLabelText('Horário'), '19:30');
  await user.type(screen.getByLabelText('Preço (R$)'), '15.5');
  await user.type(screen.getByLabelText('Vagas'), '12');
}

describe('admin game form', () => {
  it('keeps the city disabled until a state is chosen, and a new state clears the city and reloads the list', async () => {
    const api = fakeApi(reference);
    const user = userEvent.setup();
    renderApp('/admin/games/new', { token: 'jwt-bia' });
    await findPageHeading('Novo jogo');

    const city = screen.getByLabelText('Cidade');
    expect(city).toBeDisabled();
    await screen.findByRole('option', { name: 'Santa Catarina (SC)' });
    expect(screen.getByText('Selecione um estado primeiro')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    expect(city).toBeEnabled();
    await screen.findByRole('option', { name: 'Florianópolis' });
    await user.selectOptions(city, 'Florianópolis');
    expect(city).toHaveValue('1');

    await user.selectOptions(screen.getByLabelText('Estado'), 'São Paulo (SP)');
    expect(city).toHaveValue('');
    await screen.findByRole('option', { name: 'Campinas' });
    expect(screen.queryByRole('option', { name: 'Florianópolis' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/games/cities').map((call) => call.path)).toEqual([
      '/api/games/cities?stateId=24',
      '/api/games/cities?stateId=25',
    ]);
  });

  it('enables "Publicar imediatamente" only once the required fields (and, for public games, sport, state and city) are filled', async () => {
    fakeApi(reference);
    const user = userEvent.setup();
    renderApp('/admin/games/new', { token: 'jwt-bia' });
    await findPageHeading('Novo jogo');

    const publish = screen.getByLabelText('Publicar imediatamente');
    expect(publish).toBeDisabled();
    await fillRequired(user);
    // Public by default: sport, state and city still missing.
    expect(publish).toBeDisabled();
    await user.click(screen.getByLabelText(/Privado/));
    expect(publish).toBeEnabled();
    await user.click(screen.getByLabelText(/Público/));
    expect(publish).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Esporte'), 'Vôlei');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    await screen.findByRole('option', { name: 'Florianópolis' });
    await user.selectOptions(screen.getByLabelText('Cidade'), 'Florianópolis');
    expect(publish).toBeEnabled();
  }, 15_000);

  it("shows the server's messages: required fields, public place, invalid date; nothing is sent", async () => {
    const api = fakeApi(reference);
    const user = userEvent.setup();
    renderApp('/admin/games/new', { token: 'jwt-bia' });
    await findPageHeading('Novo jogo');
    const create = screen.getByRole('button', { name: 'Criar jogo' });

    await user.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('Preencha os campos obrigatórios: Nome, Local, Data e hora, Vagas');
    expect(screen.getByLabelText('Nome do jogo')).toHaveAttribute('aria-invalid', 'true');

    await fillRequired(user);
    await user.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('Para jogos públicos, preencha: Esporte, Estado, Cidade');

    // A five-digit year is a valid date for the input but not a date and time the game can have.
    await user.click(screen.getByLabelText(/Privado/));
    await user.clear(screen.getByLabelText('Data'));
    await user.type(screen.getByLabelText('Data'), '20266-05-10');
    await user.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('Data ou hora inválida. Verifique os campos de data e hora.');

    await user.clear(screen.getByLabelText('Data'));
    await user.type(screen.getByLabelText('Data'), '2020-05-10');
    await user.click(create);
    expect(screen.getByRole('alert')).toHaveTextContent('A data e hora do jogo devem ser no futuro');
    expect(api.callsTo('POST', '/api/admin/games')).toHaveLength(0);
  }, 15_000);

  it('creates a trimmed payload once, shows a server error, and on success goes to /admin/games', async () => {
    let fail = true;
    let answer: (() => void) | undefined;
    const api = fakeApi({
      ...reference,
      'POST /api/admin/games': async () => {
        // Held until the test lets it through, so a second click lands while the first is on its way.
        await new Promise<void>((resolve) => (answer = resolve));
        return fail
          ? { status: 400, body: { code: 'validation_failed', message: 'Cidade não encontrada, inativa ou de outro estado.' } }
          : { status: 201, body: { message: 'Jogo criado com sucesso!', game: aUserGame() } };
      },
      ...noGames,
    });
    const user = userEvent.setup();
    renderApp('/admin/games/new', { token: 'jwt-bia' });
    await findPageHeading('Novo jogo');
    const date = nextWeek();
    await fillRequired(user, date);
    await user.selectOptions(screen.getByLabelText('Esporte'), 'Vôlei');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    await screen.findByRole('option', { name: 'Florianópolis' });
    await user.selectOptions(screen.getByLabelText('Cidade'), 'Florianópolis');
    await user.type(screen.getByLabelText('Descrição'), '  Nível intermediário.  ');
    await user.click(screen.getByLabelText(/Por fora/));
    await user.click(screen.getByLabelText('Publicar imediatamente'));

    await user.dblClick(screen.getByRole('button', { name: 'Criar jogo' }));
    expect(screen.getByRole('button', { name: 'Criando...' })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByText('Cidade não encontrada, inativa ou de outro estado.')).toBeInTheDocument();
    const posts = api.callsTo('POST', '/api/admin/games');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual(aSentGamePayload({ dateTime: `${date}T19:30`, price: 15.5, description: 'Nível intermediário.' }));

    fail = false;
    answer = undefined;
    await user.click(screen.getByRole('button', { name: 'Criar jogo' }));
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    await findPageHeading('Jogos');
    expect(currentPath()).toBe('/admin/games');
    expect(screen.getByText('Jogo criado com sucesso!')).toBeInTheDocument();
  }, 15_000);
});

describe('admin edit game', () => {
  const game = anAdminGameDetail({
    name: 'Vôlei de Sábado',
    totalSlots: 10,
    dateTime: '2030-06-01T22:00:00.000Z',
    players: [
      aGamePlayer({ id: 41, name: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '48991234567', credits: 12.5, paidAmount: 15 }),
      aGamePlayer({ id: 42, name: 'Bruno Lima', phone: null, status: 'pending', paymentType: 'stripe', paidAmount: 0 }),
    ],
  });
  /** The game a save answers with: the organiser's view, whose players are the "Quem vai" names. */
  const saved = (changes: Partial<typeof game>) => ({
    ...game,
    ...changes,
    players: game.players.map(({ name }) => ({ name, walkIn: false })),
  });

  it('prefills the form in São Paulo time and saves the changes', async () => {
    const api = fakeApi({
      ...reference,
      [`GET /api/admin/games/${game.id}`]: { body: game },
      [`PUT /api/admin/games/${game.id}`]: { body: { message: 'Jogo atualizado com sucesso!', game: saved({ totalSlots: 14 }) } },
      ...noGames,
    });
    const user = userEvent.setup();
    renderApp(`/admin/games/${game.id}`, { token: 'jwt-bia' });
    await screen.findByLabelText('Nome do jogo');

    expect(screen.getByLabelText('Nome do jogo')).toHaveValue('Vôlei de Sábado');
    expect(screen.getByLabelText('Data')).toHaveValue('2030-06-01');
    expect(screen.getByLabelText('Horário')).toHaveValue('19:00');
    await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('1'));
    expect(screen.getByLabelText('Publicado')).toBeChecked();
    expect(screen.queryByLabelText('Publicar imediatamente')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Vagas'));
    await user.type(screen.getByLabelText('Vagas'), '14');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await findPageHeading('Jogos');
    const [put] = api.callsTo('PUT', `/api/admin/games/${game.id}`);
    expect(put!.body).toMatchObject({ totalSlots: 14, dateTime: '2030-06-01T22:00:00.000Z', state: 'published', cityId: 1 });
    expect(screen.getByText('Jogo atualizado com sucesso!')).toBeInTheDocument();
  });

  it('asks before saving a game with players as a draft, and sends it again with confirm once the admin agrees', async () => {
    const question =
      'Despublicar este jogo cancela a inscrição de 2 jogadores, com reembolso integral do que pagaram. Confirme para continuar.';
    const done = 'Jogo atualizado. 2 inscrições canceladas com reembolso integral; os jogadores foram avisados.';
    const api = fakeApi({
      ...reference,
      [`GET /api/admin/games/${game.id}`]: { body: game },
      [`PUT /api/admin/games/${game.id}`]: (call) =>
        (call.body as { confirm?: boolean }).confirm === true
          ? { body: { message: done, game: saved({ publicationState: 'draft' }) } }
          : { status: 409, body: { code: 'confirmation_required', message: question, fields: { confirm: question } } },
      ...noGames,
    });
    const user = userEvent.setup();
    renderApp(`/admin/games/${game.id}`, { token: 'jwt-bia' });
    await screen.findByLabelText('Nome do jogo');
    await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('1'));
    await user.click(screen.getByLabelText('Publicado'));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    const asked = await screen.findByRole('dialog', { name: 'Despublicar o jogo?' });
    expect(asked).toHaveTextContent(question);
    await user.click(within(asked).getByRole('button', { name: 'Despublicar e cancelar inscrições' }));
    await findPageHeading('Jogos');
    expect(screen.getByText(done)).toBeInTheDocument();
    const sent = api.callsTo('PUT', `/api/admin/games/${game.id}`).map((call) => call.body as { state: string; confirm?: boolean });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ state: 'draft' });
    expect(sent[0]).not.toHaveProperty('confirm');
    expect(sent[1]).toMatchObject({ state: 'draft', confirm: true });
  });

  it.each([
    [true, 'R$ 22,00 devolvidos na hora ao cartão/PIX do jogador.'],
    [false, 'O provedor não concluiu o reembolso de R$ 22,00 (cartão/PIX): ficou em Cancelamentos.'],
  ])('says whether a card/PIX refund of a removed player was done at once (%s)', async (refundedAtOnce, text) => {
    fakeApi({
      ...reference,
      [`GET /api/admin/games/${game.id}`]: { body: game },
      [`DELETE /api/admin/games/${game.id}/users/41`]: {
        body: { message: 'Jogador removido com sucesso.', refund: 'request', refundedAmount: 22, refundedAtOnce },
      },
    });
    const user = userEvent.setup();
    renderApp(`/admin/games/${game.id}`, { token: 'jwt-bia' });
    await screen.findByLabelText('Nome do jogo');
    await user.click(screen.getByRole('button', { name: 'Remover Ana Souza' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remover jogador' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('lists the enrolled players and the waitlist, and removes a player after confirming, showing the refund', async () => {
    let removed = false;
    const api = fakeApi({
      ...reference,
      [`GET /api/admin/games/${game.id}`]: () => ({ body: removed ? { ...game, players: game.players.slice(1) } : game }),
      [`DELETE /api/admin/games/${game.id}/users/41`]: () => {
        removed = true;
        return { body: { message: 'Jogador removido com sucesso.', refund: 'credits', refundedAmount: 15, refundedAtOnce: false } };
      },
    });
    const user = userEvent.setup();
    renderApp(`/admin/games/${game.id}`, { token: 'jwt-bia' });
    await screen.findByLabelText('Nome do jogo');

    const enrolled = screen.getByRole('heading', { name: 'Inscritos: 2/10' }).closest('section')!;
    expect(within(enrolled).getByText('(48) 99123-4567 · Créditos: R$ 12,50')).toBeInTheDocument();
    expect(within(enrolled).getByText('Aguardando pagamento')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma pessoa na lista de espera.')).toBeInTheDocument();

    await user.click(within(enrolled).getByRole('button', { name: 'Remover Ana Souza' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover jogador' });
    expect(dialog).toHaveTextContent('Os R$ 15,00 pagos com créditos voltam inteiros para os créditos de Ana Souza, na hora.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('DELETE', `/api/admin/games/${game.id}/users/41`)).toHaveLength(0);

    await user.click(within(enrolled).getByRole('button', { name: 'Remover Ana Souza' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remover jogador' }));
    expect(await screen.findByText('Ana Souza: Jogador removido com sucesso.')).toBeInTheDocument();
    expect(screen.getByText('R$ 15,00 devolvidos aos créditos do jogador.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Inscritos: 1/10' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/admin/games/${game.id}/users/41`)).toHaveLength(1);
  });

  it('removing a player of a game that has started shows the server’s question and sends it again confirmed', async () => {
    const question = 'Este jogo já começou. Confirmando, R$ 15,00 voltam a este jogador. Só confirme se há um bom motivo.';
    const api = fakeApi({
      ...reference,
      [`GET /api/admin/games/${game.id}`]: { body: game },
      [`DELETE /api/admin/games/${game.id}/users/41`]: (call) =>
        (call.body as { confirm?: boolean } | undefined)?.confirm
          ? { body: { message: 'Jogador removido com sucesso.', refund: 'credits', refundedAmount: 15, refundedAtOnce: false } }
          : { status: 409, body: { code: 'confirmation_required', message: question, fields: { confirm: question } } },
    });
    const user = userEvent.setup();
    renderApp(`/admin/games/${game.id}`, { token: 'jwt-bia' });
    await screen.findByLabelText('Nome do jogo');
    await user.click(screen.getByRole('button', { name: 'Remover Ana Souza' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remover jogador' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover jogador' });
    expect(await within(dialog).findByText(question)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar e devolver' }));
    expect(await screen.findByText('Ana Souza: Jogador removido com sucesso.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/admin/games/${game.id}/users/41`).map((call) => call.body)).toEqual([undefined, { confirm: true }]);
  });

  it('says "Jogo não encontrado." with a way back when the game does not exist', async () => {
    fakeApi({
      ...reference,
      'GET /api/admin/games/999': { status: 404, body: { code: 'game_not_found', message: 'Jogo não encontrado.' } },
      ...noGames,
    });
    const user = userEvent.setup();
    renderApp('/admin/games/999', { token: 'jwt-bia' });
    await findPageHeading('Jogo não encontrado.');
    await user.click(screen.getByRole('button', { name: 'Voltar para jogos' }));
    await findPageHeading('Jogos');
  });

  it('shows an update failure from the server', async () => {
    fakeApi({
      ...reference,
      [`GET /api/admin/games/${game.id}`]: { body: game },
      [`PUT /api/admin/games/${game.id}`]: {
        status: 400,
        body: { code: 'slots_below_occupied', message: 'Não é possível reduzir as vagas para menos de 2.' },
      },
    });
    const user = userEvent.setup();
    renderApp(`/admin/games/${game.id}`, { token: 'jwt-bia' });
    await screen.findByLabelText('Nome do jogo');
    await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('1'));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Não é possível reduzir as vagas para menos de 2.')).toBeInTheDocument();
  });
});
