import { createContext, useContext, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';

/** Where the cards turn into a table: the more columns, the wider the screen needs to be. */
type Breakpoint = 'md' | 'lg' | 'xl';

// Tailwind only sees whole class names, so each breakpoint's classes are spelled out.
const classes = {
  md: {
    frame: 'md:overflow-x-auto md:rounded-2xl md:border md:border-slate-200 md:bg-white md:dark:border-slate-800 md:dark:bg-slate-900',
    table: 'md:table',
    head: 'md:table-header-group',
    body: 'md:table-row-group md:space-y-0 md:divide-y md:divide-slate-200 md:dark:divide-slate-800',
    row: 'md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none md:dark:bg-transparent',
    cell: 'md:table-cell md:px-4 md:py-3 md:align-middle',
    labelled: 'md:before:content-none',
    left: 'md:text-left',
    right: 'md:text-right',
  },
  lg: {
    frame: 'lg:overflow-x-auto lg:rounded-2xl lg:border lg:border-slate-200 lg:bg-white lg:dark:border-slate-800 lg:dark:bg-slate-900',
    table: 'lg:table',
    head: 'lg:table-header-group',
    body: 'lg:table-row-group lg:space-y-0 lg:divide-y lg:divide-slate-200 lg:dark:divide-slate-800',
    row: 'lg:table-row lg:rounded-none lg:border-0 lg:p-0 lg:shadow-none lg:dark:bg-transparent',
    cell: 'lg:table-cell lg:px-4 lg:py-3 lg:align-middle',
    labelled: 'lg:before:content-none',
    left: 'lg:text-left',
    right: 'lg:text-right',
  },
  xl: {
    frame: 'xl:overflow-x-auto xl:rounded-2xl xl:border xl:border-slate-200 xl:bg-white xl:dark:border-slate-800 xl:dark:bg-slate-900',
    table: 'xl:table',
    head: 'xl:table-header-group',
    body: 'xl:table-row-group xl:space-y-0 xl:divide-y xl:divide-slate-200 xl:dark:divide-slate-800',
    row: 'xl:table-row xl:rounded-none xl:border-0 xl:p-0 xl:shadow-none xl:dark:bg-transparent',
    cell: 'xl:table-cell xl:px-4 xl:py-3 xl:align-middle',
    labelled: 'xl:before:content-none',
    left: 'xl:text-left',
    right: 'xl:text-right',
  },
} satisfies Record<Breakpoint, Record<string, string>>;

const BreakpointContext = createContext<Breakpoint>('md');

/**
 * A table from `breakpoint` up; below it every row becomes a card whose cells stack, each
 * preceded by its column's name (`label`). One markup for both, so nothing is rendered twice.
 */
export function DataTable({
  caption,
  head,
  children,
  breakpoint = 'md',
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  breakpoint?: Breakpoint;
}) {
  const c = classes[breakpoint];
  return (
    <BreakpointContext value={breakpoint}>
      <div className={c.frame}>
        <table className={cn('block w-full text-left', c.table)}>
          <caption className="sr-only">{caption}</caption>
          <thead
            className={cn(
              'hidden border-b border-slate-200 bg-slate-50 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-950/40 dark:text-slate-400',
              c.head,
            )}
          >
            <tr>{head}</tr>
          </thead>
          <tbody className={cn('block space-y-3', c.body)}>{children}</tbody>
        </table>
      </div>
    </BreakpointContext>
  );
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('px-4 py-3 font-semibold whitespace-nowrap', className)} {...rest} />;
}

export function Row({ className, children }: { className?: string; children: ReactNode }) {
  const c = classes[useContext(BreakpointContext)];
  return (
    <tr
      className={cn(
        'block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900',
        c.row,
        className,
      )}
    >
      {children}
    </tr>
  );
}

type CellProps = TdHTMLAttributes<HTMLTableCellElement> & {
  label: string;
  /** No label on the stacked card (a title or actions cell). */
  bare?: boolean;
  /** Right-aligned in the table (money). */
  numeric?: boolean;
};

export function Cell({ label, bare = false, numeric = false, className, ...rest }: CellProps) {
  const c = classes[useContext(BreakpointContext)];
  return (
    <td
      data-label={label}
      className={cn(
        'flex flex-wrap items-baseline gap-x-4 py-1',
        c.cell,
        bare
          ? 'justify-start text-left'
          : cn(
              'justify-between text-right before:shrink-0 before:text-left before:text-sm before:font-semibold before:text-slate-600 before:content-[attr(data-label)] dark:before:text-slate-400',
              c.labelled,
            ),
        numeric ? c.right : !bare && c.left,
        className,
      )}
      {...rest}
    />
  );
}
