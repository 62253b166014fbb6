import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { FullPageLoader } from '../components/ui/spinner';
import { ToastProvider } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';
import { bootstrapSession, onSignOut, useSession, type SessionKind } from '../lib/session';
import { routesBySession } from './routes';

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
  // A new router needs a new provider: a reused one would keep the previous router's state.
  return <RouterProvider key={session.kind} router={routers.get(session.kind)} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    void bootstrapSession();
  }, []);
  useEffect(() => onSignOut(() => queryClient.clear()), [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionRouter />
      </ToastProvider>
    </QueryClientProvider>
  );
}
