import type { ReactNode } from 'react';

export function HeaderShell({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85 dark:border-slate-800 dark:bg-slate-900/95 dark:supports-[backdrop-filter]:bg-slate-900/85">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 sm:px-4">{children}</div>
      {below}
    </header>
  );
}
