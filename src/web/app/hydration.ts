import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { SSR_STATE_ELEMENT_ID } from '../../shared/ssr';
import { createQueryClient } from '../lib/query-client';
import { visitorRoutes } from './routes';

let serverQueryState: DehydratedState | undefined;
let serverQueryStateRead = false;

/** The query cache the server rendered the page with, read once from its JSON script. */
function readServerQueryState(): DehydratedState | undefined {
  if (serverQueryStateRead) return serverQueryState;
  serverQueryStateRead = true;
  const text = document.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    serverQueryState = JSON.parse(text) as DehydratedState;
  } catch {
    serverQueryState = undefined;
  }
  return serverQueryState;
}

/** The app's query client, holding whatever the server fetched to render this page. */
export function createAppQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const state = readServerQueryState();
  if (state) hydrate(queryClient, state);
  return queryClient;
}

/**
 * Loads the route modules of the page the server rendered before hydrating, so the router starts
 * on that page instead of a loading state (which would not match the server's markup).
 */
export async function loadServerRenderedRoutes(): Promise<void> {
  const matches = matchRoutes(visitorRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
