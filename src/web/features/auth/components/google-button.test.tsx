import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { openLoginPage } from '../../../test/login-form';
import { findPageHeading, renderApp } from '../../../test/render-app';
import { TEST_ORIGIN } from '../../../test/fixtures';

describe('Google sign-in', () => {
  it('is offered only on the origins the server lists', async () => {
    expect(window.location.origin).toBe(TEST_ORIGIN);
    fakeApi({
      'GET /api/auth/config': {
        body: { googleClientId: 'client-123', googleAllowedOrigins: ['https://borajogar.com.br', 'http://localhost:3001'] },
      },
    });
    await openLoginPage();
    expect(await screen.findByText('Domínio não autorizado para autenticação Google')).toBeInTheDocument();
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).toBeNull();
  });

  it('shows nothing, not even the "ou" divider, when the server has no client id', async () => {
    fakeApi({ 'GET /api/auth/config': { body: { googleClientId: null, googleAllowedOrigins: [TEST_ORIGIN] } } });
    await openLoginPage();
    expect(screen.queryByText('ou')).not.toBeInTheDocument();
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).toBeNull();
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
  });

  it('loads Google script, renders its button and sends the credential to the server', async () => {
    const renderButton = vi.fn();
    let callback: (response: { credential?: string }) => void = () => {};
    const api = fakeApi({
      'GET /api/auth/config': { body: { googleClientId: 'client-123', googleAllowedOrigins: [TEST_ORIGIN] } },
      'POST /api/auth/google': {
        status: 401,
        body: { code: 'google_token_invalid', message: 'Não foi possível validar sua conta Google. Tente novamente.' },
      },
    });
    await openLoginPage();
    expect(await screen.findByText('Carregando login com Google...')).toBeInTheDocument();
    expect(screen.getByText('ou')).toBeInTheDocument();
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull();

    vi.stubGlobal('google', {
      accounts: {
        id: {
          initialize: (config: { client_id: string; auto_select: boolean; callback: typeof callback }) => {
            expect(config).toMatchObject({ client_id: 'client-123', auto_select: false });
            callback = config.callback;
          },
          renderButton,
        },
      },
    });
    await vi.waitFor(() => expect(renderButton).toHaveBeenCalled());
    expect(renderButton.mock.calls[0]?.[1]).toMatchObject({ theme: 'outline', size: 'large', width: 400 });

    await act(async () => callback({ credential: 'google-id-token' }));
    expect(await screen.findByText('Não foi possível validar sua conta Google. Tente novamente.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/google')[0]?.body).toEqual({ token: 'google-id-token' });
  });

  it('gives up after 10 seconds when the script never loads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ 'GET /api/auth/config': { body: { googleClientId: 'client-123', googleAllowedOrigins: [TEST_ORIGIN] } } });
    renderApp('/register');
    await findPageHeading('Criar conta');
    await screen.findByText('Carregando login com Google...');

    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(await screen.findByText('Falha ao carregar Google Auth')).toBeInTheDocument();
  });
});
