import { afterEach, describe, expect, it, vi } from 'vitest';
import { aGame } from '../test/fixtures';
import { ApiError, apiRequest, hasErrorCode, isRefusal, setUnauthorizedHandler } from './api-client';
import { removeStorage, storageKeys, writeStorage } from './storage';
import { ContractError } from './api-contracts';

afterEach(() => vi.restoreAllMocks());

function serve(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
}

describe('api client in development and tests', () => {
  it('hands over a reply that keeps to the contract as it came', async () => {
    const game = { ...aGame(), fieldTheSchemaDoesNotName: 1 };
    serve(200, game);
    await expect(apiRequest(`/games/${game.id}`)).resolves.toEqual(game);
  });

  it('throws, and logs, a reply that drifted from the contract with the path of the field', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(200, { ...aGame(), remainingSlots: '3' });
    const call = apiRequest('/games/7');
    await expect(call).rejects.toThrow(ContractError);
    await expect(call).rejects.toThrow(/remainingSlots: /);
    expect(logged).toHaveBeenCalledWith(expect.any(ContractError));
  });

  it('leaves error replies to the usual messages', async () => {
    serve(404, {});
    await expect(apiRequest('/games/7', { fallbackMessage: 'Erro ao carregar jogo' })).rejects.toEqual(new ApiError('Erro ao carregar jogo', 404, 'unknown_error'));
  });
});

describe('api client errors', () => {
  it('reads the code, message and fields of an error reply', async () => {
    serve(400, { code: 'phone_required', message: 'Cadastre um telefone.', fields: { phone: 'Cadastre um telefone.' } });
    const error = await apiRequest('/games/7/apply', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'phone_required', status: 400, message: 'Cadastre um telefone.', fields: { phone: 'Cadastre um telefone.' } });
    expect(hasErrorCode(error, 'phone_required')).toBe(true);
    expect(hasErrorCode(error, 'game_not_found', 'validation_failed')).toBe(false);
  });

  it('gives a code outside the catalogue, or none, as unknown_error', async () => {
    serve(404, { code: 'no_such_code', message: 'Algo.' });
    await expect(apiRequest('/games/7')).rejects.toMatchObject({ code: 'unknown_error', message: 'Algo.' });
  });

  it('gives a failed connection as connection_failed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/games/7')).rejects.toMatchObject({ code: 'connection_failed', status: 0 });
  });

  it('ends the session on session_expired or unauthenticated, not on another 401', async () => {
    writeStorage(storageKeys.authToken, 'jwt-ana');
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    serve(401, { code: 'invalid_credentials', message: 'Credenciais inválidas' });
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(ended).not.toHaveBeenCalled();
    serve(401, { code: 'session_expired', message: 'Sua sessão expirou.' });
    await expect(apiRequest('/users/me')).rejects.toMatchObject({ code: 'session_expired' });
    expect(ended).toHaveBeenCalledOnce();
    setUnauthorizedHandler(null);
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
