/**
 * Where to send the browser after the server opened a hosted checkout (a top-up, or a game applied
 * to by card or PIX). Card replies carry `url`; PIX replies `initPoint` and `sandboxInitPoint`, and
 * the sandbox address is used when the app runs on a local host or one whose name contains
 * "sandbox" (spec: players §7).
 */
export type CheckoutReply = { url?: string | null; initPoint?: string | null; sandboxInitPoint?: string | null };

export function isSandboxHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '0.0.0.0' ||
    host.endsWith('.local') ||
    host.includes('sandbox')
  );
}

/** The checkout address in a reply, or null when the reply carries none (e.g. `{ waitlisted: true }`). */
export function checkoutUrl(reply: CheckoutReply, hostname: string = window.location.hostname): string | null {
  if (reply.url) return reply.url;
  if (isSandboxHost(hostname) && reply.sandboxInitPoint) return reply.sandboxInitPoint;
  return reply.initPoint || reply.sandboxInitPoint || null;
}

/** The browser navigation itself, replaceable in tests (jsdom cannot leave the page). */
export const checkoutNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** Sends the browser to the checkout; false when the reply has no address (the caller decides what then). */
export function redirectToCheckout(reply: CheckoutReply): boolean {
  const url = checkoutUrl(reply);
  if (!url) return false;
  checkoutNavigation.go(url);
  return true;
}
