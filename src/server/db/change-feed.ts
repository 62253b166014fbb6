import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';

/**
 * Games whose places may have changed, by id; `undefined` means any game may have (the listener was away).
 */
export type GamesListener = (gameIds: number[] | undefined) => void;

/**
 * "Something that visitors see changed": listeners run at once in this process, and other processes on
 * the same PostgreSQL hear it through LISTEN/NOTIFY within milliseconds, so every instance drops its
 * caches. Notifications are coalesced (one per `coalesceMs`); a lost one only costs the caches' own
 * expiry (LISTING_CACHE_MS).
 *
 * Games changed are heard on a second channel, written inside the transaction that locks the game
 * (`gameChangeNotice`): the database delivers it to every instance, this one included, only once that
 * transaction commits, and never when it rolls back. A change already committed (the one-statement apply) is
 * announced with `gamesChanged` instead: this instance hears it at once, the others within the coalescing time,
 * every game changed meanwhile in one notification. That notification also drops the other instances' caches (a
 * committed change is a write), so a moment with both kinds of news sends one notification, not two.
 */
export type ChangeFeed = {
  publish(): void;
  subscribe(listener: () => void): void;
  /** Hears the games changed by committed transactions, on every instance; returns the unsubscribe. */
  subscribeGames(listener: GamesListener): () => void;
  /** Announces games whose places changed in a transaction that has committed. */
  gamesChanged(gameIds: number[]): void;
  close(): Promise<void>;
};

const CHANNEL = 'bora_jogar_changes';
/** Where committed changes of a game's places are announced (the payload is the game's id). */
export const GAMES_CHANNEL = 'bora_jogar_games';
const RECONNECT_MS = 1000;

/** The statement that tells every instance, once the transaction running it commits, that a game's places may have changed. */
export const gameChangeNotice = (gameId: number) => sql`select pg_notify(${GAMES_CHANNEL}, ${String(gameId)})`;

function gameListeners() {
  const listeners = new Set<GamesListener>();
  return {
    tell: (gameIds: number[] | undefined) => listeners.forEach((listener) => listener(gameIds)),
    subscribe(listener: GamesListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const parseGameId = (payload: string | undefined) => {
  const id = Number(payload);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** Under PostgreSQL's 8000 bytes a notification may carry. */
const MAX_PAYLOAD_CHARS = 7900;

/** `instance:1,2,3` notifications of committed changes, each under the payload limit. */
function committedPayloads(instanceId: string, gameIds: number[]): string[] {
  const payloads: string[] = [];
  let ids: number[] = [];
  let length = instanceId.length + 1;
  for (const id of gameIds) {
    const idLength = String(id).length + 1;
    if (ids.length > 0 && length + idLength > MAX_PAYLOAD_CHARS) {
      payloads.push(`${instanceId}:${ids.join(',')}`);
      ids = [];
      length = instanceId.length + 1;
    }
    ids.push(id);
    length += idLength;
  }
  if (ids.length > 0) payloads.push(`${instanceId}:${ids.join(',')}`);
  return payloads;
}

/** The ids of a notification on the games channel: one game locked in a transaction, or `instance:ids` committed. */
function parseGamesPayload(payload: string | undefined): { from?: string; ids: number[] } {
  const [from, list] = payload?.includes(':') ? payload.split(':', 2) : [undefined, payload];
  const ids = (list ?? '').split(',').map(parseGameId);
  return { from, ids: ids.filter((id): id is number => id !== undefined) };
}

/**
 * One process. `listen` subscribes to a channel of the embedded database (PGlite delivers a transaction's
 * notifications when it commits, as PostgreSQL does); without it no game changes are heard.
 */
export function localChangeFeed(
  options: { listen?: (channel: string, onPayload: (payload: string) => void) => Promise<unknown> } = {},
): ChangeFeed {
  const listeners = new Set<() => void>();
  const games = gameListeners();
  const listening = options.listen?.(GAMES_CHANNEL, (payload) => {
    const id = parseGameId(payload);
    if (id !== undefined) games.tell([id]);
  });
  return {
    publish: () => listeners.forEach((listener) => listener()),
    subscribe: (listener) => void listeners.add(listener),
    subscribeGames: games.subscribe,
    gamesChanged: games.tell,
    close: async () => {
      await listening?.catch(() => {});
    },
  };
}

export function postgresChangeFeed(options: { url: string; pool: pg.Pool; coalesceMs?: number }): ChangeFeed {
  const local = localChangeFeed();
  const games = gameListeners();
  const instanceId = randomUUID();
  let listener: pg.Client | undefined;
  let isClosed = false;
  let pendingNotify: NodeJS.Timeout | undefined;
  let reconnect: NodeJS.Timeout | undefined;

  function scheduleReconnect() {
    if (isClosed || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      void listen();
    }, RECONNECT_MS);
    reconnect.unref();
  }

  async function listen() {
    const client = new pg.Client({ connectionString: options.url });
    client.on('notification', (message) => {
      if (message.channel === GAMES_CHANNEL) {
        // This instance told its own listeners when it announced its committed changes.
        const { from, ids } = parseGamesPayload(message.payload);
        if (from === instanceId || ids.length === 0) return;
        games.tell(ids);
        // Games another instance changed and committed: a write there, so what this one keeps may be out of date.
        if (from !== undefined) local.publish();
      } else if (message.payload !== instanceId) local.publish();
    });
    client.on('error', () => {
      if (listener === client) listener = undefined;
      void client.end().catch(() => {});
      scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}; listen ${GAMES_CHANNEL}`);
      if (isClosed) return void (await client.end());
      listener = client;
      // Whatever changed while nobody was listening.
      local.publish();
      games.tell(undefined);
    } catch {
      await client.end().catch(() => {});
      scheduleReconnect();
    }
  }

  const ready = listen();

  /** What this instance has to tell the others at the end of the moment: games committed, or only that it wrote. */
  const committed = new Set<number>();
  let hasWritten = false;
  async function announce() {
    clearTimeout(pendingNotify);
    pendingNotify = undefined;
    const ids = [...committed];
    committed.clear();
    const payloads =
      ids.length > 0
        ? committedPayloads(instanceId, ids).map((payload) => [GAMES_CHANNEL, payload])
        : hasWritten
          ? [[CHANNEL, instanceId]]
          : [];
    hasWritten = false;
    await Promise.all(payloads.map((args) => options.pool.query('select pg_notify($1, $2)', args).catch(() => {})));
  }
  function announceSoon() {
    if (pendingNotify) return;
    pendingNotify = setTimeout(() => void announce(), options.coalesceMs ?? 50);
    pendingNotify.unref();
  }

  return {
    publish() {
      local.publish();
      hasWritten = true;
      announceSoon();
    },
    subscribe: local.subscribe,
    subscribeGames: games.subscribe,
    gamesChanged(gameIds) {
      games.tell(gameIds);
      for (const id of gameIds) committed.add(id);
      announceSoon();
    },
    async close() {
      isClosed = true;
      clearTimeout(reconnect);
      // What this instance changed last still reaches the others.
      if (committed.size > 0) await announce();
      clearTimeout(pendingNotify);
      await ready;
      await listener?.end().catch(() => {});
    },
  };
}
