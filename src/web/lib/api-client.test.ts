import { afterEach, describe, expect, it, vi } from 'vitest';
import { aGame } from '../test/fixtures';
import { ApiError, apiRequest } from './api-client';
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
    await expect(apiRequest('/games/7', { fallbackMessage: 'Erro ao carregar jogo' })).rejects.toEqual(new ApiError('Erro ao carregar jogo', 404));
  });
});
