import { describe, expect, expectTypeOf, it } from 'vitest';
import { fillPath, type PathParamName, splitRoute } from './route-key';

describe('route keys', () => {
  it('split into method and path', () => {
    expect(splitRoute('DELETE /admin/games/:id/users/:userId')).toEqual({ method: 'DELETE', path: '/admin/games/:id/users/:userId' });
  });

  it('fill each parameter of a path as one encoded segment, leaving what follows a parameter', () => {
    expect(fillPath('/admin/games/:id/users/:userId', { id: 3, userId: 9 })).toBe('/admin/games/3/users/9');
    expect(fillPath('/games/private/:link', { link: 'a/b c' })).toBe('/games/private/a%2Fb%20c');
    expect(fillPath('/calendar/:token.ics', { token: 'abc' })).toBe('/calendar/abc.ics');
    expect(fillPath('/games')).toBe('/games');
  });

  it('name the parameters of a path', () => {
    expectTypeOf<PathParamName<'/admin/games/:id/users/:userId'>>().toEqualTypeOf<'id' | 'userId'>();
    expectTypeOf<PathParamName<'/calendar/:token.ics'>>().toEqualTypeOf<'token'>();
    expectTypeOf<PathParamName<'/games'>>().toBeNever();
  });
});
