import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';

/** The narrow centred card every sign-in screen sits in. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card className="space-y-6">
        <div className="space-y-1 text-center">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description && <p className="text-slate-600 dark:text-slate-400">{description}</p>}
        </div>
        {children}
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">{footer}</div>}
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
      <span>ou</span>
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
    </div>
  );
}

export const textLinkClasses =
  'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300 inline-flex min-h-11 items-center';

/** The footer of the password recovery screens. */
export function BackToLogin() {
  return (
    <Link to="/login" className={textLinkClasses}>
      Voltar para o login
    </Link>
  );
}
