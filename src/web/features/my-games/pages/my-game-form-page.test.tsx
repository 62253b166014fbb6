import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { aSentGamePayload, aUserGame, aUserGameDetail, meReply, player } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';
import { dayIn } from '../../../components/games/game-form-values';

const DAY_MS = 24 * 60 * 60 * 1000;
const inAWeek = () => dayIn(new Date(Date.now() + 7 * DAY_MS), 'America/Sao_Paulo');

/** Date and time, as typed into the two inputs. */
function setWhen(date: string, time = '19:00') {
  fireEvent.change(screen.getByLabelText('Data'), { target: { value: date } });
  fireEvent.change(screen.getByLabelText('Horário'), { target: { value: time } });
}

const citiesOf: Record<string, Array<{ id: number; name: string; stateId: number; active: boolean }>> = {
  '24': [
    { id: 1, name: 'Florianópolis', stateId: 24, active: true },
    { id: 2, name: 'Joinville', stateId: 24, active: true },
  ],
  '18': [{ id: 9, name: 'Curitiba', stateId: 18, active: true }],
};

const reference = {
  'GET /api/users/me': meReply(player),
  'GET /api/notifications/unread-count': { body: { count: 0 } },
  'GET /api/games/sports': { body: [{ id: 1, name: 'Vôlei', active: true }] },
  'GET /api/games/states': {
    body: [
      { id: 18, name: 'Paraná', uf: 'PR', active: true, timeZone: 'America/Sao_Paulo' },
      { id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' },
    ],
  },
  'GET /api/games/cities': (call: { path: string }) => ({
    body: citiesOf[new URL(call.path, 'http://x').searchParams.get('stateId') ?? ''] ?? [],
  }),
};

async function openForm(path: string, routes: Parameters<typeof fakeApi>[0] = {}, heading = 'Criar jogo') {
  const api = fakeApi({ ...reference, ...routes });
  const user = userEvent.setup();
  renderApp(path, { token: 'jwt-ana' });
  await findPageHeading(heading);
  return { api, user };
}

const submit = () => screen.getByRole('button', { name: 'Criar jogo' });

describe('my game form', { timeout: 15_000 }, () => {
  it("lists the missing required fields with the server's words and sends nothing", async () => {
    const { api, user } = await openForm('/my-games/new');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha os campos obrigatórios: Nome, Local, Data e hora, Vagas');
    expect(screen.getByLabelText('Nome do jogo')).toHaveAccessibleDescription('Campo obrigatório');
    expect(api.callsTo('POST', '/api/user-games')).toHaveLength(0);

    // Fixing fields updates the summary: only what is still missing is listed.
    await user.type(screen.getByLabelText('Nome do jogo'), 'Vôlei de Quinta');
    await user.type(screen.getByLabelText('Local'), 'Ginásio do Estreito');
    expect(screen.getByRole('alert')).toHaveTextContent('Preencha os campos obrigatórios: Data e hora, Vagas');
    expect(screen.getByLabelText('Nome do jogo')).not.toHaveAccessibleDescription('Campo obrigatório');
  });

  it('says the description is text whose line breaks are kept, never asking for HTML', async () => {
    await openForm('/my-games/new');
    const description = screen.getByLabelText('Descrição');
    expect(description).toHaveAccessibleDescription(
      'Escreva como numa mensagem: as quebras de linha aparecem como você digitou, e uma linha em branco começa outro parágrafo.',
    );
    expect(screen.queryByText(/HTML/)).not.toBeInTheDocument();
  });

  it('asks a public game for sport, state and city (only those missing); a private one does not', async () => {
    const { api, user } = await openForm('/my-games/new', {
      'POST /api/user-games': {
        status: 201,
        body: { message: 'Jogo criado com sucesso!', game: aUserGame({ visibility: 'private', publicationState: 'draft' }) },
      },
    });
    await user.type(screen.getByLabelText('Nome do jogo'), 'Vôlei de Quinta');
    await user.type(screen.getByLabelText('Local'), 'Ginásio do Estreito');
    setWhen(inAWeek());
    await user.type(screen.getByLabelText('Vagas'), '12');
    await user.click(screen.getByLabelText('Gratuito'));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Para jogos públicos, preencha: Esporte, Estado, Cidade');

    await user.selectOptions(await screen.findByLabelText('Esporte'), 'Vôlei');
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Para jogos públicos, preencha: Estado, Cidade'));
    expect(screen.getByRole('alert')).not.toHaveTextContent('Esporte');

    await user.click(screen.getByLabelText('Privado (apenas por link)'));
    expect(screen.getByLabelText('Estado (opcional)')).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(api.callsTo('POST', '/api/user-games')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user-games')[0]!.body).toMatchObject({
      visibility: 'private',
      sportId: 1,
      stateId: null,
      cityId: null,
      price: 0,
      free: true,
      totalSlots: 12,
      state: 'draft',
    });
  });

  it('checks the price as the server does and sends it in reais, exact to the centavo', async () => {
    const { api, user } = await openForm('/my-games/new', {
      'POST /api/user-games': {
        status: 201,
        body: { message: 'Jogo criado com sucesso!', game: aUserGame({ visibility: 'private', publicationState: 'draft' }) },
      },
    });
    await user.type(screen.getByLabelText('Nome do jogo'), 'Vôlei de Quinta');
    await user.type(screen.getByLabelText('Local'), 'Ginásio do Estreito');
    await user.click(screen.getByLabelText('Privado (apenas por link)'));
    setWhen(inAWeek());
    await user.type(screen.getByLabelText('Vagas'), '12');
    const price = screen.getByLabelText('Preço (R$)');
    await user.type(price, '10.555');
    await user.click(submit());
    await waitFor(() => expect(price).toHaveAccessibleDescription('Use no máximo duas casas decimais.'));
    expect(api.callsTo('POST', '/api/user-games')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '4.35');
    await user.click(submit());
    await waitFor(() => expect(api.callsTo('POST', '/api/user-games')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user-games')[0]!.body).toMatchObject({ price: 4.35, totalSlots: 12 });
  });

  it('wants a date and time in the future', async () => {
    const { api, user } = await openForm('/my-games/new');
    await user.type(screen.getByLabelText('Nome do jogo'), 'Vôlei de Quinta');
    await user.type(screen.getByLabelText('Local'), 'Ginásio do Estreito');
    await user.type(screen.getByLabelText('Vagas'), '51');
    setWhen('2020-01-10');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('A data e hora do jogo devem ser no futuro');
    expect(screen.getByLabelText('Data')).toHaveAccessibleDescription('A data e hora do jogo devem ser no futuro');
    expect(screen.getByLabelText('Vagas')).toHaveAccessibleDescription('O número de vagas deve ser entre 1 e 50.');
    expect(api.callsTo('POST', '/api/user-games')).toHaveLength(0);
  });

  it('keeps Cidade disabled until a state is chosen, and clears it when the state changes', async () => {
    const { api, user } = await openForm('/my-games/new');
    const city = screen.getByLabelText('Cidade');
    expect(city).toBeDisabled();
    expect(city).toHaveAccessibleDescription('Selecione um estado primeiro');

    await user.selectOptions(await screen.findByLabelText('Estado'), 'Santa Catarina (SC)');
    await waitFor(() => expect(screen.getByLabelText('Cidade')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Cidade'), await screen.findByRole('option', { name: 'Joinville' }));
    expect(screen.getByLabelText('Cidade')).toHaveValue('2');

    await user.selectOptions(screen.getByLabelText('Estado'), 'Paraná (PR)');
    expect(screen.getByLabelText('Cidade')).toHaveValue('');
    expect(await screen.findByRole('option', { name: 'Curitiba' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Joinville' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/games/cities').map((call) => call.path)).toEqual([
      '/api/games/cities?stateId=24',
      '/api/games/cities?stateId=18',
    ]);

    // Back to the first state: its cities are there again, but the old choice is gone.
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    expect(await screen.findByRole('option', { name: 'Joinville' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cidade')).toHaveValue('');
  });

  it('an empty price asks for a price or "Gratuito" (no value shown in the empty field); ticked, creates a free published game, then goes back to /my-games', async () => {
    const { api, user } = await openForm('/my-games/new', {
      'POST /api/user-games': { status: 201, body: { message: 'Jogo criado com sucesso!', game: aUserGame() } },
      'GET /api/user-games': { body: [] },
    });
    const when = inAWeek();
    await user.type(screen.getByLabelText('Nome do jogo'), '  Vôlei de Quinta ');
    await user.type(screen.getByLabelText('Local'), 'Ginásio do Estreito');
    await user.selectOptions(await screen.findByLabelText('Esporte'), 'Vôlei');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    await user.selectOptions(screen.getByLabelText('Cidade'), await screen.findByRole('option', { name: 'Florianópolis' }));
    setWhen(when, '19:30');
    await user.type(screen.getByLabelText('Vagas'), '12');
    await user.click(screen.getByLabelText('Por fora (combinar diretamente)'));
    expect(screen.getByText(/combinar o pagamento diretamente com o organizador/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Publicar imediatamente'));
    expect(screen.getByLabelText('Preço (R$)')).not.toHaveAttribute('placeholder');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe o preço ou marque Gratuito');
    expect(screen.getByLabelText('Preço (R$)')).toHaveAccessibleDescription(/Informe o preço ou marque Gratuito/);
    expect(api.callsTo('POST', '/api/user-games')).toHaveLength(0);

    await user.click(screen.getByLabelText('Gratuito'));
    await user.click(submit());
    expect(await screen.findByText('Jogo criado com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user-games')[0]!.body).toEqual(
      aSentGamePayload({ dateTime: `${when}T19:30`, price: 0, free: true, description: '' }),
    );
    expect(currentPath()).toBe('/my-games/new');
    await findPageHeading('Meus jogos');
    expect(currentPath()).toBe('/my-games');
  });

  it("shows the server's field errors under the fields", async () => {
    const { user } = await openForm('/my-games/new', {
      'POST /api/user-games': {
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'Cidade não encontrada, inativa ou de outro estado.',
          fields: { cityId: 'Cidade não encontrada, inativa ou de outro estado.' },
        },
      },
    });
    await user.type(screen.getByLabelText('Nome do jogo'), 'Vôlei');
    await user.type(screen.getByLabelText('Local'), 'Ginásio');
    await user.selectOptions(await screen.findByLabelText('Esporte'), 'Vôlei');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    await user.selectOptions(screen.getByLabelText('Cidade'), await screen.findByRole('option', { name: 'Florianópolis' }));
    setWhen(inAWeek());
    await user.type(screen.getByLabelText('Vagas'), '10');
    await user.type(screen.getByLabelText('Preço (R$)'), '12');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cidade não encontrada, inativa ou de outro estado.');
    expect(screen.getByLabelText('Cidade')).toHaveAccessibleDescription('Cidade não encontrada, inativa ou de outro estado.');
  });

  it('says when the reference data cannot be loaded', async () => {
    await openForm('/my-games/new', { 'GET /api/games/states': { status: 403, body: { code: 'forbidden', message: 'Acesso negado.' } } });
    expect(await screen.findByText('Erro ao carregar dados de referência')).toBeInTheDocument();
  });
});

describe('editing my game', () => {
  it("prefills from GET /user-games/{id} and saves with PUT, keeping the game's own date", async () => {
    const game = aUserGame({
      name: 'Vôlei de Quinta',
      dateTime: '2030-05-10T22:30:00.000Z',
      price: 15,
      totalSlots: 12,
      visibility: 'private',
      usePlatformPayment: true,
      sport: { id: 1, name: 'Vôlei' },
      state: { id: 24, name: 'Santa Catarina', uf: 'SC' },
      city: { id: 2, name: 'Joinville' },
      registeredPlayers: 3,
    });
    const { api, user } = await openForm(
      `/my-games/${game.id}`,
      {
        [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, []) },
        [`PUT /api/user-games/${game.id}`]: { body: { message: 'Jogo atualizado com sucesso!', game } },
        'GET /api/user-games': { body: [game] },
      },
      'Editar jogo',
    );
    await waitFor(() => expect(screen.getByLabelText('Nome do jogo')).toHaveValue('Vôlei de Quinta'));
    expect(screen.getByLabelText('Data')).toHaveValue('2030-05-10');
    expect(screen.getByLabelText('Horário')).toHaveValue('19:30');
    expect(screen.getByLabelText('Preço (R$)')).toHaveValue(15);
    expect(screen.getByLabelText('Privado (apenas por link)')).toBeChecked();
    // Published already: the box says so, rather than offering to publish it "immediately".
    expect(screen.getByLabelText('Publicado')).toBeChecked();
    expect(screen.queryByLabelText('Publicar imediatamente')).not.toBeInTheDocument();
    expect(screen.getByText('O jogo já está publicado. Desmarque para voltar a rascunho.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Cidade (opcional)')).toHaveValue('2'));
    // Someone registered: the payment mode stays.
    expect(screen.getByLabelText('Por fora (combinar diretamente)')).toBeDisabled();

    await user.clear(screen.getByLabelText('Vagas'));
    await user.type(screen.getByLabelText('Vagas'), '14');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Jogo atualizado com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/user-games/${game.id}`)[0]!.body).toMatchObject({
      dateTime: '2030-05-10T22:30:00.000Z',
      totalSlots: 14,
      price: 15,
      state: 'published',
      cityId: 2,
    });
    await findPageHeading('Meus jogos');
  });

  it('asks before making a game with players private, and sends the edit again with confirm once the organiser agrees', async () => {
    const game = aUserGame({ name: 'Vôlei de Quinta', dateTime: '2030-05-10T22:30:00.000Z', registeredPlayers: 2 });
    const question =
      'Tornar este jogo privado cancela a inscrição de 2 jogadores que não foram convidados, com reembolso integral do que pagaram. Confirme para continuar.';
    const done = 'Jogo atualizado. 2 inscrições canceladas com reembolso integral; os jogadores foram avisados.';
    const { api, user } = await openForm(
      `/my-games/${game.id}`,
      {
        [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, []) },
        [`PUT /api/user-games/${game.id}`]: (call) =>
          (call.body as { confirm?: boolean }).confirm === true
            ? { body: { message: done, game: { ...game, visibility: 'private', registeredPlayers: 0 } } }
            : { status: 409, body: { code: 'confirmation_required', message: question, fields: { confirm: question } } },
        'GET /api/user-games': { body: [game] },
      },
      'Editar jogo',
    );
    const sent = () =>
      api.callsTo('PUT', `/api/user-games/${game.id}`).map((call) => call.body as { visibility: string; confirm?: boolean });
    await waitFor(() => expect(screen.getByLabelText('Nome do jogo')).toHaveValue('Vôlei de Quinta'));
    await user.click(screen.getByLabelText('Privado (apenas por link)'));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    const asked = await screen.findByRole('dialog', { name: 'Tornar o jogo privado?' });
    expect(asked).toHaveTextContent(question);
    await user.click(within(asked).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ visibility: 'private' });
    expect(sent()[0]).not.toHaveProperty('confirm');

    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Tornar o jogo privado?' })).getByRole('button', {
        name: 'Tornar privado e cancelar inscrições',
      }),
    );
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(sent()).toHaveLength(3);
    expect(sent()[2]).toMatchObject({ visibility: 'private', confirm: true, name: 'Vôlei de Quinta' });
    await findPageHeading('Meus jogos');
  });

  it('does not let a cancelled game be edited, and says why', async () => {
    const game = aUserGame({ name: 'Vôlei Cancelado', status: 'cancelled', cancelReason: 'Chuva forte' });
    await openForm(`/my-games/${game.id}`, { [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, []) } }, 'Editar jogo');
    const warning = await screen.findByText('Este jogo não pode ser editado');
    expect(warning.closest('[role="status"]')).toHaveTextContent('Este jogo foi cancelado e não pode mais ser alterado.');
    expect(warning.closest('[role="status"]')).toHaveTextContent('Motivo: Chuva forte');
    expect(screen.getByLabelText('Nome do jogo')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar alterações' })).not.toBeInTheDocument();
  });

  it('says when the game is not one of mine', async () => {
    await openForm(
      '/my-games/999',
      { 'GET /api/user-games/999': { status: 404, body: { code: 'game_not_found', message: 'Jogo não encontrado.' } } },
      'Editar jogo',
    );
    expect(await screen.findByText('Jogo não encontrado.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Voltar aos meus jogos' })).toHaveAttribute('href', '/my-games');
  });

  it('one week of a series says it belongs to a series, with a link to its page', async () => {
    const game = aUserGame({ seriesId: 7 });
    await openForm(`/my-games/${game.id}`, { [`GET /api/user-games/${game.id}`]: { body: aUserGameDetail(game, []) } }, 'Editar jogo');
    expect(await screen.findByText('Este jogo faz parte de uma série semanal')).toBeInTheDocument();
    expect(screen.getByText(/vale só para esta semana/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver a série' })).toHaveAttribute('href', '/my-series/7');
  });
});
