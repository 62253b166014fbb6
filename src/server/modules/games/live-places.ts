import { PassThrough } from 'node:stream';
import type { GamePlaces } from '../../../shared/schemas/games';
import type { ServerContext } from '../../core/context';
import { type GamePlacesRow, loadGamePlaces } from '../../core/games/game-view';

/** How a game stream was allowed: the game is public, or the caller holds its private link. */
export type WatchAccess = { kind: 'public' } | { kind: 'link'; link: string };

type Stream = { body: PassThrough; address: string };
type GameStream = Stream & { gameId: number; access: WatchAccess; last: GamePlaces };

/** Changes heard within this window are read together: one query for all of them. */
const BATCH_MS = 25;

/**
 * What a stream may hold unsent beyond what its connection buffers: a reader this far behind (a stalled phone, a
 * client that never reads) is cut off, and its browser reconnects and starts from the current places.
 */
const MAX_BACKLOG_BYTES = 64 * 1024;

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const samePlaces = (a: GamePlaces, b: GamePlaces) =>
  a.remainingSlots === b.remainingSlots && a.waitlistCount === b.waitlistCount && a.memberPlacesFree === b.memberPlacesFree;
const placesOf = (row: GamePlacesRow): GamePlaces => ({
  remainingSlots: row.remainingSlots,
  ...(row.memberPlacesFree === undefined ? {} : { memberPlacesFree: row.memberPlacesFree }),
  waitlistCount: row.waitlistCount,
});

/** Whether a game stream may go on: what let it open must still hold (a game made private, unpublished or cancelled ends it). */
function canStillWatch(row: GamePlacesRow | undefined, access: WatchAccess): boolean {
  if (!row?.isOpen) return false;
  return access.kind === 'public' ? row.visibility === 'public' : row.privateLink === access.link;
}

/** What the listing stream may tell anyone: the places of games the public list shows. */
const isListed = (row: GamePlacesRow) => row.isOpen && row.visibility === 'public';

export type LivePlaces = ReturnType<typeof createLivePlaces>;

/**
 * The Server-Sent Events of places on this instance: each game stream gets its game's places at connect and
 * whenever they change; the listing stream gets `{id, ...places}` of every listed game that changes. Changes
 * come from the change feed (every instance hears every committed game lock); the games heard within
 * BATCH_MS are read in one query, whatever the number of streams, and each stream is written only what
 * changed for it. One timer writes a heartbeat comment to every stream, so proxies keep idle streams open.
 */
export function createLivePlaces(ctx: ServerContext, options: { maxBacklogBytes?: number } = {}) {
  const { streamsPerAddress, heartbeatMs } = ctx.config.live;
  const maxBacklogBytes = options.maxBacklogBytes ?? MAX_BACKLOG_BYTES;
  const gameStreams = new Map<number, Set<GameStream>>();
  const listingStreams = new Set<Stream>();
  const openByAddress = new Map<string, number>();
  let pending: Set<number> | 'all' = new Set();
  let flushTimer: NodeJS.Timeout | undefined;
  let isClosed = false;

  /** Writes to a stream whose reader keeps up; one that has fallen behind is ended instead of buffered. */
  function send(stream: Stream, chunk: string): void {
    if (stream.body.writableLength + stream.body.readableLength > maxBacklogBytes) stream.body.destroy();
    else stream.body.write(chunk);
  }

  const heartbeat = setInterval(() => {
    for (const streams of gameStreams.values()) for (const stream of streams) send(stream, ': \n\n');
    for (const stream of listingStreams) send(stream, ': \n\n');
  }, heartbeatMs);
  heartbeat.unref();

  const unsubscribe = ctx.changes.subscribeGames((gameIds) => {
    if (isClosed) return;
    if (gameIds === undefined) pending = 'all';
    else if (pending !== 'all') for (const id of gameIds) pending.add(id);
    flushTimer ??= setTimeout(() => void flush(), BATCH_MS);
  });

  async function flush() {
    flushTimer = undefined;
    const heard = pending;
    pending = new Set();
    // Only games someone here watches are read: all of them when the listing has watchers.
    const ids = heard === 'all' ? [...gameStreams.keys()] : [...heard].filter((id) => listingStreams.size > 0 || gameStreams.has(id));
    if (ids.length === 0) return;
    let rows: GamePlacesRow[];
    try {
      rows = await loadGamePlaces(ctx.db, ids, ctx.clock.now());
    } catch (error) {
      ctx.log.error({ err: error }, 'falha ao ler as vagas ao vivo');
      return;
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      for (const stream of gameStreams.get(id) ?? []) {
        if (!canStillWatch(row, stream.access)) {
          stream.body.end();
          continue;
        }
        const places = placesOf(row!);
        if (samePlaces(places, stream.last)) continue;
        stream.last = places;
        send(stream, event(places));
      }
    }
    if (heard === 'all') return;
    const listed = rows.filter(isListed).map((row) => event({ id: row.id, ...placesOf(row) }));
    if (listed.length === 0) return;
    const chunk = listed.join('');
    for (const stream of listingStreams) send(stream, chunk);
  }

  /** Opens a stream body for `address`, counted against its cap until the body closes. */
  function open(address: string, onClose: () => void): PassThrough {
    const body = new PassThrough();
    openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1);
    body.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
      onClose();
    });
    if (isClosed) body.end();
    return body;
  }

  return {
    /** Whether `address` may open one more stream on this instance. */
    hasRoomFor: (address: string) => (openByAddress.get(address) ?? 0) < streamsPerAddress,

    /** A game's stream, starting with its places now. */
    watchGame(address: string, gameId: number, access: WatchAccess, places: GamePlaces): PassThrough {
      const stream = { address, gameId, access, last: places } as GameStream;
      stream.body = open(address, () => {
        const streams = gameStreams.get(gameId);
        streams?.delete(stream);
        if (streams?.size === 0) gameStreams.delete(gameId);
      });
      stream.body.write(event(places));
      if (!isClosed) gameStreams.set(gameId, (gameStreams.get(gameId) ?? new Set()).add(stream));
      return stream.body;
    },

    /** The listing's stream: only changes (the list itself came with the page). */
    watchListing(address: string): PassThrough {
      const stream = { address } as Stream;
      stream.body = open(address, () => listingStreams.delete(stream));
      // A first comment sends the headers at once, so the browser sees the stream open.
      stream.body.write(': \n\n');
      if (!isClosed) listingStreams.add(stream);
      return stream.body;
    },

    openStreams: () => listingStreams.size + [...gameStreams.values()].reduce((sum, streams) => sum + streams.size, 0),

    /** Ends every stream (on shutdown: browsers reconnect, to another instance). */
    close() {
      isClosed = true;
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(flushTimer);
      for (const streams of gameStreams.values()) for (const stream of streams) stream.body.end();
      for (const stream of listingStreams) stream.body.end();
    },
  };
}
