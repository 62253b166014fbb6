import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';

export const CODE_LENGTH = 6;

type CodeInputProps = {
  /** One entry per box, '' when empty. */
  digits: string[];
  onChange: (digits: string[]) => void;
  error?: string;
  disabled?: boolean;
};

function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Six one-digit boxes: digits only, pasting fills them, typing moves on, Backspace and arrows move back and forth. */
export function CodeInput({ digits, onChange, error, disabled }: CodeInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);

  function focusBox(index: number) {
    const box = refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  /** Writes `value` from box `start` on, and focuses the box after the last one written. */
  function fillFrom(start: number, value: string) {
    const next = [...digits];
    const chars = value.slice(0, CODE_LENGTH - start).split('');
    chars.forEach((char, offset) => {
      next[start + offset] = char;
    });
    onChange(next);
    focusBox(start + chars.length);
  }

  function handleChange(index: number, raw: string) {
    const typed = onlyDigits(raw);
    const current = digits[index] ?? '';
    if (typed === '') {
      if (raw === '') onChange(digits.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    if (typed.length > 2 || (typed.length === 2 && !current)) {
      // Autofill of a whole code (one-time-code) lands in one box: spread it.
      fillFrom(typed.length >= CODE_LENGTH ? 0 : index, typed);
      return;
    }
    // One new digit typed next to the one already there: keep the new one.
    const newDigit = typed.length === 2 ? (typed.startsWith(current) ? typed[1]! : typed[0]!) : typed;
    fillFrom(index, newDigit);
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (pasted === '') return;
    fillFrom(pasted.length >= CODE_LENGTH ? 0 : index, pasted);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) {
        onChange(digits.map((digit, i) => (i === index ? '' : digit)));
      } else if (index > 0) {
        onChange(digits.map((digit, i) => (i === index - 1 ? '' : digit)));
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-semibold text-slate-800 dark:text-slate-200">Código de verificação</legend>
      <div className="flex gap-1.5 sm:gap-2">
        {Array.from({ length: CODE_LENGTH }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            aria-label={`Dígito ${index + 1}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'code-error' : undefined}
            value={digits[index] ?? ''}
            disabled={disabled}
            onChange={(event) => handleChange(index, event.target.value)}
            onPaste={(event) => handlePaste(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
            className={cn(
              'h-14 min-w-0 max-w-12 flex-1 rounded-xl border bg-white text-center text-2xl font-bold tabular-nums text-slate-900 sm:w-12',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
              'dark:bg-slate-900 dark:text-slate-100 dark:focus-visible:outline-brand-300',
              error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600',
            )}
          />
        ))}
      </div>
      {error && (
        <p id="code-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
