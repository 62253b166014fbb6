// Data and measuring pieces shared by the benchmarks.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { generatePrivateLink } from '../../src/server/core/games/private-link';
import { postCreditTransaction } from '../../src/server/core/credits/post-credit-transaction';
import type { Db } from '../../src/server/db/open-database';
import { games, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/passwords';
import { root } from './processes';

export const CONNECTIONS = 32;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** How long each measured path runs before it is measured: the server's code compiled by V8, its pool filled. */
export const WARM_UP_SECONDS = 3;
const HOUR = 3_600_000;

/** Rows of a raw query (both drivers reply `{ rows }`). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number };
type Target = { url: string; headers?: Record<string, string> };

/** Slices each measured run is cut into, taken in turns when two targets are compared. */
const SLICES = 3;

/**
 * Loads each target with CONNECTIONS connections: a warm-up each, then DURATION_SECONDS each, in SLICES slices taken
 * in turns (a, b, a, b…), so that both meet the same moments of a machine whose speed drifts from minute to minute.
 * Throughput over all slices; p50 the median slice's, p99 the worst slice's.
 */
export async function loadInTurns(...targets: Target[]): Promise<LoadResult[]> {
  for (const { url, headers } of targets) await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const slices: autocannon.Result[][] = targets.map(() => []);
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [i, { url, headers }] of targets.entries()) {
      slices[i]!.push(await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS / SLICES, headers }));
    }
  }
  return slices.map((results) => {
    const sum = (pick: (result: autocannon.Result) => number) => results.reduce((total, result) => total + pick(result), 0);
    const p50s = results.map((result) => result.latency.p50).sort((a, b) => a - b);
    return {
      rps: Math.round(sum((result) => result.requests.total) / sum((result) => result.duration)),
      p50: p50s[Math.floor(p50s.length / 2)]!,
      p99: Math.max(...results.map((result) => result.latency.p99)),
      non2xx: sum((result) => result.non2xx),
      errors: sum((result) => result.errors),
    };
  });
}

export async function createPlayers(db: Db, prefix: string, count: number, creditsCents: number) {
  const passwordHash = await hashPassword('bench-password');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Jogador ${i}`,
        email: `${prefix}-${i}@bench.test`,
        phone: '48991234567',
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  for (const { id } of rows) {
    await db.transaction((tx) =>
      postCreditTransaction(tx, {
        userId: id,
        amountCents: creditsCents,
        type: 'add_manual',
        description: 'Crédito do benchmark',
        source: 'admin',
        reference: `bench:${id}`,
      }),
    );
  }
  return rows.map((r) => r.id);
}

export async function createGames(db: Db, creatorId: number, count: number, options: { slots: number; priceCents: number }) {
  const [ref] = await selectRows<{ sport_id: number; state_id: number; city_id: number }>(
    db,
    sql`
    select (select id from sports where name = 'Vôlei') as sport_id, s.id as state_id,
      (select id from cities where state_id = s.id and name = 'Florianópolis') as city_id
    from states s where s.uf = 'SC'`,
  );
  const now = Date.now();
  const rows = await db
    .insert(games)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Vôlei de praia ${i + 1}`,
        location: `Praia ${i % 7 === 0 ? 'Mole' : 'da Joaquina'}`,
        address: 'Av. das Rendeiras, 1000 - Lagoa da Conceição, Florianópolis - SC',
        dateTime: new Date(now + (i + 2) * HOUR),
        priceCents: options.priceCents,
        totalSlots: options.slots,
        description: 'Jogo do benchmark: traga água e protetor solar.',
        descriptionHtml: '<p>Jogo do benchmark: traga água e protetor solar.</p>',
        visibility: 'public' as const,
        usePlatformPayment: true,
        state: 'published' as const,
        status: 'active' as const,
        sportId: ref!.sport_id,
        stateId: ref!.state_id,
        cityId: ref!.city_id,
        privateLink: generatePrivateLink(),
        creatorId,
      })),
    )
    .returning({ id: games.id });
  return rows.map((r) => r.id);
}

/** Replaces the part of bench/README.md between `<!-- NAME:start -->` and `<!-- NAME:end -->`. */
export function writeSection(name: string, markdown: string) {
  const file = path.join(root, 'bench/README.md');
  const text = fs.readFileSync(file, 'utf8');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  if (!text.includes(start)) throw new Error(`bench/README.md não tem a marca ${start}`);
  fs.writeFileSync(file, text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${markdown}\n${end}`));
}
