import { ArrowLeft } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** When the terms and the privacy policy last changed; shown on both. */
export const LAST_UPDATED = 'novembro de 2026';

function BackLink() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-xl font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
      Voltar para o início
    </Link>
  );
}

/** A long text page (terms, privacy, support): a readable column, a title, a way back to /. */
export function DocumentPage({
  title,
  intro,
  updated,
  children,
}: {
  title: string;
  intro?: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto w-full max-w-3xl">
      <BackLink />
      <header className="mt-4 border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {intro && <div className="mt-3 text-lg text-slate-700 dark:text-slate-300">{intro}</div>}
        {updated && <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Última atualização: {updated}</p>}
      </header>
      <div className="mt-8 space-y-10">{children}</div>
      <div className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-800">
        <BackLink />
      </div>
    </article>
  );
}

/** One numbered part of a document; paragraphs and lists inside get the reading styles. */
export function DocumentSection({ number, title, children }: { number?: number; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="scroll-mt-20 text-slate-700 dark:text-slate-300 [&_li]:mt-2 [&_p]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
        {number !== undefined && <span className="text-brand-700 dark:text-brand-300">{number}. </span>}
        {title}
      </h2>
      {children}
    </section>
  );
}

export const textLinkClasses =
  'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200';
