import { lazy, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Root, whenAppTakesOver } from './app/root';
import { takeOverServerPage } from './app/server-page';
import { registerServiceWorker } from './lib/register-service-worker';
import { bootstrapSession, isVisitorAtStart } from './lib/session';
import { applyTheme, storedTheme } from './lib/theme';
import './index.css';

// public/theme-init.js already did this before the first paint; this keeps both in step.
applyTheme(storedTheme());
void bootstrapSession();
registerServiceWorker();

// The entry is React, the session and the loader; the router and the app shell are a chunk of
// their own (docs/decisions/012).
const loadApp = () => import('./app/app');

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado');

/** Draws the app from scratch (replacing whatever the server rendered). */
function renderApp(target: HTMLElement) {
  target.removeAttribute('data-ssr');
  const App = lazy(() => loadApp().then((m) => ({ default: m.App })));
  createRoot(target).render(
    <Root>
      <App />
    </Root>,
  );
}

const serverRendered = container.getAttribute('data-ssr');
if (serverRendered !== null && isVisitorAtStart()) {
  // The server rendered this page for a visitor (docs/decisions/013): React takes it over without
  // drawing it again, in a transition so the work is sliced into short tasks.
  takeOverServerPage(container, {
    eager: serverRendered !== 'interaction',
    whenHydrated: whenAppTakesOver,
    async hydrate() {
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
        // The app's chunks did not load: drawing from scratch shows the boot error page.
        renderApp(container);
      }
    },
  });
} else {
  // Signed in (or no server render): the visitor's page is not this user's.
  renderApp(container);
}
