import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** Puts the server's per-field messages (`{ fields }`) under the matching inputs; true if any matched. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let matched = false;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: 'server', message });
      matched = true;
    }
  }
  return matched;
}

/** Whether the error's own message already shows under a field (then a banner with it would say it twice). */
export function isShownOnAField(error: unknown): boolean {
  return error instanceof ApiError && error.fields !== undefined && Object.values(error.fields).includes(error.message);
}
