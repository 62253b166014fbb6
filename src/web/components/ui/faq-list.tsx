import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type FaqEntry = { question: string; answer: ReactNode };

/** Questions that open in place: native <details>/<summary>, so it works with no JavaScript and any keyboard. */
export function FaqList({ items, className }: { items: ReadonlyArray<FaqEntry>; className?: string }) {
  return (
    <div
      className={cn(
        'divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-3 text-base font-semibold hover:bg-slate-50 dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400"
              aria-hidden="true"
            />
          </summary>
          <div className="px-5 pb-5 text-slate-700 dark:text-slate-300">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
