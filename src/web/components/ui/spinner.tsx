import { LoaderCircle, Volleyball } from 'lucide-react';
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

/**
 * The whole-page wait while the session or a page's code loads (spec: "Carregando..."): the app's frame, a
 * header bar with the name, is painted at once, so a slow phone never shows a blank page. index.html draws the
 * same frame before any JavaScript runs (#app-frame).
 */
export function FullPageLoader({ text = 'Carregando...' }: { text?: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex min-h-16 max-w-6xl items-center gap-2 px-3 sm:px-4">
          <span className="flex size-9 items-center justify-center rounded-full bg-ball text-brand-900 ring-2 ring-brand-700 dark:ring-brand-300">
            <Volleyball className="size-6" aria-hidden="true" />
          </span>
          <span className="text-lg font-extrabold tracking-tight text-brand-800 dark:text-white">Bora Jogar</span>
        </div>
      </header>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-300" role="status">
        <Spinner className="size-8 text-brand-700 dark:text-brand-300" />
        <p className="text-base font-medium">{text}</p>
      </div>
    </div>
  );
}
