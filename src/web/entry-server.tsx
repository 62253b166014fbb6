// The module the server renders visitor pages with (built into dist/ssr by scripts/web-build.mjs;
// docs/decisions/013). Never part of the browser bundle.
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { HYDRATE_AT_ONCE_ATTRIBUTE, type SharePreview, type SsrPage, type SsrRender } from '../shared/ssr';
import { AppProviders } from './app/app-providers';
import { Root } from './app/root';
import { visitorRoutes } from './app/routes';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { documentTitle, ServerShareContext, ServerTitleContext } from './lib/use-document-title';

const handler = createStaticHandler(visitorRoutes);

/** A page asks for data while the server renders it; at most this many rounds fetch what it asked for. */
const MAX_DATA_ROUNDS = 3;

type Collectors = { setTitle: (title: string) => void; setShare: (share: SharePreview) => void };

function renderTree(queryClient: QueryClient, context: StaticHandlerContext, { setTitle, setShare }: Collectors): string {
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <Root>
      <ServerTitleContext value={setTitle}>
        <ServerShareContext value={setShare}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </ServerShareContext>
      </ServerTitleContext>
    </Root>,
  );
}

/** Pages marked in routes.tsx wait for an interaction, unless something on them needs the app at once. */
function hydrationOf(context: StaticHandlerContext, html: string): SsrPage['hydrate'] {
  const leaf = context.matches.at(-1)?.route.handle as { hydrateOnInteraction?: boolean } | undefined;
  return leaf?.hydrateOnInteraction && !html.includes(HYDRATE_AT_ONCE_ATTRIBUTE) ? 'interaction' : 'eager';
}

function isEnabled(query: Query): boolean {
  // The options a page's useQuery built the query with (`enabled` is an observer option).
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/**
 * Renders the page, fetches the queries it asked for (through the server's own API, in-process),
 * and renders again until nothing new is asked: the markup then shows the data, and the browser
 * gets the same cache so its first render matches. A query that fails is dropped, so both sides
 * render its loading state and the browser fetches it itself.
 */
export const render: SsrRender = async (url, transport) => {
  setApiTransport(transport);
  const context = await handler.query(new Request(url));
  // Redirects, and paths only the catch-all matches (player pages bounce to / on the client).
  if (context instanceof Response || context.errors || context.matches.at(-1)?.route.path === '*') return null;

  const queryClient = createQueryClient();
  let title = documentTitle();
  let share: SharePreview | null = null;
  const collectors: Collectors = {
    setTitle: (pageTitle) => {
      title = pageTitle;
    },
    setShare: (preview) => {
      share = preview;
    },
  };
  const tried = new Set<string>();
  try {
    let html = renderTree(queryClient, context, collectors);
    for (let round = 0; round < MAX_DATA_ROUNDS; round += 1) {
      const waiting = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash) && isEnabled(query));
      if (waiting.length === 0) break;
      for (const query of waiting) tried.add(query.queryHash);
      await Promise.all(waiting.map((query) => queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey, retry: false })));
      for (const query of waiting) {
        if (query.state.status !== 'success') queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
      }
      if (!waiting.some((query) => query.state.status === 'success')) break;
      html = renderTree(queryClient, context, collectors);
    }
    return { html, state: JSON.stringify(dehydrate(queryClient)), title, share, hydrate: hydrationOf(context, html) };
  } finally {
    queryClient.clear();
  }
};
