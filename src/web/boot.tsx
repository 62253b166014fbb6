import { lazy, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SSR_STATE_ELEMENT_ID } from '../shared/ssr';
import { Root } from './app/root';

// React DOM and the app shell: loaded by main.tsx when the app starts (docs/decisions/012, 013).
const loadApp = () => import('./app/app');

/** Draws the app from scratch (replacing whatever the server rendered). */
export function renderApp(container: HTMLElement): void {
  // The server's page and the data it was drawn with go at once: a visitor's, not a signed-in user's own (a game
  // without their place in it). The frame shows until React draws.
  container.replaceChildren();
  container.removeAttribute('data-ssr');
  document.getElementById(SSR_STATE_ELEMENT_ID)?.remove();
  const App = lazy(() => loadApp().then((m) => ({ default: m.App })));
  createRoot(container).render(
    <Root>
      <App />
    </Root>,
  );
}

/**
 * Takes over the page the server rendered without drawing it again, in a transition so React
 * works in short slices; if the app's chunks do not load, draws from scratch, which shows the
 * boot error page.
 */
export async function hydrateApp(container: HTMLElement): Promise<void> {
  try {
    const { App, loadServerRenderedRoutes } = await loadApp();
    await loadServerRenderedRoutes();
    startTransition(() => {
      hydrateRoot(
        container,
        <Root>
          <App />
        </Root>,
      );
    });
  } catch {
    renderApp(container);
  }
}
