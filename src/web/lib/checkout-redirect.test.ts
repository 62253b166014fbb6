import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutNavigation, checkoutUrl, isSandboxHost, redirectToCheckout } from './checkout-redirect';

afterEach(() => vi.restoreAllMocks());

describe('checkout redirect', () => {
  it('follows url (card) wherever the app runs', () => {
    expect(checkoutUrl({ url: 'https://checkout.stripe.com/c/pay/cs_1' }, 'borajogar.com.br')).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
  });

  it('uses the sandbox init point on local and sandbox hosts, the real one elsewhere', () => {
    const pix = { initPoint: 'https://mp/real', sandboxInitPoint: 'https://mp/sandbox' };
    for (const host of ['localhost', '127.0.0.1', 'app.local', 'sandbox.borajogar.com.br', 'bj-sandbox-1.example.com']) {
      expect(checkoutUrl(pix, host), host).toBe('https://mp/sandbox');
    }
    for (const host of ['borajogar.com.br', 'www.borajogar.com.br', 'preview-42.example.com']) {
      expect(checkoutUrl(pix, host), host).toBe('https://mp/real');
    }
    expect(isSandboxHost('[::1]')).toBe(true);
  });

  it('answers null without an address, and only navigates when there is one', () => {
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    expect(checkoutUrl({}, 'borajogar.com.br')).toBeNull();
    expect(redirectToCheckout({})).toBe(false);
    expect(go).not.toHaveBeenCalled();
    expect(redirectToCheckout({ initPoint: 'https://mp/real', sandboxInitPoint: 'https://mp/sandbox' })).toBe(true);
    // jsdom runs on localhost.
    expect(go).toHaveBeenCalledWith('https://mp/sandbox');
  });
});
