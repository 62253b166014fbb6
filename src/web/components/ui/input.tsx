import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const fieldClasses =
  'block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 ' +
  'dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus-visible:outline-brand-300 dark:disabled:bg-slate-800';

export function fieldBorder(hasError: boolean): string {
  return hasError ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600';
}

type FieldMessagesProps = { id: string; error?: string; hint?: ReactNode };

/** Hint and error under a field; their ids go in the field's aria-describedby. */
export function FieldMessages({ id, error, hint }: FieldMessagesProps) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: React.Ref<HTMLInputElement>;
};

/** What ties a control to its label, hint and error. */
type FieldControlProps = { id: string; className: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** A labelled form control with its hint and error under it; `children` draws the control with the props that tie them. */
export function Field({
  label,
  error,
  hint,
  id,
  className,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({
        id: controlId,
        className: cn(fieldClasses, fieldBorder(Boolean(error))),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(controlId, error, hint),
      })}
      <FieldMessages id={controlId} error={error} hint={hint} />
    </div>
  );
}

export function Input({ label, error, hint, id, className, ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input {...control} {...rest} />}
    </Field>
  );
}

/** A link to copy or share: read-only, selected whole when focused. */
export function LinkField({ id, url }: { id: string; url: string }) {
  return (
    <input
      id={id}
      readOnly
      value={url}
      onFocus={(event) => event.currentTarget.select()}
      className={cn(fieldClasses, fieldBorder(false), 'font-mono text-sm')}
    />
  );
}
