import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { admin, authConfig, meReply, player } from '../test/fixtures';
import { openLoginPage, submitLogin } from '../test/login-form';
import { currentPath, findPageHeading, renderApp } from '../test/render-app';

describe('session and route trees', () => {
  it('shows Carregando... while the stored token is resolved, then the player home', async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    const api = fakeApi({ 'GET /api/users/me': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/', { token: 'jwt-ana' });

    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/me')[0]?.headers.Authorization).toBe('Bearer jwt-ana');
    answer(meReply(player));

    await findPageHeading('Olá, Ana!');
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
  });

  it('forgets a token the server no longer accepts and shows the visitor site', async () => {
    fakeApi({ 'GET /api/users/me': { status: 401, body: { code: 'session_expired', message: 'Token inválido' } } });
    renderApp('/', { token: 'old' });

    await findPageHeading('Seu jogo de vôlei, sem planilha e sem PIX perdido no grupo');
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(currentPath()).toBe('/');
  });

  it('sends a visitor from an unknown route to /', async () => {
    fakeApi(authConfig);
    renderApp('/nada-aqui');
    await findPageHeading('Seu jogo de vôlei, sem planilha e sem PIX perdido no grupo');
    expect(currentPath()).toBe('/');
  });

  it("shows a visitor the games list at /games, and the sign-in form at a player's page, which it opens once signed in", async () => {
    fakeApi(authConfig);
    renderApp('/games?date=2026-12-05');
    await findPageHeading('Jogos abertos');
    expect(currentPath()).toBe('/games?date=2026-12-05');

    fakeApi({ ...authConfig, 'POST /api/auth/login': { body: { token: 'jwt-ana', user: player } }, 'GET /api/users/me': meReply(player) });
    renderApp('/profile');
    await findPageHeading('Entrar no Bora Jogar');
    expect(screen.getByText('Entre na sua conta para ver esta página.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register?next=%2Fprofile');
    await submitLogin(userEvent.setup(), 'ana@exemplo.com');
    await findPageHeading('Meu perfil');
    expect(currentPath()).toBe('/profile');
  });

  it('sends a player away from visitor-only and admin routes to /', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player) });
    renderApp('/admin/users', { token: 'jwt-ana' });
    await findPageHeading('Olá, Ana!');
    expect(currentPath()).toBe('/');
  });

  it('keeps an admin inside /admin', async () => {
    fakeApi({ 'GET /api/users/me': meReply(admin) });
    renderApp('/games', { token: 'jwt-bia' });
    await findPageHeading('Painel');
    expect(currentPath()).toBe('/admin');

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Usuários' }));
    await findPageHeading('Usuários');
    expect(currentPath()).toBe('/admin/users');
  });

  it('asks before leaving the admin panel for the site, which signs the admin out', async () => {
    fakeApi({ 'GET /api/users/me': meReply(admin) });
    const user = userEvent.setup();
    renderApp('/admin', { token: 'jwt-bia' });
    await findPageHeading('Painel');

    await user.click(screen.getAllByRole('button', { name: 'Voltar ao site' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Voltar ao site' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(window.localStorage.getItem('authToken')).toBe('jwt-bia');

    await user.click(screen.getAllByRole('button', { name: 'Voltar ao site' })[0]!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sair e voltar ao site' }));
    await findPageHeading('Seu jogo de vôlei, sem planilha e sem PIX perdido no grupo');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('logs a player out from the user menu and lands on /login', async () => {
    fakeApi({ ...authConfig, 'GET /api/users/me': meReply(player) });
    const user = userEvent.setup();
    renderApp('/games', { token: 'jwt-ana' });
    window.localStorage.setItem('googleToken', 'g');
    await findPageHeading('Jogos');

    await user.click(screen.getByRole('button', { name: 'Menu do usuário' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Meu perfil' })).toHaveAttribute('href', '/profile');
    expect(within(menu).queryByRole('menuitem', { name: 'Painel admin' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sair' }));

    await findPageHeading('Entrar no Bora Jogar');
    expect(currentPath()).toBe('/login');
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('googleToken')).toBeNull();
  });

  it('scrolls to the top on every navigation', async () => {
    fakeApi(authConfig);
    const user = userEvent.setup();
    renderApp('/');
    await findPageHeading('Seu jogo de vôlei, sem planilha e sem PIX perdido no grupo');
    const before = (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length;

    await user.click(screen.getAllByRole('link', { name: 'Termos' })[0]!);
    await findPageHeading('Termos de Uso');
    await waitFor(() => expect((window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBeGreaterThan(before));
  });
});

describe('theme', () => {
  it('starts light, toggles to dark on <html> and remembers the choice', async () => {
    fakeApi(authConfig);
    const user = userEvent.setup();
    await openLoginPage();
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Alternar tema' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Alternar tema' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('is also in the logged-in header', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player) });
    const user = userEvent.setup();
    renderApp('/', { token: 'jwt-ana' });
    await findPageHeading('Olá, Ana!');
    await user.click(screen.getByRole('button', { name: 'Alternar tema' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });
});
