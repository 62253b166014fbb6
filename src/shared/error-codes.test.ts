import { describe, expect, it } from 'vitest';
import { errorCodeList, errorCodes, isErrorCode, statusOfCode } from './error-codes';

describe('the catalogue of error codes', () => {
  it('holds unique snake_case codes', () => {
    expect(errorCodeList.length).toBeGreaterThan(50);
    expect(new Set(errorCodeList).size).toBe(errorCodeList.length);
    for (const code of errorCodeList) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('sends each code with an error status, 4xx or 5xx', () => {
    for (const code of errorCodeList) {
      expect(statusOfCode(code), code).toBeGreaterThanOrEqual(400);
      expect(statusOfCode(code), code).toBeLessThan(600);
      expect(Number.isInteger(errorCodes[code])).toBe(true);
    }
  });

  it('knows its own codes only, not inherited names', () => {
    expect(isErrorCode('game_not_found')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('conflict')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
