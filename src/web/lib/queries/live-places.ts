import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type Game, type GamePlaces, gamePlacesChangeSchema, gamePlacesSchema } from '../../../shared/schemas/games';
import { gamesKey } from './games-key';

const isGame = (value: unknown): value is Game =>
  typeof value === 'object' && value !== null && 'id' in value && 'remainingSlots' in value && 'waitlistCount' in value;

function withPlaces(game: Game, places: GamePlaces): Game {
  const { remainingSlots, waitlistCount, memberPlacesFree } = places;
  if (game.remainingSlots === remainingSlots && game.waitlistCount === waitlistCount && game.memberPlacesFree === memberPlacesFree)
    return game;
  // With no place left the count of players is not known from the places alone (a full game may hold more).
  const free = remainingSlots + (memberPlacesFree ?? 0);
  const registeredPlayers = free > 0 ? game.totalSlots - free : Math.max(game.registeredPlayers, game.totalSlots);
  return {
    ...game,
    remainingSlots,
    availableSlots: remainingSlots,
    ...(memberPlacesFree === undefined ? {} : { memberPlacesFree }),
    waitlistCount,
    registeredPlayers,
  };
}

/** Writes a game's new places into every cached copy of it: its page (by id or by link) and each list showing it. */
export function applyLivePlaces(queryClient: QueryClient, gameId: number, places: GamePlaces): void {
  queryClient.setQueriesData<unknown>({ queryKey: gamesKey }, (data: unknown) => {
    if (isGame(data)) return data.id === gameId ? withPlaces(data, places) : data;
    if (Array.isArray(data) && data.some((item) => isGame(item) && item.id === gameId)) {
      return data.map((item: unknown) => (isGame(item) && item.id === gameId ? withPlaces(item, places) : item));
    }
    return data;
  });
}

/**
 * Listens to a Server-Sent Events URL while mounted (nothing without one, nothing on the server render). The
 * browser's EventSource reconnects by itself; `onReopen` runs when it did, for what was missed meanwhile.
 */
function useEventStream(url: string | undefined, onData: (data: unknown) => void, onReopen?: () => void): void {
  const handlers = useRef({ onData, onReopen });
  useEffect(() => {
    handlers.current = { onData, onReopen };
  });
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    let opens = 0;
    source.onopen = () => {
      opens += 1;
      if (opens > 1) handlers.current.onReopen?.();
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      handlers.current.onData(data);
    };
    return () => source.close();
  }, [url]);
}

/**
 * Keeps a game's places live on its page. A private game is watched only with its link (the page's own, or the
 * one its organiser and invitees see); without one there is no stream and the page updates on its next fetch.
 */
export function useLiveGamePlaces(
  game: Pick<Game, 'id' | 'visibility' | 'privateLink' | 'publicationState' | 'status'> | undefined,
  privateLink?: string,
): void {
  const queryClient = useQueryClient();
  const link = privateLink || game?.privateLink || undefined;
  // Only an open game has a stream (a draft or a cancelled game would be refused).
  const url =
    !game || game.publicationState !== 'published' || game.status !== 'active'
      ? undefined
      : game.visibility === 'public'
        ? `/api/games/${game.id}/events`
        : link
          ? `/api/games/${game.id}/events?privateLink=${encodeURIComponent(link)}`
          : undefined;
  const gameId = game?.id;
  useEventStream(url, (data) => {
    const places = gamePlacesSchema.safeParse(data);
    if (places.success && gameId !== undefined) applyLivePlaces(queryClient, gameId, places.data);
  });
}

/**
 * Keeps the game lists live: one stream for every list on screen, carrying the places of listed games that
 * change. After a reconnect the lists are asked again, for whatever changed while the stream was down.
 */
export function useLiveGameLists(): void {
  const queryClient = useQueryClient();
  useEventStream(
    '/api/games/events',
    (data) => {
      const change = gamePlacesChangeSchema.safeParse(data);
      if (change.success) applyLivePlaces(queryClient, change.data.id, change.data);
    },
    () => void queryClient.invalidateQueries({ queryKey: [...gamesKey, 'list'] }),
  );
}
