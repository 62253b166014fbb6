import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LOCK_FILE } from './data-dir';

/**
 * A snapshot is PGlite's dump of its data folder (a tar of PGDATA, entries named `/PG_VERSION`, `/base/1/112`…), gzipped
 * for a backup file. These helpers read it without a tar library: PGlite writes plain ustar (a 512-byte header per
 * entry, data padded to 512 bytes, two zero blocks at the end).
 */

const BLOCK = 512;
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

type TarEntry = { name: string; start: number; end: number };

export class SnapshotError extends Error {}

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/** The entries of a tar archive, with where each starts and ends; throws SnapshotError on anything else. */
export function tarEntries(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    if (!field(header, 257, 6).startsWith('ustar')) throw new SnapshotError('o arquivo não é um tar válido');
    const sizeText = field(header, 124, 12).trim();
    const size = sizeText === '' ? 0 : Number.parseInt(sizeText, 8);
    if (!Number.isFinite(size) || size < 0) throw new SnapshotError('o arquivo não é um tar válido');
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > tar.length) throw new SnapshotError('o arquivo está truncado');
    entries.push({ name, start: offset, end });
    offset = end;
  }
  throw new SnapshotError('o arquivo está truncado');
}

const topLevelName = (name: string) => name.replace(/^\.?\//, '');

/** The tar without the data folder's lock files, which belong to the process that wrote them and never to a copy. */
export function withoutLockFiles(tar: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const entries = tarEntries(tar);
  const kept = entries.filter((entry) => !topLevelName(entry.name).startsWith(LOCK_FILE));
  if (kept.length === entries.length) return tar;
  const size = kept.reduce((total, entry) => total + entry.end - entry.start, 0);
  const result = new Uint8Array(size + 2 * BLOCK);
  let offset = 0;
  for (const entry of kept) {
    result.set(tar.subarray(entry.start, entry.end), offset);
    offset += entry.end - entry.start;
  }
  return result;
}

/** Throws SnapshotError unless the tar is a PostgreSQL data folder. */
export function assertDataDirSnapshot(tar: Uint8Array): void {
  const names = new Set(tarEntries(tar).map((entry) => topLevelName(entry.name)));
  if (!names.has('PG_VERSION') || !names.has('global/pg_control')) {
    throw new SnapshotError('o arquivo não é uma cópia de um banco embutido (falta PG_VERSION ou global/pg_control)');
  }
}

export function compressSnapshot(tar: Uint8Array): Promise<Buffer> {
  return gzip(tar);
}

/** The tar inside a backup file (gzipped or not), checked to be a data folder. */
export async function decompressSnapshot(file: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const isGzip = file[0] === 0x1f && file[1] === 0x8b;
  let tar: Uint8Array<ArrayBuffer>;
  try {
    tar = isGzip ? await gunzip(file) : file;
  } catch {
    throw new SnapshotError('o arquivo está corrompido (gzip inválido)');
  }
  assertDataDirSnapshot(tar);
  return tar;
}
