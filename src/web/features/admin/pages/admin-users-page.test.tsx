import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { admin, anAdminUser, authConfig, meReply, page } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const ana = anAdminUser({ name: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '48991234567', credits: 25.5 });
const bruno = anAdminUser({ name: 'Bruno Lima', email: 'bruno@exemplo.com.br', phone: null });

describe('admin users', () => {
  it('searches by name or e-mail once typing pauses and pages through the results', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/users': (call) => {
        const query = new URL(call.path, 'http://localhost').searchParams;
        const pageNumber = Number(query.get('page') ?? 1);
        if (query.get('search') === 'ANA') return { body: { users: [ana], ...page([ana], { total: 1 }) } };
        const users = pageNumber === 1 ? [ana, bruno] : [anAdminUser({ name: 'Carla Dias' })];
        return { body: { users, ...page(users, { page: pageNumber, total: 21 }) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/users', { token: 'jwt-bia' });
    await findPageHeading('Usuários');

    const row = (await screen.findByRole('link', { name: 'Ana Souza' })).closest('tr')!;
    expect(within(row).getByText('(48) 99123-4567')).toBeInTheDocument();
    expect(within(row).getByText('R$ 25,50')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ver detalhes de Ana Souza' })).toHaveAttribute('href', `/admin/users/${ana.id}`);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByText('21')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByRole('link', { name: 'Carla Dias' })).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/users').at(-1)!.path).toBe('/api/admin/users?page=2');

    // Typing sends one request after the pause, with the text as typed (the server ignores case), from page 1.
    const before = api.callsTo('GET', '/api/admin/users').length;
    await user.type(screen.getByLabelText('Buscar usuários'), 'ANA');
    expect(await screen.findByText('Página 1 de 1')).toBeInTheDocument();
    const searches = api.callsTo('GET', '/api/admin/users').slice(before);
    expect(searches.map((call) => call.path)).toEqual(['/api/admin/users?search=ANA']);
    expect(screen.queryByRole('link', { name: 'Bruno Lima' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/admin/users?search=ANA');
  });

  it('a search that stopped counting says "mais de" and goes on past the pages it counted', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/users': (call) => {
        const query = new URL(call.path, 'http://localhost').searchParams;
        const pageNumber = Number(query.get('page') ?? 1);
        if (!query.get('search')) return { body: { users: [bruno], ...page([bruno]) } };
        // Counted up to 200 past the page asked for: page 20 is the last counted, and there are more.
        const users = [anAdminUser({ name: `Silva ${pageNumber}` })];
        return { body: { users, ...page(users, { page: pageNumber, total: 200 + (pageNumber > 20 ? 200 : 0), moreThanTotal: true }) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/users?search=silva&page=20', { token: 'jwt-bia' });
    expect(await screen.findByRole('link', { name: 'Silva 20' })).toBeInTheDocument();
    const paging = screen.getByRole('navigation', { name: 'Paginação' });
    expect(paging).toHaveTextContent('mais de 200 usuários');
    expect(within(paging).getByText('Página 20 de 20+')).toBeInTheDocument();

    await user.click(within(paging).getByRole('button', { name: /Próxima/ }));
    expect(await screen.findByRole('link', { name: 'Silva 21' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/users').at(-1)!.path).toBe('/api/admin/users?search=silva&page=21');
    expect(within(paging).getByText('Página 21 de 40+')).toBeInTheDocument();
    expect(paging).toHaveTextContent('mais de 400 usuários');
  });

  it('a row clicked while the search is still pausing opens that user and stays there', async () => {
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/users': (call) => {
        const users = call.path.includes('search') ? [ana] : [ana, bruno];
        return { body: { users, ...page(users) } };
      },
      [`GET /api/admin/users/${ana.id}`]: { body: ana },
      [`GET /api/admin/users/${ana.id}/payments`]: {
        body: { stripePayments: [], stripePaymentsTotal: 0, creditTransactions: [], total: 0, page: 1, pageSize: 20, totalPages: 0 },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/users', { token: 'jwt-bia' });
    const details = await screen.findByRole('link', { name: 'Ver detalhes de Ana Souza' });

    // Typed and clicked well inside the 300 ms pause: the search settles after the click.
    await user.type(screen.getByLabelText('Buscar usuários'), 'ana');
    await user.click(details);
    await findPageHeading('Ana Souza');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(currentPath()).toBe(`/admin/users/${ana.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument();

    // The search typed before the click is what Voltar comes back to.
    window.history.back();
    expect(await screen.findByRole('heading', { level: 1, name: 'Usuários' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/admin/users?search=ana'));
    expect(screen.getByLabelText('Buscar usuários')).toHaveValue('ana');
  });

  it('says when nothing matches and shows a load error with a retry', async () => {
    let fail = true;
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/users': (call) => {
        if (fail) return { status: 500, body: { code: 'internal_error', message: 'Erro interno do servidor.' } };
        return call.path.includes('search')
          ? { body: { users: [], ...page([], { total: 0 }) } }
          : { body: { users: [bruno], ...page([bruno]) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/users', { token: 'jwt-bia' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao carregar usuários')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Bruno Lima' })).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Buscar usuários'), 'zé');
    expect(await screen.findByText('Nenhum usuário encontrado.')).toBeInTheDocument();
  });

  it('ends the session on a 401 and opens /login with the message', async () => {
    fakeApi({
      'GET /api/users/me': meReply(admin),
      'GET /api/admin/users': { status: 401, body: { code: 'session_expired', message: 'Token inválido' } },
      ...authConfig,
    });
    renderApp('/admin/users', { token: 'jwt-bia' });
    expect(await screen.findByText('Sua sessão expirou. Por favor, faça login novamente.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});
