import { afterEach, describe, expect, expectTypeOf, it, onTestFinished, vi } from 'vitest';
import { ContractError } from '../../shared/api/check-reply';
import type { ApplyBody, Game } from '../../shared/schemas/games';
import type { AdminGamesReply } from '../../shared/schemas/admin';
import { aGame } from '../test/fixtures';
import { api, ApiError, type ApiCall, type ApiReply, hasErrorCode, isRefusal, setUnauthorizedHandler } from './api-client';
import { removeStorage, storageKeys, writeStorage } from './storage';

afterEach(() => vi.restoreAllMocks());

function serve(status: number, body: unknown) {
  const fetchStub = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('api client calls', () => {
  it('fills the path parameters, the query string (given values, in order) and the JSON body of its route', async () => {
    const waitlist = serve(200, { message: 'Você entrou na lista de espera.', waitlisted: true, position: 2 });
    await expect(api('POST /games/:id/waitlist', { params: { id: 7 }, body: { privateLink: 'abc' } })).resolves.toMatchObject({
      position: 2,
    });
    expect(waitlist.mock.calls[0]?.[0]).toBe('/api/games/7/waitlist');
    expect(waitlist.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      body: '{"privateLink":"abc"}',
      headers: { 'Content-Type': 'application/json' },
    });

    const list = serve(200, []);
    await api('GET /games', { query: { stateId: 24, cityId: undefined, location: 'Lagoa da Conceição', date: '' } });
    expect(list.mock.calls[0]?.[0]).toBe('/api/games?stateId=24&location=Lagoa+da+Concei%C3%A7%C3%A3o');
    expect(list.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', body: undefined });
  });

  it('encodes a path parameter as one segment', async () => {
    const fetchStub = serve(200, aGame());
    await api('GET /games/private/:link', { params: { link: 'a/b c' } });
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/games/private/a%2Fb%20c');
  });

  it('types what a call sends and gets by its route', () => {
    expectTypeOf<ApiReply<'GET /games/:id'>>().toEqualTypeOf<Game>();
    expectTypeOf<ApiReply<'GET /admin/games'>>().toEqualTypeOf<AdminGamesReply>();
    expectTypeOf<ApiCall<'POST /games/:id/apply'>['body']>().toEqualTypeOf<ApplyBody | null | undefined>();
    expectTypeOf(api<'GET /games/:id'>).toBeCallableWith('GET /games/:id', { params: { id: 7 } });
    expectTypeOf(api<'GET /users/me'>).toBeCallableWith('GET /users/me');
    // @ts-expect-error GET /games/:id needs its id
    expectTypeOf(api<'GET /games/:id'>).toBeCallableWith('GET /games/:id');
    // @ts-expect-error the parameter is `id`
    expectTypeOf(api<'GET /games/:id'>).toBeCallableWith('GET /games/:id', { params: { gameId: 7 } });
    // @ts-expect-error POST /auth/login takes a body of e-mail and password
    expectTypeOf(api<'POST /auth/login'>).toBeCallableWith('POST /auth/login', { body: { email: 'ana@exemplo.com.br' } });
    // @ts-expect-error GET /games takes no body
    expectTypeOf(api<'GET /games'>).toBeCallableWith('GET /games', { body: {} });
    // @ts-expect-error sportId is a number
    expectTypeOf(api<'GET /games'>).toBeCallableWith('GET /games', { query: { sportId: 'volei' } });
    // @ts-expect-error no such route
    expectTypeOf(api<'GET /games/:id/players'>).toBeCallableWith('GET /games/:id/players', { params: { id: 7 } });
  });
});

describe('api client in development and tests', () => {
  it('hands over a reply that keeps to the contract as it came', async () => {
    const game = { ...aGame(), fieldTheSchemaDoesNotName: 1 };
    serve(200, game);
    await expect(api('GET /games/:id', { params: { id: game.id } })).resolves.toEqual(game);
  });

  it('throws, and logs, a reply that drifted from the contract with the path of the field', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(200, { ...aGame(), remainingSlots: '3' });
    const call = api('GET /games/:id', { params: { id: 7 } });
    await expect(call).rejects.toThrow(ContractError);
    await expect(call).rejects.toThrow(/Resposta de GET \/games\/7 fora do contrato de GET \/games\/:id:\n {2}remainingSlots: /);
    expect(logged).toHaveBeenCalledWith(expect.any(ContractError));
  });

  it('leaves error replies to the usual messages', async () => {
    serve(404, {});
    await expect(api('GET /games/:id', { params: { id: 7 }, fallbackMessage: 'Erro ao carregar jogo' })).rejects.toEqual(
      new ApiError('Erro ao carregar jogo', 404, 'unknown_error'),
    );
  });
});

describe('api client errors', () => {
  it('reads the code, message and fields of an error reply', async () => {
    serve(400, { code: 'phone_required', message: 'Cadastre um telefone.', fields: { phone: 'Cadastre um telefone.' } });
    const error = await api('POST /games/:id/apply', { params: { id: 7 }, body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'phone_required',
      status: 400,
      message: 'Cadastre um telefone.',
      fields: { phone: 'Cadastre um telefone.' },
    });
    expect(hasErrorCode(error, 'phone_required')).toBe(true);
    expect(hasErrorCode(error, 'game_not_found', 'validation_failed')).toBe(false);
  });

  it('gives a code outside the catalogue, or none, as unknown_error', async () => {
    serve(404, { code: 'no_such_code', message: 'Algo.' });
    await expect(api('GET /games/:id', { params: { id: 7 } })).rejects.toMatchObject({ code: 'unknown_error', message: 'Algo.' });
  });

  it('gives a failed connection as connection_failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('GET /games/:id', { params: { id: 7 } })).rejects.toMatchObject({ code: 'connection_failed', status: 0 });
  });

  it('ends the session on session_expired or unauthenticated, not on another 401', async () => {
    writeStorage(storageKeys.authToken, 'jwt-ana');
    const ended = vi.fn();
    const restore = setUnauthorizedHandler(ended);
    onTestFinished(restore);
    serve(401, { code: 'invalid_credentials', message: 'Credenciais inválidas' });
    await expect(api('POST /auth/login', { body: { email: 'ana@exemplo.com.br', password: 'x' } })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(ended).not.toHaveBeenCalled();
    serve(401, { code: 'session_expired', message: 'Sua sessão expirou.' });
    await expect(api('GET /users/me')).rejects.toMatchObject({ code: 'session_expired' });
    expect(ended).toHaveBeenCalledOnce();
    removeStorage(storageKeys.authToken);
  });

  it('counts as a refusal only a code of the catalogue below 500', () => {
    expect(isRefusal(new ApiError('x', 404, 'game_not_found'))).toBe(true);
    expect(isRefusal(new ApiError('x', 503, 'busy_try_again'))).toBe(false);
    expect(isRefusal(new ApiError('x', 502, 'unknown_error'))).toBe(false);
    expect(isRefusal(new ApiError('x', 0, 'connection_failed'))).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
  });
});
