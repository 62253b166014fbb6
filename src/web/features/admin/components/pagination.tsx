import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A loaded page of an admin list query; `moreThanTotal` when a search stopped counting at `total`. */
type PagedQuery = { data: { page: number; totalPages: number; total: number; moreThanTotal?: boolean }; isFetching: boolean };

/**
 * Anterior / Próxima, "Página X de Y" and how many items there are in all, for a paged list query. A search that
 * stopped counting says "mais de N" and "Y+", and Próxima goes on past Y.
 */
export function Pagination({
  of: {
    data: { page, totalPages, total, moreThanTotal = false },
    isFetching,
  },
  noun,
  onPageChange,
}: {
  of: PagedQuery;
  /** Singular and plural: `['usuário', 'usuários']`. */
  noun: [string, string];
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(totalPages, 1);
  return (
    <nav aria-label="Paginação" className="mt-6 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {moreThanTotal && 'mais de '}
        <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">{total}</span> {total === 1 ? noun[0] : noun[1]}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1 || isFetching}>
          <ChevronLeft className="size-5" aria-hidden="true" />
          Anterior
        </Button>
        <p className="px-2 text-sm font-semibold tabular-nums" aria-live="polite">
          Página {Math.min(page, pages)} de {pages}
          {moreThanTotal && '+'}
        </p>
        <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={(page >= pages && !moreThanTotal) || isFetching}>
          Próxima
          <ChevronRight className="size-5" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
