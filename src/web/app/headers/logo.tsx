import { Volleyball } from 'lucide-react';
import { Link } from 'react-router';

export function Logo({ to = '/', suffix }: { to?: string; suffix?: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-11 shrink-0 items-center gap-2 rounded-xl pr-1"
      aria-label={suffix ? `Bora Jogar ${suffix}` : 'Bora Jogar'}
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-ball text-brand-900 ring-2 ring-brand-700 dark:ring-brand-300">
        <Volleyball className="size-6" aria-hidden="true" />
      </span>
      <span className="hidden text-lg font-extrabold tracking-tight text-brand-800 sm:inline dark:text-white">Bora Jogar</span>
      {suffix && (
        <span className="rounded-md bg-slate-900 px-1.5 py-0.5 text-xs font-bold uppercase text-white dark:bg-white dark:text-slate-900">
          {suffix}
        </span>
      )}
    </Link>
  );
}
