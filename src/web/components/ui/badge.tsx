import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Status colours of the guide: green confirmed, amber pending/waitlist, red cancelled, grey finished. */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

const tones: Record<BadgeTone, string> = {
  success: 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-200',
  danger: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200',
  neutral: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  info: 'bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-brand-100',
};

export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold', tones[tone], className)}>
      {children}
    </span>
  );
}
