import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';

/** Shown when a page fails to load or render (for example an old chunk after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center" role="alert">
      <TriangleAlert className="size-10 text-amber-600 dark:text-amber-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Algo deu errado</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">Não conseguimos abrir esta página. Recarregue e tente de novo.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
        <a
          href="/"
          className="inline-flex min-h-11 items-center justify-center rounded-xl px-4 font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          Ir para o início
        </a>
      </div>
    </div>
  );
}
