import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { FullPageLoader } from '../components/ui/spinner';
import { bootstrapSession, onSignOut, useSession, type SessionKind } from '../lib/session';
import { AppProviders } from './app-providers';
import { createAppQueryClient } from './hydration';
import { routesBySession } from './routes';

export { loadServerRenderedRoutes } from './hydration';

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
  const router = routers.get(session.kind);
  // A new router needs a new provider: a reused one would keep the previous router's state.
  return <RouterProvider key={session.kind} router={router} />;
}

export function App() {
  // One query cache for the whole app (seeded with what the server rendered), emptied on sign-out.
  const [queryClient] = useState(createAppQueryClient);
  useEffect(() => onSignOut(() => queryClient.clear()), [queryClient]);
  useEffect(() => {
    void bootstrapSession();
  }, []);

  return (
    <AppProviders queryClient={queryClient}>
      <SessionRouter />
    </AppProviders>
  );
}
