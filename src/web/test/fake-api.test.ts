import { describe, expect, it } from 'vitest';
import { fakeApi, findRoute, throwRepliesOffContract } from './fake-api';
import { aGame } from './fixtures';

describe('fake API', () => {
  it('finds the route of the table a call goes to, a fixed path before a parameter, whatever the query string', () => {
    expect(findRoute('GET', '/games/sports')).toBe('GET /games/sports');
    expect(findRoute('GET', '/games/7')).toBe('GET /games/:id');
    expect(findRoute('GET', '/games?limit=3')).toBe('GET /games');
    expect(findRoute('GET', '/games/private/abc')).toBe('GET /games/private/:link');
    expect(findRoute('DELETE', '/admin/games/3/users/9')).toBe('DELETE /admin/games/:id/users/:userId');
    expect(findRoute('DELETE', '/series/3/members/me')).toBe('DELETE /series/:id/members/me');
    expect(findRoute('POST', '/games/7')).toBeUndefined();
    expect(findRoute('GET', '/games/7/players')).toBeUndefined();
  });

  it('refuses a canned success reply off the contract of its route, naming the field', () => {
    expect(() => fakeApi({ 'GET /api/games/7': { body: { ...aGame(), sport: { id: 1 } } } })).toThrow(/sport\.name: /);
  });

  it('refuses a route the API does not have', () => {
    expect(() => fakeApi({ 'GET /api/games/7/players': { body: [] } })).toThrow('GET /api/games/7/players não é uma rota da API');
  });

  it('serves error replies without a message as they are: the client copes with any', () => {
    expect(() => fakeApi({ 'GET /api/games/7': { status: 502, body: {} }, 'GET /api/games': { status: 500 } })).not.toThrow();
  });

  it("refuses an API error reply without a code of the catalogue, or with another code's status", () => {
    expect(() => fakeApi({ 'GET /api/games/7': { status: 404, body: { message: 'Jogo não encontrado.' } } })).toThrow(
      /não tem um code do catálogo/,
    );
    expect(() => fakeApi({ 'GET /api/games/7': { status: 404, body: { code: 'game_gone', message: 'Jogo não encontrado.' } } })).toThrow(
      /não tem um code do catálogo/,
    );
    expect(() =>
      fakeApi({ 'GET /api/games/7': { status: 409, body: { code: 'game_not_found', message: 'Jogo não encontrado.' } } }),
    ).toThrow('game_not_found é enviado com 404, não 409');
    expect(() =>
      fakeApi({ 'GET /api/games/7': { status: 404, body: { code: 'game_not_found', message: 'Jogo não encontrado.' } } }),
    ).not.toThrow();
  });

  it("answers a route nobody stubbed with the API's not_found", async () => {
    fakeApi({});
    const response = await fetch('/api/games/7');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  it('reports a reply off contract that a handler returns when it is served', async () => {
    fakeApi({ 'GET /api/games/7': () => ({ body: { ...aGame(), price: null } }) });
    await fetch('/api/games/7');
    expect(() => throwRepliesOffContract()).toThrow(/GET \/games\/7 fora do contrato de GET \/games\/:id:\n {2}price: /);
    expect(() => throwRepliesOffContract()).not.toThrow();
  });
});
