import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * "Something that visitors see changed": listeners run at once in this process, and other processes on
 * the same PostgreSQL hear it through LISTEN/NOTIFY within milliseconds, so every instance drops its
 * caches. Notifications are coalesced (one per `coalesceMs`); a lost one only costs the caches' own
 * expiry (LISTING_CACHE_MS).
 */
export type ChangeFeed = {
  publish(): void;
  subscribe(listener: () => void): void;
  close(): Promise<void>;
};

const CHANNEL = 'bora_jogar_changes';
const RECONNECT_MS = 1000;

export function localChangeFeed(): ChangeFeed {
  const listeners = new Set<() => void>();
  return {
    publish: () => listeners.forEach((listener) => listener()),
    subscribe: (listener) => void listeners.add(listener),
    close: async () => {},
  };
}

export function postgresChangeFeed(options: { url: string; pool: pg.Pool; coalesceMs?: number }): ChangeFeed {
  const local = localChangeFeed();
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
      if (message.payload !== instanceId) local.publish();
    });
    client.on('error', () => {
      if (listener === client) listener = undefined;
      void client.end().catch(() => {});
      scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (isClosed) return void (await client.end());
      listener = client;
      // Whatever changed while nobody was listening.
      local.publish();
    } catch {
      await client.end().catch(() => {});
      scheduleReconnect();
    }
  }

  const ready = listen();

  return {
    publish() {
      local.publish();
      if (pendingNotify) return;
      pendingNotify = setTimeout(() => {
        pendingNotify = undefined;
        options.pool.query('select pg_notify($1, $2)', [CHANNEL, instanceId]).catch(() => {});
      }, options.coalesceMs ?? 50);
      pendingNotify.unref();
    },
    subscribe: local.subscribe,
    async close() {
      isClosed = true;
      clearTimeout(reconnect);
      clearTimeout(pendingNotify);
      await ready;
      await listener?.end().catch(() => {});
    },
  };
}
