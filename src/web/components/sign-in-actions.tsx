import { LogIn, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { withNext } from '../lib/next-path';
import { buttonClasses } from './ui/button';

/** A visitor where an account is needed (a game, a turma): sign in or register, and come back to `back` afterwards. */
export function SignInActions({ back, children }: { back: string; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <p className="text-slate-700 dark:text-slate-300">{children}</p>
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
