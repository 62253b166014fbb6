import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { fakePushBrowser } from '../test/fake-push';
import { enableDevicePush, PushServiceTimeout } from './push-subscription';

const PUBLIC_KEY = 'BLbOsOXuTLFG9VgqR8GRleseKQqHc0Xhrc7wbsfyKxLNk5txw_DE1I2IdizGIfbxyIokhHbKH-Iq5us0PqoCnLs';

describe('turning push on', () => {
  it('a subscription the push service grants after the wait was given up is dropped, never sent to the server', async () => {
    const browser = fakePushBrowser();
    const subscribe = browser.pushManager.subscribe.getMockImplementation()!;
    let grant: () => void = () => undefined;
    browser.pushManager.subscribe.mockImplementation(
      (options) =>
        new Promise((resolve) => {
          grant = () => void subscribe(options).then(resolve);
        }),
    );
    const api = fakeApi({
      'GET /api/push/public-key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/users/me/push-subscriptions': { status: 201, body: { message: 'Notificações ativadas neste aparelho.' } },
    });

    await expect(enableDevicePush(30)).rejects.toBeInstanceOf(PushServiceTimeout);
    grant();
    await expect.poll(() => browser.subscription.unsubscribe.mock.calls.length).toBe(1);
    expect(await browser.pushManager.getSubscription()).toBeNull();
    expect(api.callsTo('POST', '/api/users/me/push-subscriptions')).toHaveLength(0);
  });
});
