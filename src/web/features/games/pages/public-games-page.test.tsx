import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type RecordedCall } from '../../../test/fake-api';
import { aGame, authConfig } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const reference = {
  'GET /api/games/sports': {
    body: [
      { id: 1, name: 'Vôlei', active: true },
      { id: 9, name: 'Basquete', active: false },
    ],
  },
  'GET /api/games/states': {
    body: [
      { id: 24, name: 'Santa Catarina', uf: 'SC', active: true, timeZone: 'America/Sao_Paulo' },
      { id: 16, name: 'Paraná', uf: 'PR', active: true, timeZone: 'America/Sao_Paulo' },
    ],
  },
  'GET /api/games/cities': (call: RecordedCall) => {
    const santaCatarina = [
      { id: 1, name: 'Florianópolis', stateId: 24, active: true },
      { id: 2, name: 'Joinville', stateId: 24, active: true },
      { id: 3, name: 'Blumenau', stateId: 24, active: false },
    ];
    const parana = [{ id: 7, name: 'Curitiba', stateId: 16, active: true }];
    if (call.path.includes('stateId=24')) return { body: santaCatarina };
    return { body: call.path.includes('stateId=') ? parana : [...santaCatarina, ...parana] };
  },
};

const lastGamesQuery = (calls: RecordedCall[]) => {
  const list = calls.filter((call) => call.method === 'GET' && call.path.split('?')[0] === '/api/games');
  return new URLSearchParams(list[list.length - 1]?.path.split('?')[1] ?? '');
};

describe('public games', () => {
  it('shows each game with its badges, numbers and description, its name and Participar linking to the game page', async () => {
    fakeApi({
      ...reference,
      'GET /api/games': {
        body: [
          aGame({
            name: 'Vôlei de Quinta',
            price: 15,
            remainingSlots: 3,
            totalSlots: 12,
            descriptionHtml: '<p>Traga <strong>água</strong>.</p>',
          }),
          aGame({ name: 'Vôlei Lotado', remainingSlots: 0, visibility: 'private', descriptionHtml: '', description: 'Texto <b>cru</b>' }),
          // Brought by a list read just before it started: in progress, no one's to join.
          aGame({ name: 'Já começou', dateTime: new Date(Date.now() - 60_000).toISOString() }),
        ],
      },
    });
    renderApp('/public-games');
    await findPageHeading('Jogos abertos');

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Participar: Já começou' })).not.toBeInTheDocument();
    const [first, second] = items;
    const open = within(first!);
    expect(open.getByRole('heading', { name: 'Vôlei de Quinta' })).toBeInTheDocument();
    expect(open.getByText('R$ 15,00')).toBeInTheDocument();
    expect(open.getByText('9 de 12 vagas ocupadas · 3 livres')).toBeInTheDocument();
    expect(open.getByText('Vôlei')).toBeInTheDocument();
    expect(open.getByText('Florianópolis/SC')).toBeInTheDocument();
    expect(open.getByText('água').tagName).toBe('STRONG');
    expect(open.queryByText('Lotado')).not.toBeInTheDocument();
    const participate = open.getByRole('link', { name: /Participar/ });
    expect(participate.getAttribute('href')).toMatch(/^\/apply\/\d+$/);
    expect(open.getByRole('link', { name: 'Vôlei de Quinta' })).toHaveAttribute('href', participate.getAttribute('href'));

    const full = within(second!);
    expect(full.getByText('Lotado')).toBeInTheDocument();
    expect(full.getByText('Privado')).toBeInTheDocument();
    // Plain text is escaped, never parsed as HTML.
    expect(full.getByText('Texto <b>cru</b>')).toBeInTheDocument();
  });

  it('enables the city only after a state, clears it when the state changes, and sends the filters', async () => {
    const api = fakeApi({
      ...reference,
      'GET /api/games': (call) => ({ body: [aGame({ name: call.path.includes('?') ? 'Jogo filtrado' : 'Todos os jogos' })] }),
    });
    const user = userEvent.setup();
    renderApp('/public-games');
    await findPageHeading('Jogos abertos');
    expect(await screen.findByRole('heading', { name: 'Todos os jogos' })).toBeInTheDocument();

    const city = screen.getByLabelText('Cidade');
    expect(city).toBeDisabled();
    expect(await screen.findByRole('option', { name: 'Vôlei' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Basquete' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    expect(city).toBeEnabled();
    await screen.findByRole('option', { name: 'Joinville' });
    expect(screen.queryByRole('option', { name: 'Blumenau' })).not.toBeInTheDocument();
    await user.selectOptions(city, 'Joinville');
    await waitFor(() => expect(lastGamesQuery(api.calls).get('cityId')).toBe('2'));
    expect(lastGamesQuery(api.calls).get('stateId')).toBe('24');

    await user.selectOptions(screen.getByLabelText('Estado'), 'Paraná (PR)');
    expect(city).toHaveValue('');
    await waitFor(() => expect(lastGamesQuery(api.calls).get('stateId')).toBe('16'));
    expect(lastGamesQuery(api.calls).has('cityId')).toBe(false);
    await screen.findByRole('option', { name: 'Curitiba' });

    await user.selectOptions(screen.getByLabelText('Esporte'), 'Vôlei');
    await user.type(screen.getByLabelText('Data'), '2026-12-05');
    await user.type(screen.getByLabelText('Local'), 'Ginásio');
    await waitFor(() => expect(lastGamesQuery(api.calls).get('location')).toBe('Ginásio'));
    expect(lastGamesQuery(api.calls).get('sportId')).toBe('1');
    expect(lastGamesQuery(api.calls).get('date')).toBe('2026-12-05');

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(screen.getByLabelText('Estado')).toHaveValue('');
    expect(screen.getByLabelText('Local')).toHaveValue('');
    expect(city).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Todos os jogos' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Jogo filtrado' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpar filtros' })).toBeDisabled();
    // Every choice goes through the address and the router: slower than page state on a busy machine.
  }, 15_000);

  it('says different things when nothing is published and when the filters match nothing', async () => {
    fakeApi({ ...reference, 'GET /api/games': { body: [] } });
    const user = userEvent.setup();
    renderApp('/public-games');
    await findPageHeading('Jogos abertos');

    expect(await screen.findByText('Nenhum jogo disponível no momento')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Estado'), 'Santa Catarina (SC)');
    expect(await screen.findByText('Nenhum jogo encontrado com esses filtros')).toBeInTheDocument();
    const clearButtons = screen.getAllByRole('button', { name: 'Limpar filtros' });
    await user.click(clearButtons[clearButtons.length - 1]!);
    expect(await screen.findByText('Nenhum jogo disponível no momento')).toBeInTheDocument();
  });

  it('shows Erro ao carregar jogos and loads again on retry', async () => {
    let attempts = 0;
    const api = fakeApi({
      ...reference,
      'GET /api/games': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 404, body: { code: 'not_found', message: 'Recurso não encontrado.' } }
          : { body: [aGame({ name: 'Voltou!' })] };
      },
    });
    const user = userEvent.setup();
    renderApp('/public-games');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro ao carregar jogos');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Voltou!' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/games')).toHaveLength(2);
  });

  describe('filters in the address', () => {
    const scrolls = () => (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    const byQuery = (call: RecordedCall) => ({
      body: [aGame({ name: new URLSearchParams(call.path.split('?')[1] ?? '').size > 0 ? 'Jogo filtrado' : 'Todos os jogos' })],
    });
    const form = () => within(screen.getByRole('search', { name: 'Filtrar jogos' }));

    it('opens a shared filtered link with its filters in the fields and the list asked for with them only', async () => {
      const api = fakeApi({ ...reference, 'GET /api/games': byQuery });
      renderApp('/public-games?sportId=1&stateId=24&cityId=2&date=2026-12-05&location=Gin%C3%A1sio&utm_source=zap');
      expect(await screen.findByRole('heading', { name: 'Jogo filtrado' })).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/games').map((call) => call.path)).toEqual([
        '/api/games?sportId=1&stateId=24&cityId=2&date=2026-12-05&location=Gin%C3%A1sio',
      ]);
      await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('2'));
      expect(screen.getByLabelText('Esporte')).toHaveValue('1');
      expect(screen.getByLabelText('Estado')).toHaveValue('24');
      expect(screen.getByLabelText('Data')).toHaveValue('2026-12-05');
      expect(screen.getByLabelText('Local')).toHaveValue('Ginásio');
      // The phones' folded panel says how many filters are on.
      const toggle = form().getByRole('button', { name: 'Filtros (5)' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.setup().click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
    });

    it('shows the state of a city a link names alone, and keeps both in the address after a change', async () => {
      const api = fakeApi({ ...reference, 'GET /api/games': byQuery });
      const user = userEvent.setup();
      renderApp('/public-games?cityId=2');
      expect(await screen.findByRole('heading', { name: 'Jogo filtrado' })).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/games').map((call) => call.path)).toEqual(['/api/games?cityId=2']);
      await waitFor(() => expect(screen.getByLabelText('Estado')).toHaveValue('24'));
      await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('2'));
      expect(screen.getByLabelText('Cidade')).toBeEnabled();

      await user.selectOptions(screen.getByLabelText('Esporte'), 'Vôlei');
      await waitFor(() => expect(currentPath()).toBe('/public-games?sportId=1&stateId=24&cityId=2'));
    });

    it('ignores values the API would refuse and shows the whole list', async () => {
      const api = fakeApi({ ...reference, 'GET /api/games': byQuery });
      renderApp(`/public-games?sportId=abc&cityId=-2&date=2026-02-30&location=${'x'.repeat(101)}`);
      expect(await screen.findByRole('heading', { name: 'Todos os jogos' })).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/games').map((call) => call.path)).toEqual(['/api/games']);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(form().getByRole('button', { name: 'Filtros' })).toBeInTheDocument();
      expect(screen.getByLabelText('Local')).toHaveValue('');
      expect(screen.getByLabelText('Data')).toHaveValue('');
    });

    it('writes each change into the address in place, the location once typing settles, without scrolling', async () => {
      const api = fakeApi({ ...reference, 'GET /api/games': byQuery });
      const user = userEvent.setup();
      renderApp('/public-games?utm_source=zap');
      await screen.findByRole('heading', { name: 'Todos os jogos' });
      const entries = window.history.length;
      const scrolled = scrolls();

      await user.selectOptions(screen.getByLabelText('Esporte'), 'Vôlei');
      await waitFor(() => expect(currentPath()).toBe('/public-games?sportId=1'));
      await user.type(screen.getByLabelText('Local'), 'Praia Mole ');
      expect(screen.getByLabelText('Local')).toHaveValue('Praia Mole ');
      await waitFor(() => expect(currentPath()).toBe('/public-games?sportId=1&location=Praia+Mole'));
      // The trailing space typed stays in the field while the address keeps the trimmed text.
      expect(screen.getByLabelText('Local')).toHaveValue('Praia Mole ');
      // One request per settled change, none per keystroke.
      await waitFor(() =>
        expect(api.callsTo('GET', '/api/games').map((call) => call.path)).toEqual([
          '/api/games',
          '/api/games?sportId=1',
          '/api/games?sportId=1&location=Praia+Mole',
        ]),
      );
      expect(window.history.length).toBe(entries);
      expect(scrolls()).toBe(scrolled);
      expect(form().getByRole('button', { name: 'Filtros (2)' })).toBeInTheDocument();

      await user.click(form().getByRole('button', { name: 'Limpar filtros' }));
      expect(currentPath()).toBe('/public-games');
      expect(screen.getByLabelText('Local')).toHaveValue('');
      expect(await screen.findByRole('heading', { name: 'Todos os jogos' })).toBeInTheDocument();
    });

    it('brings the filters back with the address when the reader goes back to the list', async () => {
      const filtered = aGame({ name: 'Jogo filtrado' });
      fakeApi({
        ...reference,
        ...authConfig,
        'GET /api/games': (call) => ({
          body: [new URLSearchParams(call.path.split('?')[1] ?? '').size > 0 ? filtered : aGame({ name: 'Todos os jogos' })],
        }),
      });
      const user = userEvent.setup();
      renderApp('/public-games');
      await screen.findByRole('heading', { name: 'Todos os jogos' });
      await user.type(screen.getByLabelText('Local'), 'Lagoa');
      await screen.findByRole('heading', { name: 'Jogo filtrado' });

      await user.click(screen.getByRole('link', { name: /^Participar/ }));
      await waitFor(() => expect(currentPath()).toBe(`/apply/${filtered.id}`));
      act(() => window.history.back());
      // The game's own page has the same heading: the list is back once the address is, with its filter in the field.
      await waitFor(() => expect(currentPath()).toBe('/public-games?location=Lagoa'));
      expect(await screen.findByLabelText('Local')).toHaveValue('Lagoa');
      expect(await screen.findByRole('heading', { name: 'Jogo filtrado' })).toBeInTheDocument();
    });
  });
});
