import { Search } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fieldBorder, fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * A search field that reports what was typed once typing pauses (300 ms), or at once when the field loses focus: a
 * row clicked during the pause then opens on top of the list as searched, and a search settling later cannot pull the
 * admin back from the page they opened.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  className,
}: {
  label: string;
  placeholder?: string;
  /** The search in effect (from the address), shown when the page opens. */
  value: string;
  onSearch: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, 300);
  const onSearchRef = useRef(onSearch);
  const lastSent = useRef(value);

  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  const send = useCallback((typed: string) => {
    const next = typed.trim();
    if (next === lastSent.current) return;
    lastSent.current = next;
    onSearchRef.current(next);
  }, []);

  useEffect(() => send(debounced), [send, debounced]);

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => send(text)}
          className={cn(fieldClasses, fieldBorder(false), 'pl-10')}
        />
      </div>
    </div>
  );
}
