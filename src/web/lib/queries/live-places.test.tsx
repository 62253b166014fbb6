import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Game } from '../../../shared/schemas/games';
import { stubEventSource } from '../../test/fake-event-source';
import { aGame } from '../../test/fixtures';
import { gamesKey } from './games';
import { useLiveGameLists, useLiveGamePlaces } from './live-places';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

const listKey = [...gamesKey, 'list', {}];

describe('useLiveGamePlaces', () => {
  it("writes the stream's places into the game's page and every list showing it, and closes on unmount", async () => {
    const sources = stubEventSource();
    const { queryClient, wrapper } = setup();
    const game = aGame({ id: 4, totalSlots: 10, remainingSlots: 3, availableSlots: 3, registeredPlayers: 7, waitlistCount: 0 });
    const other = aGame({ id: 5, remainingSlots: 6 });
    queryClient.setQueryData([...gamesKey, 'detail', 4], game);
    queryClient.setQueryData(listKey, [other, game]);
    const { unmount } = renderHook(() => useLiveGamePlaces(game), { wrapper });

    const [source] = sources.at('/api/games/4/events');
    expect(source).toBeDefined();
    act(() => source!.send({ remainingSlots: 2, waitlistCount: 0 }));
    expect(queryClient.getQueryData<Game>([...gamesKey, 'detail', 4])).toMatchObject({
      remainingSlots: 2,
      availableSlots: 2,
      registeredPlayers: 8,
      waitlistCount: 0,
    });
    const list = queryClient.getQueryData<Game[]>(listKey)!;
    expect(list[1]).toMatchObject({ remainingSlots: 2, waitlistCount: 0 });
    // The other game is the same object: nothing about it re-renders.
    expect(list[0]).toBe(other);

    act(() => source!.send({ remainingSlots: 0, waitlistCount: 3 }));
    expect(queryClient.getQueryData<Game>([...gamesKey, 'detail', 4])).toMatchObject({
      remainingSlots: 0,
      registeredPlayers: 10,
      waitlistCount: 3,
    });

    // Off contract or not JSON: ignored.
    act(() => source!.send({ remainingSlots: 'muitas' }));
    act(() => source!.send('{não é json'));
    expect(queryClient.getQueryData<Game>([...gamesKey, 'detail', 4])).toMatchObject({ remainingSlots: 0, waitlistCount: 3 });

    unmount();
    expect(source!.isClosed).toBe(true);
  });

  it("a series game's places carry the free member places: the players counted stay right", () => {
    const sources = stubEventSource();
    const { queryClient, wrapper } = setup();
    const game = aGame({ id: 6, seriesId: 3, totalSlots: 6, remainingSlots: 1, memberPlacesFree: 3, registeredPlayers: 2 });
    queryClient.setQueryData([...gamesKey, 'detail', 6], game);
    renderHook(() => useLiveGamePlaces(game), { wrapper });
    const [source] = sources.at('/api/games/6/events');
    // A mensalista took one of the kept places: the drop-in places did not change.
    act(() => source!.send({ remainingSlots: 1, memberPlacesFree: 2, waitlistCount: 0 }));
    expect(queryClient.getQueryData<Game>([...gamesKey, 'detail', 6])).toMatchObject({
      remainingSlots: 1,
      memberPlacesFree: 2,
      registeredPlayers: 3,
    });
  });

  it('watches a private game with its link, and opens nothing for a private game without one or a game not open', () => {
    const sources = stubEventSource();
    const { wrapper } = setup();
    renderHook(() => useLiveGamePlaces(aGame({ id: 8, visibility: 'private', privateLink: null }), 'link/secreto'), { wrapper });
    expect(sources.opened.map((source) => source.url)).toEqual(['/api/games/8/events?privateLink=link%2Fsecreto']);

    renderHook(() => useLiveGamePlaces(aGame({ id: 9, visibility: 'private', privateLink: null })), { wrapper });
    renderHook(() => useLiveGamePlaces(aGame({ id: 10, publicationState: 'draft' })), { wrapper });
    renderHook(() => useLiveGamePlaces(aGame({ id: 11, status: 'cancelled' })), { wrapper });
    renderHook(() => useLiveGamePlaces(undefined), { wrapper });
    expect(sources.opened).toHaveLength(1);
  });
});

describe('useLiveGameLists', () => {
  it('patches the listed game a change names, and asks the lists again after a reconnect', async () => {
    const sources = stubEventSource();
    const { queryClient, wrapper } = setup();
    const game = aGame({ id: 12, totalSlots: 8, remainingSlots: 5, waitlistCount: 0 });
    queryClient.setQueryData(listKey, [game]);
    renderHook(() => useLiveGameLists(), { wrapper });
    const [source] = sources.at('/api/games/events');

    act(() => source!.open());
    act(() => source!.send({ id: 12, remainingSlots: 4, waitlistCount: 0 }));
    act(() => source!.send({ id: 99, remainingSlots: 1, waitlistCount: 0 }));
    expect(queryClient.getQueryData<Game[]>(listKey)).toEqual([{ ...game, remainingSlots: 4, availableSlots: 4, registeredPlayers: 4 }]);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => source!.open());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: [...gamesKey, 'list'] });
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});
