import { describe, expect, it } from 'vitest';
import { checkReply, ContractError } from './check-reply';

describe('checkReply', () => {
  it('accepts a reply the route says it gives', () => {
    expect(() => checkReply('GET /notifications/unread-count', '/notifications/unread-count', { count: 3 })).not.toThrow();
    expect(() => checkReply('POST /notifications/:id/read', '/notifications/4/read', { id: 4, read: true })).not.toThrow();
  });

  it('names the call, its route and the path of every field that is off, and nothing else', () => {
    let error: unknown;
    try {
      checkReply('GET /games/sports', '/games/sports?x=1', [
        { id: 1, name: 'Vôlei', active: true },
        { id: '2', name: 'Futevôlei' },
      ]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContractError);
    const message = (error as ContractError).message;
    expect(message).toContain('Resposta de GET /games/sports?x=1 fora do contrato de GET /games/sports:');
    expect(message).toMatch(/^ {2}\[1\]\.id: /m);
    expect(message).toMatch(/^ {2}\[1\]\.active: /m);
    expect(message).not.toContain('[0]');
  });

  it('says so when the reply itself is of the wrong kind', () => {
    expect(() => checkReply('GET /users/me/calendar', '/users/me/calendar', 'https://…')).toThrow(/^ {2}\(a resposta\): /m);
  });
});
