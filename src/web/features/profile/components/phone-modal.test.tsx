import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { admin, authConfig, meReply, player } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const withoutPhone = { ...player, phone: null };

describe('phone modal', () => {
  it('opens for a player without a phone, masks and validates the number, then saves it', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(withoutPhone),
      'PUT /api/users/phone': { body: { message: 'Telefone salvo com sucesso.', user: { ...withoutPhone, phone: '48991234567' } } },
    });
    const user = userEvent.setup();
    renderApp('/', { token: 'jwt-ana' });

    const dialog = await screen.findByRole('dialog', { name: 'Informe seu telefone' });
    const phone = within(dialog).getByLabelText('Telefone');
    // The dialog moves focus in an effect, just after it appears.
    await waitFor(() => expect(phone).toHaveFocus());

    await user.type(phone, '48');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Informe um telefone válido no formato brasileiro. Ex.: (11) 91234-5678')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/phone')).toHaveLength(0);

    await user.type(phone, '99123456789999');
    expect(phone).toHaveValue('(48) 99123-4567');
    expect(within(dialog).queryByText(/Informe um telefone válido/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [save] = api.callsTo('PUT', '/api/users/phone');
    expect(save?.body).toEqual({ phone: '48991234567' });
    expect(save?.headers.Authorization).toBe('Bearer jwt-ana');
    expect(screen.getByRole('status')).toHaveTextContent('Telefone salvo com sucesso.');
  });

  it('shows the server error and keeps the dialog open', async () => {
    fakeApi({
      'GET /api/users/me': meReply(withoutPhone),
      'PUT /api/users/phone': { status: 500, body: {} },
    });
    const user = userEvent.setup();
    renderApp('/', { token: 'jwt-ana' });

    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Telefone'), '4833334444');
    expect(within(dialog).getByLabelText('Telefone')).toHaveValue('(48) 3333-4444');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erro interno do servidor. Tente novamente mais tarde.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    fakeApi({ 'GET /api/users/me': meReply(withoutPhone) });
    const user = userEvent.setup();
    renderApp('/', { token: 'jwt-ana' });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open for a player who already has a phone', async () => {
    fakeApi({ 'GET /api/users/me': meReply(player) });
    renderApp('/', { token: 'jwt-ana' });
    await findPageHeading('Olá, Ana!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ends the session when the server rejects the token, back at login with a message', async () => {
    fakeApi({
      'GET /api/users/me': meReply(withoutPhone),
      'PUT /api/users/phone': { status: 401, body: { code: 'session_expired', message: 'Token inválido' } },
      ...authConfig,
    });
    const user = userEvent.setup();
    renderApp('/', { token: 'jwt-ana' });

    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Telefone'), '48991234567');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await findPageHeading('Entrar no Bora Jogar');
    expect(currentPath()).toBe('/login');
    expect(screen.getByText('Sua sessão expirou. Por favor, faça login novamente.')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('is never shown to an admin', async () => {
    fakeApi({ 'GET /api/users/me': meReply({ ...admin, phone: null }) });
    renderApp('/admin', { token: 'jwt-bia' });
    await findPageHeading('Painel');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
