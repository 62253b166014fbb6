import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeNextPath('/apply/12')).toBe('/apply/12');
    expect(safeNextPath('/games/private/abc?x=1#topo')).toBe('/games/private/abc?x=1#topo');
  });

  it('refuses anything that could leave the site or is not a path', () => {
    for (const next of [
      '//evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      '/..//evil.com',
      '/./..//evil.com/x?y=1',
      '/a/../..//evil.com',
      '/.\\/evil.com',
      '/%2e%2e//evil.com',
      'https://evil.com/apply/1',
      'javascript:alert(1)',
      'apply/1',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });

  it('builds the sign-in link that returns to a page', () => {
    expect(withNext('/login', '/apply/12')).toBe('/login?next=%2Fapply%2F12');
    expect(safeNextPath(new URLSearchParams(withNext('/register', '/apply/12').split('?')[1]).get('next'))).toBe('/apply/12');
  });
});
