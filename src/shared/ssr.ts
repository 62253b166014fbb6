/**
 * The contract between the server and the module it renders visitor pages with
 * (`src/web/entry-server.tsx`, built into dist/ssr). The server never imports web code: it loads
 * the built module and hands it a way to call its own API in-process.
 */

/** Answers a request for `url` (`/api/...`) the way the network would (the server uses `app.inject`). */
export type SsrApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A server-rendered page: the markup of `#root`, the query cache it was rendered with (JSON), the
 * document title, and when the browser hydrates it: at once, or on the first interaction.
 */
export type SsrPage = { html: string; state: string; title: string; hydrate: 'eager' | 'interaction'; share: SharePreview | null };

/**
 * What a link preview (WhatsApp, social networks: Open Graph and Twitter tags) shows for a page that
 * sets one; the server adds the page's absolute address and the image.
 */
export type SharePreview = { title: string; description: string };

/**
 * Renders `url` (absolute) as a visitor sees it, or null when the path is not a visitor page
 * (a player-only path redirects on the client instead).
 */
export type SsrRender = (url: string, transport: SsrApiTransport) => Promise<SsrPage | null>;

/** The id of the `<script type="application/json">` carrying `SsrPage.state`. */
export const SSR_STATE_ELEMENT_ID = 'ssr-state';

/** An element carrying this attribute needs the app at once (it does its work in effects). */
export const HYDRATE_AT_ONCE_ATTRIBUTE = 'data-hydrate-at-once';
