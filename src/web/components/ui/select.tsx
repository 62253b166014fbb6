import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { describedBy, fieldBorder, fieldClasses, FieldMessages } from './input';

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  ref?: React.Ref<HTMLSelectElement>;
};

export function Select({ label, error, hint, options, placeholder, id, className, ...rest }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <select
        id={selectId}
        className={cn(fieldClasses, fieldBorder(Boolean(error)))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={selectId} error={error} hint={hint} />
    </div>
  );
}
