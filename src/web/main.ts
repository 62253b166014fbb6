import { showBootFailure } from './app/boot-failure';
import { takeOverServerPage } from './app/server-page';
import { registerServiceWorker } from './lib/register-service-worker';
import { bootstrapSession, isVisitorAtStart } from './lib/session';
import { followTheme } from './lib/theme';
import './index.css';

// The entry is small: the theme, the session check and the hold on a server-rendered page. React
// DOM and the app come in chunks of their own (docs/decisions/012, 013).
// public/theme-init.js already applied the theme before the first paint; this keeps both in step, and follows the
// phone's dark setting as it changes while the user has picked no theme here.
followTheme();
void bootstrapSession();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado');
const loadBoot = () => import('./boot');

const serverRendered = container.getAttribute('data-ssr');
if (serverRendered !== null && isVisitorAtStart()) {
  // A visitor's page the server rendered: React takes it over at once or on the first interaction. The app's frame
  // from index.html, for a page not drawn yet, is not needed.
  document.getElementById('app-frame')?.remove();
  takeOverServerPage(container, {
    eager: serverRendered !== 'interaction',
    hydrate: () => loadBoot().then((boot) => boot.hydrateApp(container)),
  });
} else {
  // Signed in (or no server render): the visitor's page is not this user's; React draws from scratch.
  void loadBoot().then(
    (boot) => boot.renderApp(container),
    () => showBootFailure(container),
  );
}
