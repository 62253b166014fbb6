import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { openLoginPage, submitLogin } from '../../../test/login-form';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';
import { aPlayerGame, authConfig, meReply, player } from '../../../test/fixtures';

describe('login page', () => {
  it('validates the fields on the client before calling the server', async () => {
    const api = fakeApi(authConfig);
    const user = userEvent.setup();
    await openLoginPage();

    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('E-mail é obrigatório');

    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo');
    // Typing clears the message of that field.
    expect(screen.queryByText('E-mail é obrigatório')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Formato de e-mail inválido')).toBeInTheDocument();

    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('shows the server error and stays on the page', async () => {
    fakeApi({
      ...authConfig,
      'POST /api/auth/login': { status: 401, body: { code: 'invalid_credentials', message: 'Credenciais inválidas' } },
    });
    const user = userEvent.setup();
    await openLoginPage();

    await submitLogin(user, 'ana@exemplo.com.br', 'errada1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Credenciais inválidas');
    expect(currentPath()).toBe('/login');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('falls back to the connection error when the network fails', async () => {
    fakeApi({ ...authConfig, 'POST /api/auth/login': 'network-error' });
    const user = userEvent.setup();
    await openLoginPage();

    await submitLogin(user, 'ana@exemplo.com.br');

    expect(await screen.findByRole('alert')).toHaveTextContent('Erro de conexão. Tente novamente.');
  });

  it('signs in, stores the token and lands on the home page of the player', async () => {
    let resolveLogin: (value: { body: unknown }) => void = () => {};
    const api = fakeApi({
      ...authConfig,
      'POST /api/auth/login': () => new Promise((resolve) => (resolveLogin = resolve)),
    });
    const user = userEvent.setup();
    await openLoginPage();

    await submitLogin(user, ' Ana@Exemplo.com.br ');

    const busy = await screen.findByRole('button', { name: 'Entrando...' });
    expect(busy).toBeDisabled();
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ email: 'ana@exemplo.com.br', password: 'segredo1' });

    resolveLogin({ body: { token: 'jwt-ana', user: player } });
    await findPageHeading('Olá, Ana!');
    expect(currentPath()).toBe('/');
    expect(window.localStorage.getItem('authToken')).toBe('jwt-ana');
    expect(screen.getByRole('button', { name: 'Menu do usuário' })).toBeInTheDocument();
    expect(screen.getByText('R$ 25,50')).toBeInTheDocument();
  });

  it('goes to the private game whose invite link was kept before login', async () => {
    fakeApi({
      ...authConfig,
      'POST /api/auth/login': { body: { token: 'jwt-ana', user: player } },
      'GET /api/games/private/abc123': { body: aPlayerGame({ name: 'Vôlei dos Amigos', visibility: 'private', privateLink: 'abc123' }) },
    });
    window.localStorage.setItem('inviteLink', 'abc123');
    const user = userEvent.setup();
    await openLoginPage();

    await submitLogin(user, 'ana@exemplo.com.br');

    await findPageHeading('Vôlei dos Amigos');
    expect(currentPath()).toBe('/games/private/abc123');
    expect(window.localStorage.getItem('inviteLink')).toBeNull();
  });

  it('a visitor on a game link signs in (or goes to register) and comes back to that game; ', async () => {
    const game = aPlayerGame({ name: 'Vôlei do Link' });
    fakeApi({
      ...authConfig,
      [`GET /api/games/${game.id}`]: { body: game },
      'POST /api/auth/login': { body: { token: 'jwt-ana', user: player } },
      'GET /api/users/me': meReply(player),
    });
    const user = userEvent.setup();
    renderApp(`/apply/${game.id}`);
    await findPageHeading('Vôlei do Link');
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', `/register?next=%2Fapply%2F${game.id}`);
    await user.click(screen.getByRole('link', { name: 'Entrar para participar' }));
    await findPageHeading('Entrar no Bora Jogar');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Criar conta' })).toHaveAttribute(
      'href',
      `/register?next=%2Fapply%2F${game.id}`,
    );

    await submitLogin(user, 'ana@exemplo.com.br');
    await findPageHeading('Vôlei do Link');
    expect(currentPath()).toBe(`/apply/${game.id}`);
  });

  it('ignores a next that leaves the site', async () => {
    fakeApi({ ...authConfig, 'POST /api/auth/login': { body: { token: 'jwt-ana', user: player } } });
    const user = userEvent.setup();
    renderApp('/login?next=%2F%2Fevil.com');
    await findPageHeading('Entrar no Bora Jogar');
    await submitLogin(user, 'ana@exemplo.com.br');
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('shows a message passed in navigation state in a green box and clears it from history', async () => {
    fakeApi(authConfig);
    renderApp('/login', { state: { message: 'Senha redefinida com sucesso! Faça login com sua nova senha.' } });
    await findPageHeading('Entrar no Bora Jogar');

    const box = screen.getByRole('status');
    expect(box).toHaveTextContent('Senha redefinida com sucesso! Faça login com sua nova senha.');
    await waitFor(() => expect((window.history.state as { usr?: unknown } | null)?.usr ?? null).toBeNull());
    expect(within(box).getByText(/Senha redefinida/)).toBeVisible();
  });
});
