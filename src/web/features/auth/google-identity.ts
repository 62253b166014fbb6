/** The few parts of Google Identity Services the sign-in button uses. */
type GoogleCredentialResponse = { credential?: string };

type GoogleAccountsId = {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      width?: number;
      text?: string;
      locale?: string;
    },
  ): void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const GOOGLE_LOAD_TIMEOUT_MS = 10_000;
export const GOOGLE_POLL_INTERVAL_MS = 100;

let pending: Promise<GoogleAccountsId> | null = null;

/**
 * Adds Google's script once, then polls every 100 ms for `google.accounts.id`;
 * gives up after 10 s (the promise rejects and the next call tries again).
 */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  if (pending) return pending;
  pending = new Promise<GoogleAccountsId>((resolve, reject) => {
    if (!document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)) {
      const script = document.createElement('script');
      script.src = GOOGLE_SCRIPT_URL;
      script.async = true;
      script.defer = true;
      document.head.appendChild(script);
    }
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const api = window.google?.accounts?.id;
      if (api) {
        window.clearInterval(timer);
        pending = null;
        resolve(api);
      } else if (Date.now() - startedAt >= GOOGLE_LOAD_TIMEOUT_MS) {
        window.clearInterval(timer);
        pending = null;
        reject(new Error('Falha ao carregar Google Auth'));
      }
    }, GOOGLE_POLL_INTERVAL_MS);
  });
  return pending;
}
