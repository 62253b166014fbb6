import { describe, expect, it } from 'vitest';
import { aGame, meReply, player } from '../test/fixtures';
import { checkReply, ContractError, findContract } from './api-contracts';

describe('reply contracts', () => {
  it('finds the route of a call, a fixed path before a parameter, whatever the query string', () => {
    expect(findContract('GET', '/games/sports')?.route).toBe('GET /games/sports');
    expect(findContract('GET', '/games/7')?.route).toBe('GET /games/:id');
    expect(findContract('GET', '/games?limit=3')?.route).toBe('GET /games');
    expect(findContract('GET', '/games/private/abc')?.route).toBe('GET /games/private/:link');
    expect(findContract('DELETE', '/admin/games/3/users/9')?.route).toBe('DELETE /admin/games/:id/users/:userId');
    expect(findContract('POST', '/games/7')).toBeUndefined();
    expect(findContract('GET', '/games/7/players')).toBeUndefined();
  });

  it('accepts a reply the schema accepts', () => {
    expect(() => checkReply('GET', '/users/me', meReply(player).body)).not.toThrow();
    expect(() => checkReply('GET', '/games?limit=3', [aGame(), aGame()])).not.toThrow();
  });

  it('names the route and the path of every field that is off', () => {
    const drifted = { ...aGame(), price: '15,00', city: { id: 1 } };
    const error = catchError(() => checkReply('GET', '/games', [aGame(), drifted]));
    expect(error).toBeInstanceOf(ContractError);
    expect(error.message).toContain('GET /games fora do contrato de GET /games');
    expect(error.message).toMatch(/^ {2}\[1\]\.price: /m);
    expect(error.message).toMatch(/^ {2}\[1\]\.city\.name: /m);
    expect(error.message).not.toContain('[0]');
  });

  it('refuses a call to a route it has no schema for', () => {
    expect(() => checkReply('GET', '/games/7/players', [])).toThrow('GET /games/7/players: rota sem contrato de resposta');
  });
});

function catchError(run: () => void): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nada foi lançado');
}
