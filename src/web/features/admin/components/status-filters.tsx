import { cn } from '../../../lib/cn';

/** The status filters above an admin list: one pressed button at a time, `value` '' for every status. */
export function StatusFilters<Value extends string>({
  filters,
  active,
  onSelect,
}: {
  filters: ReadonlyArray<{ value: Value; label: string }>;
  active: Value;
  onSelect: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label="Filtrar por status" className="mb-4 flex flex-wrap gap-2">
      {filters.map((filter) => (
        <button
          key={filter.value || 'all'}
          type="button"
          aria-pressed={filter.value === active}
          onClick={() => onSelect(filter.value)}
          className={cn(
            'min-h-11 rounded-xl border px-4 text-base font-semibold',
            filter.value === active
              ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-950'
              : 'border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800',
          )}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}
