import { describe, expect, it } from 'vitest';
import { describeError, errorForLog } from './logger';

const refused = (address: string) =>
  Object.assign(new Error(`connect ECONNREFUSED ${address}:2525`), {
    code: 'ECONNREFUSED',
    errno: -111,
    syscall: 'connect',
    address,
    port: 2525,
  });

describe('errorForLog (the log lines’ err)', () => {
  it('gives a cause already put in words as its text, not an empty String', () => {
    expect(errorForLog('ESOCKET: connect ECONNREFUSED 127.0.0.1:2525')).toMatchObject({
      type: 'string',
      message: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:2525',
    });
  });

  it("gives a system error's code and where it happened", () => {
    expect(errorForLog(refused('127.0.0.1'))).toMatchObject({
      type: 'Error',
      code: 'ECONNREFUSED',
      message: 'connect ECONNREFUSED 127.0.0.1:2525',
      errno: -111,
      syscall: 'connect',
      address: '127.0.0.1',
      port: 2525,
    });
  });

  it('says what an AggregateError (no message of its own) held, and keeps each inner error', () => {
    const error = Object.assign(new AggregateError([refused('::1'), refused('127.0.0.1')], ''), { code: 'ECONNREFUSED' });
    const logged = errorForLog(error);
    expect(logged.message).toBe(
      'ECONNREFUSED: ECONNREFUSED: connect ECONNREFUSED ::1:2525: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525',
    );
    expect(logged.errors).toEqual([
      expect.objectContaining({ address: '::1', port: 2525 }),
      expect.objectContaining({ address: '127.0.0.1', port: 2525 }),
    ]);
  });

  it("keeps a wrapped error's cause, Error or not", () => {
    const fetchFailed = new TypeError('fetch failed', { cause: refused('127.0.0.1') });
    expect(errorForLog(fetchFailed)).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED', port: 2525 } });
    expect(describeError(fetchFailed)).toBe('fetch failed: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525');
    expect(errorForLog(new Error('falhou', { cause: 'tempo esgotado' }))).toMatchObject({ cause: { message: 'tempo esgotado' } });
  });

  it("keeps a database error's code and constraint but not the values in its text", () => {
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
    });
    const wrapped = new Error('Failed query: insert into users (email) values ($1)\nparams: ana@exemplo.com.br', { cause: duplicate });
    const logged = JSON.stringify(errorForLog(wrapped));
    expect(logged).not.toContain('ana@exemplo.com.br');
    expect(errorForLog(wrapped)).toMatchObject({
      message: 'Failed query: insert into users (email) values ($1)',
      cause: {
        code: '23505',
        constraint: 'users_email_unique',
        table: 'users',
        message: 'duplicate key value violates unique constraint "…"',
      },
    });
  });

  it('never loops on a cause that points back', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(() => JSON.stringify(errorForLog(a))).not.toThrow();
    expect(describeError(a)).toMatch(/^a: b: a/);
  });
});
