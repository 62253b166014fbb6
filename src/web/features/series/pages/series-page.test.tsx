import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SeriesDetail, Series, SeriesMembership } from '../../../../shared/schemas/series';
import { dayIn } from '../../../components/games/game-form-values';
import { fakeApi } from '../../../test/fake-api';
import { aGame, aUserGame, meReply, player } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const DAY_MS = 24 * 60 * 60 * 1000;

function aSeries(overrides: Partial<Series> = {}): Series {
  return {
    id: 7,
    name: 'Racha de quinta',
    location: 'Ginásio do Estreito',
    address: '',
    price: 10,
    totalSlots: 12,
    memberSlots: 4,
    members: 1,
    memberPlacesLeft: 3,
    occurrences: 8,
    gamesCreated: 5,
    firstDateTime: new Date(Date.now() + 7 * DAY_MS).toISOString(),
    weekday: 'quinta-feira',
    time: '19:30',
    timeZone: 'America/Sao_Paulo',
    visibility: 'public',
    usePlatformPayment: true,
    status: 'active',
    cancelReason: null,
    isMember: false,
    description: 'Traga água.',
    sportId: 1,
    stateId: 24,
    cityId: 1,
    ...overrides,
  };
}

/** Five published Thursdays at R$ 10, each with a place for a new member; deadlines 48 h before each. */
function aMembership(overrides: Partial<SeriesMembership> = {}, price = 10): SeriesMembership {
  const weeks = [1, 2, 3, 4, 5].map((week) => {
    const at = new Date(Date.UTC(2030, 4, 2 + 7 * week, 22, 30));
    return {
      gameId: 100 + week,
      dateTime: at.toISOString(),
      price,
      usePlatformPayment: true,
      paymentDeadline: new Date(at.getTime() - 2 * DAY_MS).toISOString(),
      hasPlace: true,
    };
  });
  return { ...aSeries(), weeks, ...overrides };
}

const reference = {
  'GET /api/users/me': meReply(player),
  'GET /api/notifications/unread-count': { body: { count: 0 } },
  'GET /api/games/sports': { body: [{ id: 1, name: 'Vôlei', active: true }] },
  'GET /api/games/states': { body: [{ id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' }] },
  'GET /api/games/cities': { body: [{ id: 1, name: 'Florianópolis', stateId: 24, active: true }] },
};

describe('Repetir toda semana', { timeout: 15_000 }, () => {
  it('checks weeks and mensalista places like the server, then creates the series and opens its page', async () => {
    const games = [aUserGame({ seriesId: 7 }), aUserGame({ seriesId: 7 })];
    const detail: SeriesDetail = { series: aSeries({ members: 0, memberPlacesLeft: 4 }), games, members: [] };
    const api = fakeApi({
      ...reference,
      'POST /api/series': {
        status: 201,
        body: { message: 'Série criada! 5 jogos publicados; os próximos saem toda semana.', series: detail.series, games },
      },
      'GET /api/series/7': { body: detail },
    });
    const user = userEvent.setup();
    renderApp('/my-games/new', { token: 'jwt-ana' });
    await findPageHeading('Criar jogo');
    const day = dayIn(new Date(Date.now() + 7 * DAY_MS), 'America/Sao_Paulo');

    await user.type(screen.getByLabelText('Nome do jogo'), 'Racha de quinta');
    await user.type(screen.getByLabelText('Local'), 'Ginásio do Estreito');
    await user.selectOptions(await screen.findByLabelText('Esporte'), 'Vôlei');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    await user.selectOptions(screen.getByLabelText('Cidade'), await screen.findByRole('option', { name: 'Florianópolis' }));
    fireEvent.change(screen.getByLabelText('Data'), { target: { value: day } });
    fireEvent.change(screen.getByLabelText('Horário'), { target: { value: '19:30' } });
    await user.type(screen.getByLabelText('Vagas'), '12');
    await user.type(screen.getByLabelText('Preço (R$)'), '10');
    await user.click(screen.getByLabelText('Repetir toda semana'));
    expect(screen.queryByLabelText('Publicar imediatamente')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Vagas de mensalistas'));
    await user.type(screen.getByLabelText('Vagas de mensalistas'), '13');
    await user.click(screen.getByRole('button', { name: 'Criar série' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('As vagas de mensalistas vão de 0 até o total de vagas (12).');
    expect(api.callsTo('POST', '/api/series')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Vagas de mensalistas'));
    await user.type(screen.getByLabelText('Vagas de mensalistas'), '4');
    await user.click(screen.getByRole('button', { name: 'Criar série' }));
    expect(await screen.findByText('Série criada! 5 jogos publicados; os próximos saem toda semana.')).toBeInTheDocument();
    const sent = api.callsTo('POST', '/api/series')[0]!.body as Record<string, unknown>;
    // The game's fields without dateTime and state, plus the weeks.
    expect(Object.keys(sent).sort()).toEqual([
      'address',
      'cityId',
      'description',
      'firstDateTime',
      'free',
      'location',
      'memberSlots',
      'name',
      'occurrences',
      'price',
      'sportId',
      'stateId',
      'totalSlots',
      'usePlatformPayment',
      'visibility',
    ]);
    expect(sent).toMatchObject({ firstDateTime: `${day}T19:30`, occurrences: 8, memberSlots: 4, totalSlots: 12, price: 10 });
    expect(api.callsTo('POST', '/api/user-games')).toHaveLength(0);
    await findPageHeading('Racha de quinta');
    expect(currentPath()).toBe('/my-series/7');
  });
});

describe('/my-series/{id}', { timeout: 15_000 }, () => {
  it('shows places, games and mensalistas; removing one asks first', async () => {
    const games = [aUserGame({ seriesId: 7, registeredPlayers: 5, remainingSlots: 7, totalSlots: 12 })];
    const member = {
      id: 1,
      userId: 42,
      name: 'Bia Mensalista',
      email: 'bia@exemplo.com.br',
      phone: '48991234567',
      joinedAt: new Date().toISOString(),
    };
    const api = fakeApi({
      ...reference,
      'GET /api/series/7': { body: { series: aSeries(), games, members: [member] } },
      'DELETE /api/series/7/members/42': { body: { message: 'Mensalista removido.', cancelled: 4, kept: 0 } },
    });
    const user = userEvent.setup();
    renderApp('/my-series/7', { token: 'jwt-ana' });
    await findPageHeading('Racha de quinta');
    expect(screen.getByText(/Toda quinta-feira às 19:30/)).toBeInTheDocument();
    expect(screen.getByText('3 de 4')).toBeInTheDocument();
    expect(screen.getByText('5 de 12 vagas ocupadas · 7 livres')).toBeInTheDocument();
    expect(screen.getByText('Bia Mensalista')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover Bia Mensalista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover mensalista?' });
    expect(api.callsTo('DELETE', '/api/series/7/members/42')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/series/7/members/42')).toHaveLength(1));
    expect(await screen.findByText('Mensalista removido.')).toBeInTheDocument();
  });

  it('shows a series planned more than five weeks ahead, with no game yet, by its first date', async () => {
    const first = '2030-05-09T22:30:00.000Z';
    fakeApi({
      ...reference,
      'GET /api/series/7': {
        body: { series: aSeries({ gamesCreated: 0, members: 0, memberPlacesLeft: 4, firstDateTime: first }), games: [], members: [] },
      },
    });
    renderApp('/my-series/7', { token: 'jwt-ana' });
    await findPageHeading('Racha de quinta');
    expect(screen.getByText('0 de 8')).toBeInTheDocument();
    expect(
      screen.getByText(/Nenhum jogo publicado ainda\. O primeiro, em 09\/05\/2030 às 19:30, é publicado cinco semanas antes/),
    ).toBeInTheDocument();
  });

  it('is "Série não encontrada." for someone else\'s series', async () => {
    fakeApi({ ...reference, 'GET /api/series/8': { status: 404, body: { code: 'series_not_found', message: 'Série não encontrada.' } } });
    renderApp('/my-series/8', { token: 'jwt-ana' });
    expect(await screen.findByText('Série não encontrada.')).toBeInTheDocument();
  });

  it('shows another 404 as an error, not as a missing series', async () => {
    fakeApi({ ...reference, 'GET /api/series/8': { status: 404, body: { code: 'not_found', message: 'Recurso não encontrado.' } } });
    renderApp('/my-series/8', { token: 'jwt-ana' });
    expect(await screen.findByText('Recurso não encontrado.')).toBeInTheDocument();
    expect(screen.queryByText('Série não encontrada.')).not.toBeInTheDocument();
  });
});

describe('Quero ser mensalista', { timeout: 15_000 }, () => {
  it("on a series game: joins, and a full series shows the server's message", async () => {
    const game = aGame({ seriesId: 7 });
    const api = fakeApi({
      ...reference,
      [`GET /api/games/${game.id}`]: { body: game },
      'GET /api/series/7/membership': { body: aMembership() },
      'POST /api/series/7/members': {
        status: 409,
        body: { code: 'member_places_full', message: 'As vagas de mensalistas desta série estão esgotadas.' },
      },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    // The page's first render imports it (lazy): slow on a busy machine.
    expect(await screen.findByText('Racha semanal: toda quinta-feira às 19:30')).toBeInTheDocument();
    expect(screen.getByText(/Restam 3 vagas de mensalistas/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quero ser mensalista' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ser mensalista?' })).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('As vagas de mensalistas desta série estão esgotadas.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/series/7/members')).toHaveLength(1);
  });

  it('says what it costs before joining: each week, paid now from credits, due by a date; nothing sent until confirmed', async () => {
    // The player has R$ 25,50: two weeks paid now, three held until 48 h before each.
    const game = aGame({ seriesId: 7 });
    const api = fakeApi({
      ...reference,
      [`GET /api/games/${game.id}`]: { body: game },
      'GET /api/series/7/membership': { body: aMembership() },
      'POST /api/series/7/members': {
        body: {
          message: 'Agora você é mensalista! 2 jogo(s) confirmado(s), 3 aguardando pagamento.',
          series: aSeries({ isMember: true }),
          games: [],
          credits: 5.5,
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await user.click(await screen.findByRole('button', { name: 'Quero ser mensalista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ser mensalista?' });
    expect(dialog).toHaveTextContent('Você fica com uma vaga em cada jogo da série, toda quinta-feira às 19:30: R$ 10,00 por jogo.');
    expect(dialog).toHaveTextContent('5 jogos publicados agora; os próximos entram toda semana, do mesmo jeito.');
    expect(dialog).toHaveTextContent('Pago agora com seus créditos: 2 jogos, R$ 20,00.');
    expect(dialog).toHaveTextContent(
      '3 jogos ficam reservados para você (R$ 30,00): pague cada um até 48 horas antes do jogo (o primeiro até 21/05/2030 às 19:30), senão a vaga é liberada.',
    );
    expect(dialog).toHaveTextContent('Para sair, os jogos com 48 horas ou mais de antecedência são cancelados e reembolsados');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('POST', '/api/series/7/members')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Quero ser mensalista' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ser mensalista?' })).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/series/7/members')).toHaveLength(1));
    expect(await screen.findByText('Agora você é mensalista! 2 jogo(s) confirmado(s), 3 aguardando pagamento.')).toBeInTheDocument();
  });

  it('a free series says its places are confirmed at once, and a full week is named', async () => {
    const game = aGame({ seriesId: 7, price: 0 });
    const membership = aMembership({ price: 0 }, 0);
    membership.weeks[4]!.hasPlace = false;
    fakeApi({ ...reference, [`GET /api/games/${game.id}`]: { body: game }, 'GET /api/series/7/membership': { body: membership } });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    await user.click(await screen.findByRole('button', { name: 'Quero ser mensalista' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ser mensalista?' });
    expect(dialog).toHaveTextContent('Gratuito: suas 4 vagas são confirmadas na hora.');
    expect(dialog).toHaveTextContent('1 jogo já lotou: sem vaga para você nele.');
    expect(dialog).not.toHaveTextContent('reservad');
  });
});

describe('member places on a series game', { timeout: 15_000 }, () => {
  it('a drop-in sees the drop-in places taken and the member places kept, never "lotado" beside a promise', async () => {
    const game = aGame({ seriesId: 7, remainingSlots: 0, memberPlacesFree: 2 });
    fakeApi({ ...reference, [`GET /api/games/${game.id}`]: { body: game }, 'GET /api/series/7/membership': { body: aMembership() } });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    expect(
      await screen.findByText(/As vagas avulsas deste jogo estão preenchidas; as outras são guardadas para mensalistas/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar na lista de espera' })).toBeInTheDocument();
    expect(screen.queryByText(/Este jogo está lotado/)).not.toBeInTheDocument();
    expect(screen.queryByText(/tem vaga em todos os jogos/)).not.toBeInTheDocument();
    // Beside "Restam 3 vagas de mensalistas" the badge says where the places are, not "Lotado" (issue 42).
    expect(await screen.findByText(/Restam 3 vagas de mensalistas/)).toBeInTheDocument();
    expect(screen.getByText('Só vagas de mensalistas')).toBeInTheDocument();
    expect(screen.queryByText('Lotado')).not.toBeInTheDocument();
  });

  it('a mensalista without a place in this week may take a member place, and the page says so', async () => {
    const game = aGame({ seriesId: 7, remainingSlots: 0, memberPlacesFree: 1, registrationType: null });
    fakeApi({
      ...reference,
      [`GET /api/games/${game.id}`]: { body: game },
      'GET /api/series/7/membership': { body: aMembership({ isMember: true }) },
    });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    expect(
      await screen.findByText('Você é mensalista, mas ainda não tem vaga neste jogo: há vaga para você, inscreva-se acima.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/lotado|preenchidas/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Entrar na lista de espera' })).not.toBeInTheDocument();
  });

  it('a mensalista whose place waits for payment reads that it is hers, not the waitlist’s "abriu uma vaga" (issue 42)', async () => {
    const game = aGame({
      seriesId: 7,
      registrationType: 'pending',
      paymentType: null,
      paymentDeadline: '2030-05-21T22:30:00.000Z',
      userRegistration: { isRegistered: true, isOnWaitlist: false },
    });
    fakeApi({
      ...reference,
      [`GET /api/games/${game.id}`]: { body: game },
      'GET /api/series/7/membership': { body: aMembership({ isMember: true }) },
    });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    const held = await screen.findByText(/Sua vaga de mensalista neste jogo está reservada para você\./);
    expect(held).toHaveTextContent('Pague até 21/05/2030 às 19:30 para confirmar; depois disso ela é liberada para outro jogador.');
    expect(screen.queryByText(/Abriu uma vaga|próximo da fila/)).not.toBeInTheDocument();
  });

  it('a player promoted from the line (not a mensalista) still reads that a place opened for them', async () => {
    const game = aGame({
      seriesId: 7,
      registrationType: 'pending',
      paymentType: null,
      paymentDeadline: '2030-05-21T22:30:00.000Z',
      userRegistration: { isRegistered: true, isOnWaitlist: false },
    });
    fakeApi({ ...reference, [`GET /api/games/${game.id}`]: { body: game }, 'GET /api/series/7/membership': { body: aMembership() } });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    expect(await screen.findByText(/Abriu uma vaga e ela está reservada para você\./)).toHaveTextContent('passa para o próximo da fila');
  });

  it('a mensalista holding her place reads that it is held', async () => {
    const game = aGame({
      seriesId: 7,
      remainingSlots: 0,
      memberPlacesFree: 0,
      registrationType: 'confirmed',
      userRegistration: { isRegistered: true, isOnWaitlist: false },
    });
    fakeApi({
      ...reference,
      [`GET /api/games/${game.id}`]: { body: game },
      'GET /api/series/7/membership': { body: aMembership({ isMember: true }) },
    });
    renderApp(`/apply/${game.id}`, { token: 'jwt-ana' });
    expect(await screen.findByText('Você é mensalista: sua vaga neste jogo está garantida.')).toBeInTheDocument();
  });
});

describe('editing and cancelling a series', { timeout: 15_000 }, () => {
  it('"Editar série" sends what the form shows and keeps the rest; "Cancelar série" asks why and says members are refunded', async () => {
    const games = [aUserGame({ seriesId: 7, status: 'active' })];
    const detail: SeriesDetail = { series: aSeries(), games, members: [] };
    const api = fakeApi({
      ...reference,
      'GET /api/series/7': { body: detail },
      'PUT /api/series/7': { body: { message: 'Série atualizada: 1 jogo futuro alterado.', series: aSeries({ memberSlots: 2 }), games } },
      'POST /api/series/7/cancel': {
        body: {
          message: 'Série cancelada: 1 jogo futuro cancelado, com reembolso integral aos inscritos.',
          series: aSeries({ status: 'cancelled', cancelReason: 'Reforma' }),
          games,
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/my-series/7', { token: 'jwt-ana' });
    await findPageHeading('Racha de quinta');

    await user.click(screen.getByRole('button', { name: 'Editar série' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar série' });
    expect(within(edit).getByLabelText('Nome do jogo')).toHaveValue('Racha de quinta');
    await user.clear(within(edit).getByLabelText('Vagas de mensalistas'));
    await user.type(within(edit).getByLabelText('Vagas de mensalistas'), '2');
    await user.click(within(edit).getByRole('button', { name: 'Salvar série' }));
    expect(await screen.findByText('Série atualizada: 1 jogo futuro alterado.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/series/7')[0]!.body).toEqual({
      name: 'Racha de quinta',
      location: 'Ginásio do Estreito',
      address: '',
      price: '10.00',
      totalSlots: '12',
      memberSlots: '2',
      occurrences: '8',
      description: 'Traga água.',
      visibility: 'public',
      usePlatformPayment: true,
      sportId: 1,
      stateId: 24,
      cityId: 1,
    });

    await user.click(screen.getByRole('button', { name: 'Cancelar série' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancelar série?' });
    expect(cancel).toHaveTextContent('Mensalistas e avulsos são reembolsados integralmente');
    expect(cancel).toHaveTextContent('1 mensalista deixa a série.');
    await user.click(within(cancel).getByRole('button', { name: 'Cancelar série' }));
    expect(await within(cancel).findByText('Informe o motivo do cancelamento.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/series/7/cancel')).toHaveLength(0);
    await user.type(within(cancel).getByLabelText('Motivo do cancelamento'), 'Reforma');
    await user.click(within(cancel).getByRole('button', { name: 'Cancelar série' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/series/7/cancel')[0]!.body).toEqual({ reason: 'Reforma' }));
    expect(await screen.findByText(/Série cancelada: 1 jogo futuro cancelado/)).toBeInTheDocument();
  });
});
