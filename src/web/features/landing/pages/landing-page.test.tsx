import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatTime } from '../../../lib/format';
import { fakeApi } from '../../../test/fake-api';
import { aGame } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

const HEADLINE = 'Seu jogo de vôlei, sem planilha e sem PIX perdido no grupo';

const games = [
  aGame({ name: 'Vôlei de quinta', price: 25, remainingSlots: 4 }),
  aGame({ name: 'Vôlei de praia no sábado', location: 'Praia Mole', price: 35.5, remainingSlots: 1 }),
  aGame({ name: 'Vôlei misto Joinville', city: { id: 2, name: 'Joinville' }, remainingSlots: 0 }),
];

const referenceData = {
  'GET /api/games/states': { body: [{ id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' }] },
  'GET /api/games/cities': {
    body: [
      { id: 1, name: 'Florianópolis', stateId: 24, active: true },
      { id: 2, name: 'Joinville', stateId: 24, active: true },
    ],
  },
};

describe('landing page', () => {
  it('sells the product and offers to register and to browse games', async () => {
    fakeApi({ 'GET /api/games': { body: [] }, ...referenceData });
    renderApp('/');
    await findPageHeading(HEADLINE);

    const hero = screen.getByRole('region', { name: HEADLINE });
    expect(within(hero).getByRole('link', { name: /Ver jogos abertos/ })).toHaveAttribute('href', '/public-games');
    expect(within(hero).getByRole('link', { name: 'Criar conta grátis' })).toHaveAttribute('href', '/register');
    for (const point of ['Pagamento seguro', 'Reembolso até 48 h antes', 'Lista de espera automática']) {
      expect(screen.getByRole('heading', { level: 3, name: point })).toBeInTheDocument();
    }
    const steps = within(screen.getByRole('region', { name: 'Como funciona' })).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(screen.getByRole('link', { name: /Mais perguntas e contato no Suporte/ })).toHaveAttribute('href', '/support');
    const footer = screen.getByRole('navigation', { name: 'Rodapé' });
    expect(within(footer).getByRole('link', { name: 'contato@borajogar.com.br' })).toHaveAttribute(
      'href',
      'mailto:contato@borajogar.com.br',
    );
  });

  it('shows skeletons, then the next public games from GET /api/games?limit=3, each linking to its game page', async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    const api = fakeApi({ 'GET /api/games': () => new Promise((resolve) => (answer = resolve)), ...referenceData });
    renderApp('/');
    await findPageHeading(HEADLINE);

    expect(screen.getByRole('list', { name: 'Carregando jogos' })).toHaveAttribute('aria-busy', 'true');
    expect(api.callsTo('GET', '/api/games')[0]?.path).toBe('/api/games?limit=3');
    answer({ body: games });

    const section = await screen.findByRole('region', { name: 'Próximos jogos' });
    await within(section).findByRole('link', { name: 'Vôlei de quinta' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(3);

    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Vôlei de quinta' })).toHaveAttribute('href', `/apply/${games[0]!.id}`);
    expect(first).toHaveTextContent(formatLongDate(games[0]!.dateTime, games[0]!.timeZone));
    expect(first).toHaveTextContent(formatTime(games[0]!.dateTime, games[0]!.timeZone));
    expect(first).toHaveTextContent('Ginásio do Estreito');
    expect(first).toHaveTextContent('Florianópolis – SC');
    expect(first).toHaveTextContent('R$ 25,00');
    expect(first).toHaveTextContent('4 vagas livres');
    expect(second).toHaveTextContent('R$ 35,50');
    expect(second).toHaveTextContent('1 vaga livre');
    expect(third).toHaveTextContent('Joinville – SC');
    expect(third).toHaveTextContent('Lotado · lista de espera');
    expect(within(section).getByRole('link', { name: /Ver todos os jogos/ })).toHaveAttribute('href', '/public-games');
  });

  it('says a game whose only free places are held for mensalistas has places for them, not that it is full', async () => {
    const held = aGame({ name: 'Racha de terça', seriesId: 4, remainingSlots: 0, memberPlacesFree: 2, totalSlots: 12 });
    fakeApi({ 'GET /api/games': { body: [held] }, ...referenceData });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Próximos jogos' });
    const card = (await within(section).findByRole('link', { name: 'Racha de terça' })).closest('li')!;
    expect(within(card).getByText('Só vagas de mensalistas')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Lotado');
  });

  it('hides the games section when the call fails', async () => {
    fakeApi({
      'GET /api/games': { status: 500, body: { code: 'internal_error', message: 'Erro interno do servidor. Tente novamente mais tarde.' } },
      ...referenceData,
    });
    renderApp('/');
    await findPageHeading(HEADLINE);
    expect(screen.getByRole('heading', { name: 'Próximos jogos' })).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Próximos jogos' })).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.queryByText(/Erro/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Como funciona' })).toBeInTheDocument();
  });

  it('hides the games section when there are no upcoming games', async () => {
    fakeApi({ 'GET /api/games': { body: [] }, ...referenceData });
    renderApp('/');
    await findPageHeading(HEADLINE);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Próximos jogos' })).not.toBeInTheDocument());
  });

  it('lists the active cities of each active state', async () => {
    const api = fakeApi({ 'GET /api/games': { body: [] }, ...referenceData });
    renderApp('/');
    const heading = await screen.findByRole('heading', { name: 'Onde tem jogo' });
    const list = screen.getByRole('list', { name: 'Onde tem jogo' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['FlorianópolisSC', 'JoinvilleSC']);
    expect(api.callsTo('GET', '/api/games/cities').map((call) => call.path)).toEqual(['/api/games/cities?stateId=24']);
    expect(heading).toBeVisible();
  });

  it('leaves the cities out when the reference data cannot be loaded', async () => {
    fakeApi({ 'GET /api/games': { body: games }, 'GET /api/games/states': 'network-error' });
    renderApp('/');
    await screen.findByRole('link', { name: 'Vôlei de quinta' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByRole('heading', { name: 'Onde tem jogo' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Organiza um jogo?' })).toBeInTheDocument();
  });
});
