import { RotateCw } from 'lucide-react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/spinner';

/** Placeholder cards while a list loads. */
export function ListSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      ))}
    </div>
  );
}

/** A failed load with a retry that fetches again. */
export function LoadError({
  title,
  message,
  onRetry,
  isRetrying,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  return (
    <Alert tone="error" title={title}>
      {message && message !== title && <p>{message}</p>}
      <Button variant="secondary" className="mt-3" onClick={onRetry} busy={isRetrying} busyLabel="Carregando...">
        <RotateCw className="size-4" aria-hidden="true" />
        Tentar novamente
      </Button>
    </Alert>
  );
}

type RefetchableQuery = { error: unknown; isFetching: boolean; refetch: () => unknown };

/** A failed TanStack query: its error's message (the server's, else `fallback`) and a retry that refetches it. */
export function QueryError({ title, query, fallback }: { title: string; query: RefetchableQuery; fallback?: string }) {
  return (
    <LoadError
      title={title}
      message={errorMessage(query.error, fallback)}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
    />
  );
}
