/** How many rows one statement of a long read returns. */
export const READ_BATCH = 1000;

/**
 * Every row of a long read (an export, a report), `batch` at a time: `read(after, batch)` returns the rows after `after`
 * (the last row read, undefined for the first batch; `Key` is what of it the next batch starts from) in the order of an
 * index, at most `batch` of them. No one statement then holds long, however many rows there are (issue 27: no
 * statement over 100 ms). `keyOf` names a row's place in that order: a row read twice means batches that do not move
 * on, a read that would never finish, and fails at once.
 */
export async function readInBatches<Row extends Key, Key = Row>(
  read: (after: Key | undefined, batch: number) => Promise<Row[]>,
  keyOf: (row: Key) => string | number,
  batch = READ_BATCH,
): Promise<Row[]> {
  const rows: Row[] = [];
  const seen = new Set<string | number>();
  for (;;) {
    const page = await read(rows.at(-1), batch);
    for (const row of page) {
      const key = keyOf(row);
      if (seen.has(key)) throw new Error(`a leitura em lotes leu duas vezes a linha ${key}`);
      seen.add(key);
      rows.push(row);
    }
    if (page.length < batch) return rows;
  }
}
