import { messages, parse, type PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';

/** Prepared statements kept by the embedded database at once; the least recently used is closed beyond that. */
export const KEPT_STATEMENTS = 200;

/** What drizzle's PGlite session calls on its client. */
export type StatementClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>) => Promise<T>): Promise<T>;
};

// Only statements that plan: a DDL statement or a SET gains nothing from being kept.
const PLANNED = /^\s*(select|insert|update|delete|with)\b/i;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The embedded database's client for drizzle, asking each query in one call into PGlite and keeping its statements
 * prepared (decision 057). PGlite's own `query` makes six calls into the database for one query (parse, describe the
 * statement, bind, describe the portal, execute, sync) and plans the statement every time: about 0.7 ms for a
 * one-row read, most of a page of games' time in planning. Here a query is one call (parse only the first time, bind,
 * describe, execute, sync) on a named statement, so PostgreSQL's plan cache applies as it does to any prepared
 * statement. Parameters are sent as text, as node-postgres sends them on the PostgreSQL driver: the same values reach
 * the same statements on both databases.
 */
export function keptStatementsClient(client: PGlite): StatementClient {
  /** Statement text → its name, least recently used first. */
  const kept = new Map<string, string>();
  /** Names to close before the next query: evicted, or parsed by a query that failed (it may or may not exist). */
  const toClose: string[] = [];
  let counter = 0;

  /** Forgets a kept statement: it is closed before the next query (it may or may not exist any more). */
  function forget(text: string, name: string) {
    if (kept.get(text) === name) kept.delete(text);
    toClose.push(name);
  }

  async function ask<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const parts = toClose.splice(0).map((name) => protocol.serialize.close({ type: 'S', name }));
    let name = kept.get(text);
    const isNew = name === undefined;
    if (name !== undefined) {
      kept.delete(text);
      kept.set(text, name);
    } else if (PLANNED.test(text)) {
      name = `bj${++counter}`;
      parts.push(protocol.serialize.parse({ name, text, types: [] }));
      kept.set(text, name);
      if (kept.size > KEPT_STATEMENTS) {
        const [oldestText, oldest] = kept.entries().next().value as [string, string];
        kept.delete(oldestText);
        parts.unshift(protocol.serialize.close({ type: 'S', name: oldest }));
      }
    } else {
      parts.push(protocol.serialize.parse({ text, types: [] }));
    }
    parts.push(
      protocol.serialize.bind({ statement: name ?? '', values: params.map((value) => pgUtils.prepareValue(value)) }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    try {
      const replies = await client.execProtocolStream(concat(parts), { syncToFs: false });
      return parse.parseResults(replies, client.parsers, options)[0] as Results<T>;
    } catch (error) {
      if (name === undefined) throw error;
      // A statement parsed with this query may not exist (its parse failed): closed, whatever failed.
      if (isNew) forget(text, name);
      // A table's columns changed since the statement was prepared (a migration, under `select *`): prepared again.
      else if (error instanceof messages.DatabaseError && error.code === '0A000' && error.routine === 'RevalidateCachedQuery') {
        forget(text, name);
        return ask<T>(text, params, options);
      }
      throw error;
    }
  }

  function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return client._runExclusiveQuery(async () => {
      try {
        return await ask<T>(text, params, options);
      } catch (error) {
        // As PGlite's own query does: the statement beside its error, for the log.
        if (error instanceof Error) Object.assign(error, { query: text, params });
        throw error;
      }
    });
  }

  return {
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      await client._checkReady();
      // Outside a transaction a query waits for any open one to end, and then syncs the files, as PGlite's query does.
      return client._runExclusiveTransaction(async () => {
        const result = await run<T>(text, params, options);
        await client.syncToFs();
        return result;
      });
    },
    transaction: (callback) =>
      client.transaction((tx) =>
        callback({
          query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return run<T>(text, params, options);
          },
          exec: (text, options) => tx.exec(text, options),
          rollback: () => tx.rollback(),
          get closed() {
            return tx.closed;
          },
        }),
      ),
  };
}
