import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back from a detour to the page it came from (a game): shown only when there is one. */
export function BackToGameLink({ to }: { to: string | null }) {
  if (!to) return null;
  return (
    <Link to={to} className="mb-3 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:underline dark:text-brand-300">
      <ArrowLeft className="size-5" aria-hidden="true" />
      Voltar ao jogo
    </Link>
  );
}
