import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListSkeleton, QueryError } from '../../../components/games/list-states';
import { cn } from '../../../lib/cn';
import { Pagination } from './pagination';

type Page = { page: number; totalPages: number; total: number };

/**
 * An admin list read through its paged query, in the four states every list has: loading, failed (with a
 * retry), empty, or the items with the pager under them, dimmed while the next page loads.
 */
export function PagedList<D extends Page, T>({
  query,
  items,
  what,
  noun,
  empty,
  onPageChange,
  skeletonCount = 3,
  children,
}: {
  query: UseQueryResult<D>;
  /** The page's items in the query's reply. */
  items: (data: D) => T[];
  /** What is listed, for the loading and error texts: `usuários` → "Carregando usuários...". */
  what: string;
  /** Singular and plural for the pager's count: `['usuário', 'usuários']`. */
  noun: [string, string];
  /** What shows when the page has no items (an EmptyState). */
  empty: ReactNode;
  onPageChange: (page: number) => void;
  skeletonCount?: number;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={`Carregando ${what}...`} count={skeletonCount} />;
  if (query.isError) return <QueryError title={`Erro ao carregar ${what}`} query={query} />;
  const page = items(query.data);
  if (page.length === 0) return empty;
  return (
    <div className={cn(query.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={query.isFetching || undefined}>
      {children(page)}
      <Pagination of={{ data: query.data, isFetching: query.isFetching }} noun={noun} onPageChange={onPageChange} />
    </div>
  );
}
