import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { FAKE_PUSH_ENDPOINT, FAKE_PUSH_KEYS, fakePushBrowser } from '../../test/fake-push';
import { pushServiceTimeoutText } from './device-push';
import { meReply, player } from '../../test/fixtures';
import { findPageHeading, renderApp } from '../../test/render-app';

const PUBLIC_KEY = 'BLbOsOXuTLFG9VgqR8GRleseKQqHc0Xhrc7wbsfyKxLNk5txw_DE1I2IdizGIfbxyIokhHbKH-Iq5us0PqoCnLs';

function notificationsApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/users/me': meReply(player),
    'GET /api/notifications': { body: [] },
    'GET /api/notifications/unread-count': { body: { count: 0 } },
    'GET /api/push/public-key': { body: { publicKey: PUBLIC_KEY } },
    'POST /api/users/me/push-subscriptions': { status: 201, body: { message: 'Notificações ativadas neste aparelho.' } },
    'DELETE /api/users/me/push-subscriptions': { body: { message: 'Notificações desativadas neste aparelho.' } },
    ...extra,
  });
}

async function devicePanel() {
  await findPageHeading('Notificações');
  return within(await screen.findByRole('region', { name: 'Notificações neste aparelho' }));
}

describe('notifications on this device', () => {
  it('"Ativar notificações neste aparelho" asks permission, subscribes with the server key and sends the subscription', async () => {
    const browser = fakePushBrowser();
    const api = notificationsApi();
    const user = userEvent.setup();
    renderApp('/notifications', { token: 'jwt-ana' });
    const panel = await devicePanel();
    expect(await panel.findByText('Desativado neste aparelho')).toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Ativar notificações neste aparelho' }));
    expect(await panel.findByText('Ativado neste aparelho')).toBeInTheDocument();
    expect(panel.getByRole('status')).toHaveTextContent('Notificações ativadas neste aparelho.');
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const [subscribed] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(subscribed.userVisibleOnly).toBe(true);
    // The key as bytes: the uncompressed point the server gave in base64url.
    expect(subscribed.applicationServerKey).toHaveLength(65);
    expect(subscribed.applicationServerKey[0]).toBe(4);
    expect(api.callsTo('POST', '/api/users/me/push-subscriptions')[0]!.body).toEqual({
      endpoint: FAKE_PUSH_ENDPOINT,
      keys: FAKE_PUSH_KEYS,
    });
    expect(panel.getByRole('button', { name: 'Desativar neste aparelho' })).toBeInTheDocument();
  });

  it('"Desativar neste aparelho" tells the server and forgets the subscription', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    const api = notificationsApi();
    const user = userEvent.setup();
    renderApp('/notifications', { token: 'jwt-ana' });
    const panel = await devicePanel();
    await user.click(await panel.findByRole('button', { name: 'Desativar neste aparelho' }));
    expect(await panel.findByText('Desativado neste aparelho')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/me/push-subscriptions')[0]!.body).toEqual({ endpoint: FAKE_PUSH_ENDPOINT });
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('says when the browser blocks notifications, and how to unblock them', async () => {
    fakePushBrowser({ permission: 'denied' });
    notificationsApi();
    renderApp('/notifications', { token: 'jwt-ana' });
    const panel = await devicePanel();
    expect(await panel.findByText('Bloqueado pelo navegador')).toBeInTheDocument();
    expect(panel.getByText(/libere as notificações nas configurações do site/)).toBeInTheDocument();
    expect(panel.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a refusal when asked leaves it off and subscribes nothing', async () => {
    const browser = fakePushBrowser({ answer: 'denied' });
    const api = notificationsApi();
    const user = userEvent.setup();
    renderApp('/notifications', { token: 'jwt-ana' });
    const panel = await devicePanel();
    await user.click(await panel.findByRole('button', { name: 'Ativar notificações neste aparelho' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('Sem a sua permissão, o navegador não mostra as notificações.');
    expect(panel.getByText('Bloqueado pelo navegador')).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/api/users/me/push-subscriptions')).toHaveLength(0);
  });

  it("shows the server's refusal of the subscription in Portuguese", async () => {
    fakePushBrowser();
    notificationsApi({
      'POST /api/users/me/push-subscriptions': {
        status: 400,
        body: {
          code: 'push_endpoint_refused',
          message: 'O endereço de envio não é aceito.',
          fields: { endpoint: 'O endereço de envio não é aceito.' },
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/notifications', { token: 'jwt-ana' });
    const panel = await devicePanel();
    await user.click(await panel.findByRole('button', { name: 'Ativar notificações neste aparelho' }));
    expect(await panel.findByRole('alert')).toHaveTextContent('O endereço de envio não é aceito.');
    await waitFor(() => expect(panel.getByRole('button', { name: 'Ativar notificações neste aparelho' })).toBeEnabled());
  });

  it('a browser without Web Push says so, with what to do on an iPhone', async () => {
    notificationsApi();
    renderApp('/notifications', { token: 'jwt-ana' });
    const panel = await devicePanel();
    expect(await panel.findByText('Não suportado neste navegador')).toBeInTheDocument();
    expect(panel.getByText(/No iPhone, adicione o Bora Jogar à tela de início/)).toBeInTheDocument();
  });

  it('gives up after 10 s when the push service does not answer, says why, and stays off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const browser = fakePushBrowser();
      browser.pushManager.subscribe.mockImplementation(() => new Promise(() => undefined));
      const api = notificationsApi();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderApp('/notifications', { token: 'jwt-ana' });
      const panel = await devicePanel();
      await user.click(await panel.findByRole('button', { name: 'Ativar notificações neste aparelho' }));
      expect(panel.getByRole('button', { name: 'Ativando...' })).toBeInTheDocument();
      await waitFor(() => expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1));
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(panel.queryByRole('alert')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(await panel.findByRole('alert')).toHaveTextContent(pushServiceTimeoutText);
      expect(panel.getByText('Desativado neste aparelho')).toBeInTheDocument();
      expect(panel.getByRole('button', { name: 'Ativar notificações neste aparelho' })).toBeEnabled();
      expect(api.callsTo('POST', '/api/users/me/push-subscriptions')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
