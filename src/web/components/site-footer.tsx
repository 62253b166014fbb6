import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { contactEmail } from '../lib/site-info';

const linkClasses =
  'inline-flex min-h-11 items-center rounded-lg underline-offset-4 hover:text-slate-900 hover:underline dark:hover:text-white';

/** The site footer of the visitor and player layouts: the static pages and a way to reach us. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-6 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Rodapé" className="flex flex-wrap gap-x-5">
          <Link to="/terms" className={linkClasses}>
            Termos
          </Link>
          <Link to="/privacy" className={linkClasses}>
            Privacidade
          </Link>
          <Link to="/support" className={linkClasses}>
            Suporte
          </Link>
          <a href={`mailto:${contactEmail}`} className={`${linkClasses} gap-1.5`}>
            <Mail className="size-4" aria-hidden="true" />
            {contactEmail}
          </a>
        </nav>
        <p>© {new Date().getFullYear()} Bora Jogar</p>
      </div>
    </footer>
  );
}
