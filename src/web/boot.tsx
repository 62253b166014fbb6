import { lazy, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root } from './app/root';

// React DOM and the app shell: loaded by main.tsx when the app starts (docs/decisions/012, 013).
const loadApp = () => import('./app/app');

/** Draws the app from scratch (replacing whatever the server rendered). */
export function renderApp(container: HTMLElement): void {
  container.removeAttribute('data-ssr');
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
