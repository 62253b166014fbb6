import { act, fireEvent, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { authConfig } from '../../../test/fixtures';
import { currentPath, findPageHeading, renderApp } from '../../../test/render-app';

function box(n: number) {
  return screen.getByLabelText(`Dígito ${n}`);
}

function codeValues() {
  return [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('');
}

/** Types `code` and a strong new password, twice, and sends them. */
async function submitNewPassword(user: UserEvent, code: string) {
  await user.click(box(1));
  await user.keyboard(code);
  await user.type(screen.getByLabelText('Nova senha'), 'NovaSenha#1');
  await user.type(screen.getByLabelText('Confirmar senha'), 'NovaSenha#1');
  await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
}

async function openResetPage(path = '/reset-password?email=ana%40exemplo.com.br') {
  renderApp(path);
  await findPageHeading('Redefinir senha');
}

describe('reset password page', () => {
  it('prefills the email and fills all six boxes from a pasted code', async () => {
    fakeApi(authConfig);
    await openResetPage();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@exemplo.com.br');

    box(3).focus();
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 12-34 56 ' } });

    expect(codeValues()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('accepts digits only, moves on while typing, goes back with Backspace and moves with the arrows', async () => {
    fakeApi(authConfig);
    const user = userEvent.setup();
    await openResetPage();

    await user.click(box(1));
    await user.keyboard('1a2');
    expect(codeValues()).toBe('12');
    expect(box(3)).toHaveFocus();

    await user.keyboard('{Backspace}');
    // Box 3 was empty: Backspace goes back and clears box 2.
    expect(box(2)).toHaveFocus();
    expect(codeValues()).toBe('1');

    await user.keyboard('7{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(box(2)).toHaveFocus();
    expect(codeValues()).toBe('17');
  });

  it('keeps the submit disabled until every field is filled and checks the passwords', async () => {
    const api = fakeApi(authConfig);
    const user = userEvent.setup();
    await openResetPage();
    const submit = screen.getByRole('button', { name: 'Redefinir senha' });
    expect(submit).toBeDisabled();

    await user.click(box(1));
    await user.keyboard('123456');
    await user.type(screen.getByLabelText('Nova senha'), 'abc');
    expect(screen.getByText('Força da senha: Fraca')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirmar senha'), 'abd');
    expect(submit).toBeEnabled();

    await user.click(submit);
    expect(await screen.findByText('A senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(screen.getByText('As senhas não coincidem')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Nova senha'), 'Def#12');
    expect(screen.getByText('Força da senha: Forte')).toBeInTheDocument();
  });

  it('explains that codes expire in 15 minutes and offers a new code or another email', async () => {
    fakeApi({
      ...authConfig,
      'POST /api/auth/reset-password': {
        status: 400,
        body: { code: 'reset_code_invalid', message: 'Código de verificação inválido ou expirado' },
      },
    });
    const user = userEvent.setup();
    await openResetPage();

    await submitNewPassword(user, '654321');

    expect(await screen.findByText(/expiram em 15 minutos/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar novo código' })).toHaveAttribute('href', '/forgot?email=ana%40exemplo.com.br');
    expect(screen.getByRole('link', { name: 'Usar outro email' })).toHaveAttribute('href', '/forgot');
    // The server's text is also shown as a toast.
    expect(screen.getByRole('alert')).toHaveTextContent('Código de verificação inválido ou expirado');
  });

  it('marks the code expired on reset_code_invalid only, whatever the words of another error', async () => {
    fakeApi({
      ...authConfig,
      'POST /api/auth/reset-password': {
        status: 429,
        body: { code: 'rate_limited', message: 'Código inválido? Muitas tentativas (expired).' },
      },
    });
    const user = userEvent.setup();
    await openResetPage();

    await submitNewPassword(user, '654321');

    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas');
    expect(screen.queryByText(/expiram em 15 minutos/)).not.toBeInTheDocument();
  });

  it('after a wrong code then the right one, the red error goes and only the success shows', async () => {
    let tries = 0;
    fakeApi({
      ...authConfig,
      'POST /api/auth/reset-password': () => {
        tries += 1;
        return tries === 1
          ? { status: 400, body: { code: 'reset_code_invalid', message: 'Código de verificação inválido ou expirado' } }
          : { body: { message: 'Senha redefinida com sucesso!' } };
      },
    });
    const user = userEvent.setup();
    await openResetPage();
    await submitNewPassword(user, '654321');
    expect(await screen.findByRole('alert')).toHaveTextContent('Código de verificação inválido ou expirado');

    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('Senha redefinida com sucesso!')).toBeInTheDocument();
    expect(screen.queryByText('Código de verificação inválido ou expirado')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('confirms the new password and goes to the login page after 2 seconds with a message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({ ...authConfig, 'POST /api/auth/reset-password': { body: { message: 'Senha redefinida com sucesso!' } } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openResetPage();

    await submitNewPassword(user, '123456');

    expect(await screen.findByText('Senha redefinida com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      email: 'ana@exemplo.com.br',
      code: '123456',
      newPassword: 'NovaSenha#1',
    });
    expect(currentPath()).toBe('/reset-password?email=ana%40exemplo.com.br');

    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await findPageHeading('Entrar no Bora Jogar');
    expect(currentPath()).toBe('/login');
    expect(screen.getByText('Senha redefinida com sucesso! Faça login com sua nova senha.')).toBeInTheDocument();
  });
});
