import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BootErrorBoundary } from './app/boot-error-boundary';
import { FullPageLoader } from './components/ui/spinner';
import { registerServiceWorker } from './lib/register-service-worker';
import { bootstrapSession } from './lib/session';
import { applyTheme, storedTheme } from './lib/theme';
import './index.css';

// public/theme-init.js already did this before the first paint; this keeps both in step.
applyTheme(storedTheme());
void bootstrapSession();
registerServiceWorker();

// The entry is React, the session and the loader; the router and the app shell are a chunk of
// their own, requested right away, in parallel with the session check (docs/decisions/012).
const appModule = import('./app/app');
const App = lazy(() => appModule.then((m) => ({ default: m.App })));

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado');
createRoot(container).render(
  <StrictMode>
    <BootErrorBoundary>
      <Suspense fallback={<FullPageLoader />}>
        <App />
      </Suspense>
    </BootErrorBoundary>
  </StrictMode>,
);
