import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn('size-5 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    />
  );
}

/** A grey block standing in for content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800', className)} aria-hidden="true" />;
}

/** A wait announced as `label` (“Carregando jogo...”): grey bars of the given sizes, one under the other. */
export function SkeletonStack({ label, bars, className }: { label: string; bars: string[]; className?: string }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {bars.map((bar, index) => (
        <Skeleton key={index} className={bar} />
      ))}
    </div>
  );
}

/** The whole-page wait while the session is resolved (spec: "Carregando..."). */
export function FullPageLoader({ text = 'Carregando...' }: { text?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-300" role="status">
      <Spinner className="size-8 text-brand-700 dark:text-brand-300" />
      <p className="text-base font-medium">{text}</p>
    </div>
  );
}
