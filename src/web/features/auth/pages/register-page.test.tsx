import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { authConfig, player } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

/** Ana's name, e-mail and password, sent. */
async function submitRegistration(user: UserEvent) {
  await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
  await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
  await user.type(screen.getByLabelText('Senha'), 'segredo1');
  await user.click(screen.getByRole('button', { name: 'Registrar' }));
}

describe('register page', () => {
  it('requires name, email and a 6-character password', async () => {
    const api = fakeApi(authConfig);
    const user = userEvent.setup();
    renderApp('/register');
    await findPageHeading('Criar conta');

    await user.type(screen.getByLabelText('Senha'), '12345');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('E-mail é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  it('refuses a name with a direction control under the field, in the server’s words, sending nothing', async () => {
    const api = fakeApi(authConfig);
    const user = userEvent.setup();
    renderApp('/register');
    await findPageHeading('Criar conta');

    // Pasted, as nobody types U+202E: it would show "\u202Eetnaf" as "fante".
    await user.click(screen.getByLabelText('Nome'));
    await user.paste('\u202Eetnaf');
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription(
        'O nome não pode ter quebras de linha nem caracteres de controle de direção.',
      ),
    );
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  it('shows the server message for a taken email under the field, until the field changes', async () => {
    fakeApi({
      ...authConfig,
      'POST /api/auth/register': {
        status: 409,
        body: { code: 'email_taken', message: 'Este e-mail já está cadastrado', fields: { email: 'Este e-mail já está cadastrado' } },
      },
    });
    const user = userEvent.setup();
    renderApp('/register');
    await findPageHeading('Criar conta');

    await submitRegistration(user);

    await waitFor(() => expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Este e-mail já está cadastrado'));
    // Said once, under the field, not again in a banner above the form.
    expect(screen.getAllByText('Este e-mail já está cadastrado')).toHaveLength(1);

    await user.type(screen.getByLabelText('E-mail'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Este e-mail já está cadastrado')).not.toBeInTheDocument();
  });

  it('creates the account and lands on the player home', async () => {
    const api = fakeApi({ ...authConfig, 'POST /api/auth/register': { status: 201, body: { token: 'jwt-new', user: player } } });
    const user = userEvent.setup();
    renderApp('/register');
    await findPageHeading('Criar conta');

    await submitRegistration(user);

    await findPageHeading('Olá, Ana!');
    expect(currentPath()).toBe('/');
    expect(window.localStorage.getItem('authToken')).toBe('jwt-new');
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      password: 'segredo1',
    });
  });
});
