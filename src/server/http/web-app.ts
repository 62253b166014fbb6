import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { statusOfCode } from '../../shared/error-codes';
import { gameListFiltersSearch, parseGameListFilters } from '../../shared/game-list-filters';
import { messages } from '../../shared/messages';
import { type SharePreview, SSR_STATE_ELEMENT_ID, type SsrApiTransport, type SsrPage, type SsrRender } from '../../shared/ssr';
import type { ChangeFeed } from '../db/change-feed';
import type { Clock } from '../lib/clock';
import { createRefreshingCache } from '../lib/refreshing-cache';
import { errorBody } from './errors';

const rootStart = '<div id="root"><!--app-html:start-->';
const rootEnd = '<!--app-html:end--></div>';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The image link previews show: the app's icon (crawlers need an absolute address). */
const SHARE_IMAGE_PATH = '/icons/icon-512.png';

/** Open Graph and Twitter tags, so a link pasted in WhatsApp or a social network shows a preview card. */
function shareTags(share: SharePreview, pageUrl: URL): string {
  const image = new URL(SHARE_IMAGE_PATH, pageUrl).href;
  const tags: [string, string, string][] = [
    ['name', 'description', share.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Bora Jogar'],
    ['property', 'og:locale', 'pt_BR'],
    ['property', 'og:url', pageUrl.href],
    ['property', 'og:title', share.title],
    ['property', 'og:description', share.description],
    ['property', 'og:image', image],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', share.title],
    ['name', 'twitter:description', share.description],
    ['name', 'twitter:image', image],
  ];
  return tags.map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`).join('');
}

/**
 * The built index.html with the page's markup and query cache where the loader was, its title and,
 * when it has one, its link preview (`pageUrl`: the page's public address).
 */
export function fillTemplate(template: string, page: SsrPage, pageUrl: URL): string | null {
  const start = template.indexOf(rootStart);
  const end = template.indexOf(rootEnd, start);
  if (start < 0 || end < 0) return null;
  // `<` only occurs inside JSON strings, where \u003c means the same and cannot close the script.
  const state = page.state.replace(/</g, '\\u003c');
  const escapedTitle = page.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const head = page.share ? shareTags(page.share, pageUrl) : '';
  return (
    template.slice(0, start).replace(/<title>[^<]*<\/title>/, `<title>${escapedTitle}</title>${head}`) +
    `<div id="root" data-ssr="${page.hydrate}">${page.html}</div>` +
    `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${state}</script>` +
    template.slice(end + rootEnd.length)
  );
}

/**
 * The visitor's games list, also at the player's address: its rendered page depends on the path and its filters only
 * (decision 031).
 */
const GAMES_LIST_PATHS = ['/public-games', '/games'];

/** Filtered games lists kept rendered at once; apart from the other pages, so many filters never push those out. */
const FILTERED_LIST_PAGES = 100;

/**
 * The address a page is rendered and kept under. A games list keeps only the filters it applies, in
 * one order: `?date=…&sportId=1&utm_source=x` and `?sportId=1&date=…` are one page, and values the
 * page ignores (`sportId=abc`) render and share the unfiltered list.
 */
export function pageAddress(url: string): { address: string; isFilteredList: boolean } {
  const parsed = new URL(url, 'http://localhost');
  if (!GAMES_LIST_PATHS.includes(parsed.pathname)) return { address: url, isFilteredList: false };
  const search = gameListFiltersSearch(parseGameListFilters(parsed.searchParams));
  return { address: `${parsed.pathname}${search}`, isFilteredList: search !== '' };
}

/** The renderer built next to the web app (dist/ssr), or null when there is none. */
async function loadRenderer(webRoot: string, log: FastifyBaseLogger): Promise<SsrRender | null> {
  const entry = path.join(path.dirname(webRoot), 'ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) {
    log.warn(`${entry} não existe: as páginas de visitante saem sem renderização no servidor`);
    return null;
  }
  const module = (await import(pathToFileURL(entry).href)) as { render?: SsrRender };
  return module.render ?? null;
}

/**
 * Serves the built SPA: hashed assets with a year of cache, everything else revalidated, and
 * `index.html` for every non-API GET so client routes work on reload. Visitor pages come rendered
 * (decision 013): the markup and the data they show are in the HTML, and the browser hydrates them.
 * `/api/*` misses get JSON 404s.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string | undefined,
  options: { cacheMs: number; clock: Clock; publicUrl: string; changes?: Pick<ChangeFeed, 'subscribe'> },
): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      // `/` is a page like any other (the route below renders it), not a file.
      index: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webRoot!, filePath);
        res.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const template = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  const render = hasBuild ? await loadRenderer(webRoot!, app.log) : null;

  // The renderer reads the API in-process, as a visitor: GETs only, no credentials.
  const transport: SsrApiTransport = async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`a renderização no servidor só lê a API (${init.method} ${url})`);
    const reply = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return new Response(reply.body, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
    });
  };

  // A rendered page is served from memory for as long as the visitor list it shows may be (LISTING_CACHE_MS).
  const cacheOf = (maxEntries: number) =>
    createRefreshingCache<string>({
      ttlMs: options.cacheMs,
      maxEntries,
      clock: options.clock,
      onError: (error) => app.log.error({ err: error }, 'falha ao renderizar a página no servidor'),
    });
  const pages = cacheOf(500);
  const filteredLists = cacheOf(FILTERED_LIST_PAGES);
  options.changes?.subscribe(() => {
    pages.clear();
    filteredLists.clear();
  });

  async function renderPage(url: string): Promise<string> {
    const page = await render!(new URL(url, 'http://localhost').href, transport);
    return (page && fillTemplate(template, page, new URL(url, options.publicUrl))) ?? template;
  }

  async function pageFor(url: string): Promise<string> {
    if (!render) return template;
    const { address, isFilteredList } = pageAddress(url);
    try {
      return await (isFilteredList ? filteredLists : pages).get(address, () => renderPage(address));
    } catch (error) {
      // The browser can still draw the page on its own.
      app.log.error({ err: error, url }, 'falha ao renderizar a página no servidor');
      return template;
    }
  }

  const sendPage = async (url: string, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await pageFor(url));

  // A page, not an operation of the API: kept out of its OpenAPI document.
  if (hasBuild) app.get('/', { schema: { hide: true } }, async (request, reply) => sendPage(request.url, reply));
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    const isMissingAsset = url.startsWith('/assets/');
    if (isApi || isMissingAsset || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(statusOfCode('not_found')).send(errorBody('not_found', messages.notFound));
    }
    return sendPage(url, reply);
  });
}
