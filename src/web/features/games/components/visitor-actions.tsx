import { LogIn, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { withNext } from '../../../lib/next-path';

/** A visitor on a game's page: sign in or register, and come back to this game afterwards. */
export function VisitorActions({ gameId }: { gameId: number }) {
  const back = `/apply/${gameId}`;
  return (
    <div className="space-y-3">
      <p className="text-slate-700 dark:text-slate-300">Entre na sua conta ou crie uma para se inscrever neste jogo.</p>
      <Link to={withNext('/login', back)} className={buttonClasses('primary', 'lg', 'w-full')}>
        <LogIn className="size-5" aria-hidden="true" />
        Entrar para participar
      </Link>
      <Link to={withNext('/register', back)} className={buttonClasses('secondary', 'lg', 'w-full')}>
        <UserPlus className="size-5" aria-hidden="true" />
        Criar conta
      </Link>
    </div>
  );
}
