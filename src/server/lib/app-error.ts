import { type ErrorCode, statusOfCode } from '../../shared/error-codes';

export type { ErrorCode } from '../../shared/error-codes';

/**
 * The one error use cases throw: a code from the catalogue (src/shared/error-codes.ts), which also gives the HTTP
 * status, and a pt-BR message for the user.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusOfCode(code);
  }
}
