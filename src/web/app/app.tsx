import { lazy, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { FullPageLoader } from '../components/ui/spinner';
import { ToastProvider } from '../components/ui/toast';
import { bootstrapSession, useSession, type SessionKind } from '../lib/session';
import { routesBySession } from './routes';

// Requested as soon as the app starts, in parallel with the session check and the first page.
const queryProviderModule = import('./query-provider');
const QueryProvider = lazy(() => queryProviderModule.then((m) => ({ default: m.QueryProvider })));

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * One router per login state: signing in or out swaps the whole route tree. The router of
 * the previous state is disposed so it stops listening to the history.
 */
class RouterPerSession {
  private kind: SessionKind | null = null;
  private router: AppRouter | null = null;

  get(kind: SessionKind): AppRouter {
    if (this.kind !== kind || !this.router) {
      this.router?.dispose();
      this.router = createBrowserRouter(routesBySession[kind]);
      this.kind = kind;
    }
    return this.router;
  }
}

function SessionRouter() {
  const session = useSession();
  const [routers] = useState(() => new RouterPerSession());
  if (session.status === 'loading') return <FullPageLoader />;
  // Built before the query provider is awaited, so the page's chunks are already on their way.
  const router = routers.get(session.kind);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <QueryProvider>
        {/* A new router needs a new provider: a reused one would keep the previous router's state. */}
        <RouterProvider key={session.kind} router={router} />
      </QueryProvider>
    </Suspense>
  );
}

export function App() {
  useEffect(() => {
    void bootstrapSession();
  }, []);

  return (
    <ToastProvider>
      <SessionRouter />
    </ToastProvider>
  );
}
