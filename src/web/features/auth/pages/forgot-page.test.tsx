import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { authConfig } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

const sent = { body: { message: 'Se o e-mail estiver cadastrado, você receberá um código de verificação em instantes.', expiresIn: 900 } };

describe('forgot password page', () => {
  it('prefills the email from the query and clears a field error on input', async () => {
    fakeApi(authConfig);
    const user = userEvent.setup();
    renderApp('/forgot?email=ana%40exemplo.com.br');
    await findPageHeading('Esqueci a senha');
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('ana@exemplo.com.br');

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('E-mail é obrigatório')).toBeInTheDocument();
    await user.type(email, 'a');
    expect(screen.queryByText('E-mail é obrigatório')).not.toBeInTheDocument();
  });

  it('is also served at /forgot-password', async () => {
    fakeApi(authConfig);
    renderApp('/forgot-password');
    await findPageHeading('Esqueci a senha');
    expect(currentPath()).toBe('/forgot-password');
  });

  it('counts down to expiry and offers a new code only at zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ ...authConfig, 'POST /api/auth/forgot': sent });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/forgot');
    await findPageHeading('Esqueci a senha');

    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));

    await findPageHeading('Verifique seu e-mail');
    expect(screen.getByText('Código enviado!')).toBeInTheDocument();
    expect(screen.getByText(/confira a caixa de spam/i)).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent(/^1[45]:\d\d$/);
    expect(screen.queryByRole('button', { name: 'Reenviar código' })).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('countdown')).toHaveTextContent(/^1[34]:\d\d$/);
    expect(screen.queryByRole('button', { name: 'Reenviar código' })).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(900_000);
    });
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
    const resend = screen.getByRole('button', { name: 'Reenviar código' });

    await user.click(resend);
    expect(await screen.findByTestId('countdown')).toHaveTextContent(/^1[45]:\d\d$/);
    expect(screen.queryByRole('button', { name: 'Reenviar código' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/forgot')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/auth/forgot')[1]?.body).toEqual({ email: 'ana@exemplo.com.br' });
  });

  it('continues to the reset page with the email', async () => {
    fakeApi({ ...authConfig, 'POST /api/auth/forgot': sent });
    const user = userEvent.setup();
    renderApp('/forgot');
    await findPageHeading('Esqueci a senha');

    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await user.click(await screen.findByRole('button', { name: 'Continuar para redefinir senha' }));

    await findPageHeading('Redefinir senha');
    expect(currentPath()).toBe('/reset-password?email=ana%40exemplo.com.br');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@exemplo.com.br');
  });
});
