import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages';
import { fakeApi } from '../../../test/fake-api';
import { meReply, player } from '../../../test/fixtures';
import { findPageHeading, renderApp } from '../../../test/render-app';

describe('profile: the account', () => {
  it('saves the name and phone, refusing a bad phone before calling the server', async () => {
    let saved = player;
    const api = fakeApi({
      'GET /api/users/me': () => meReply(saved),
      'PUT /api/users/me': (call) => {
        saved = { ...player, ...(call.body as object) };
        return { body: { message: messages.profileSaved, user: saved } };
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');
    const form = within(screen.getByRole('form', { name: 'Dados pessoais' }));

    await user.clear(form.getByLabelText('Telefone'));
    await user.type(form.getByLabelText('Telefone'), '123');
    await user.click(form.getByRole('button', { name: 'Salvar dados' }));
    expect(form.getByText(messages.phoneInvalid)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me')).toHaveLength(0);

    await user.clear(form.getByLabelText('Nome'));
    await user.type(form.getByLabelText('Nome'), '  Ana Lima ');
    await user.clear(form.getByLabelText('Telefone'));
    await user.type(form.getByLabelText('Telefone'), '11912345678');
    await user.click(form.getByRole('button', { name: 'Salvar dados' }));
    expect(await screen.findByText(messages.profileSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/me')[0]!.body).toEqual({ name: 'Ana Lima', phone: '11912345678' });
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
  });

  it('shows a wrong current password under its field', async () => {
    fakeApi({
      'GET /api/users/me': meReply(player),
      'POST /api/users/me/password': {
        status: 400,
        body: {
          code: 'current_password_wrong',
          message: messages.currentPasswordWrong,
          fields: { currentPassword: messages.currentPasswordWrong },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');
    await user.type(screen.getByLabelText('Senha atual'), 'errada-123');
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-456');
    await user.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(await screen.findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Senha atual')).toHaveAttribute('aria-invalid', 'true');
  });

  it('deletes the account after the password, with the balance given up only when ticked', async () => {
    const api = fakeApi({
      'GET /api/users/me': meReply(player),
      'GET /api/auth/config': { body: { googleClientId: null, googleAllowedOrigins: [] } },
      'DELETE /api/users/me': (call) =>
        (call.body as { forfeitCredits?: boolean }).forfeitCredits
          ? { body: { message: messages.accountDeletedDone } }
          : { status: 409, body: { code: 'account_has_credits', message: messages.deleteHasCredits('R$ 25,50') } },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');
    await user.click(screen.getByRole('button', { name: 'Excluir conta' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Excluir conta' }));

    await user.click(dialog.getByRole('button', { name: 'Excluir minha conta' }));
    expect(dialog.getByText(messages.deletePasswordRequired)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Sua senha'), 'senha-forte-123');
    await user.click(dialog.getByRole('button', { name: 'Excluir minha conta' }));
    expect(await dialog.findByText(messages.deleteHasCredits('R$ 25,50'))).toBeInTheDocument();

    await user.click(dialog.getByRole('checkbox', { name: 'Abro mão do meu saldo de R$ 25,50 em créditos' }));
    await user.click(dialog.getByRole('button', { name: 'Excluir minha conta' }));
    expect(await screen.findByText(messages.accountDeletedDone)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/me').map((call) => call.body)).toEqual([
      { password: 'senha-forte-123' },
      { password: 'senha-forte-123', forfeitCredits: true },
    ]);
    expect(window.localStorage.length).toBe(0);
  });

  it('an account without a password confirms with its e-mail and is told how to create a password', async () => {
    const api = fakeApi({
      'GET /api/users/me': { body: { ...meReply({ ...player, credits: 0 }).body, hasPassword: false } },
      'GET /api/auth/config': { body: { googleClientId: null, googleAllowedOrigins: [] } },
      'DELETE /api/users/me': { body: { message: messages.accountDeletedDone } },
    });
    const user = userEvent.setup();
    renderApp('/profile', { token: 'jwt-ana' });
    await findPageHeading('Meu perfil');
    expect(await screen.findByText(messages.noPasswordYet)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Excluir conta' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Excluir conta' }));
    await user.type(dialog.getByLabelText(/Digite seu e-mail/), 'ana@exemplo.com.br');
    await user.click(dialog.getByRole('button', { name: 'Excluir minha conta' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/users/me')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/users/me')[0]!.body).toEqual({ email: 'ana@exemplo.com.br' });
  });
});
