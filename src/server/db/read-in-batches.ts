/**
 * How many rows one statement of a long read returns. With 1 000, a batch of one person's notifications, read from
 * pages scattered over three years of them, took 105–125 ms on the bench's 2 cores.
 */
export const READ_BATCH = 500;

/**
 * A batch of one person's rows (their notifications, registrations, ledger), each on a page of its own among everyone
 * else's: on pages not yet in memory, 500 of them took up to 165 ms on the bench's first export of the heavy player.
 */
export const SCATTERED_BATCH = 200;

/**
 * The rows of a long read (an export, a report), `batch` at a time, as they are read: `read(after, batch)` returns the
 * rows after `after` (the last row read, undefined for the first batch; `Key` is what of it the next batch starts from)
 * in the order of an index, at most `batch` of them. No one statement then holds long, however many rows there are
 * (issue 27: no statement over 100 ms), and a reader that writes each batch out keeps only one in memory. `keyOf` names
 * a row's place in that order: a batch that starts again inside the one before (a key that loses precision, say) would
 * never finish, and fails at once when a row of the previous batch comes back.
 */
export async function* eachBatch<Row extends Key, Key = Row>(
  read: (after: Key | undefined, batch: number) => Promise<Row[]>,
  keyOf: (row: Key) => string | number,
  batch = READ_BATCH,
): AsyncGenerator<Row[]> {
  let previous = new Set<string | number>();
  let after: Key | undefined;
  for (;;) {
    const page = await read(after, batch);
    const keys = new Set<string | number>();
    for (const row of page) {
      const key = keyOf(row);
      if (previous.has(key) || keys.has(key)) throw new Error(`a leitura em lotes leu duas vezes a linha ${key}`);
      keys.add(key);
    }
    if (page.length > 0) yield page;
    if (page.length < batch) return;
    previous = keys;
    after = page.at(-1);
  }
}

/** Every row of a long read, read as `eachBatch` reads them, for a reply that holds them all. */
export async function readInBatches<Row extends Key, Key = Row>(
  read: (after: Key | undefined, batch: number) => Promise<Row[]>,
  keyOf: (row: Key) => string | number,
  batch = READ_BATCH,
): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of eachBatch(read, keyOf, batch)) rows.push(...page);
  return rows;
}
