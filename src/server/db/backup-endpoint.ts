import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ErrorCode, statusOfCode } from '../../shared/error-codes';
import type { DataDirLock } from './data-dir';
import type { Database } from './open-database';
import { compressSnapshot } from './snapshot';

export type BackupEndpoint = { port: number; close(): Promise<void> };

/**
 * Lets `npm run backup` copy the embedded database while this server has it open (no other process can open it):
 * `POST /backup` on a loopback port, with a random bearer token, answers the gzipped snapshot. Port and token are
 * written into the data folder's lock file, which only the folder's owner can read (decision 019).
 */
export async function startBackupEndpoint(
  database: Database,
  lock: DataDirLock,
  onBackup: (result: { bytes: number; ms: number }) => void = () => {},
  onFailure: (error: unknown) => void = () => {},
): Promise<BackupEndpoint> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = http.createServer((request, response) => {
    const reply = (code: ErrorCode, message: string) => {
      response.writeHead(statusOfCode(code), { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ code, message }));
    };
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply('backup_token_invalid', 'token de backup inválido');
    if (request.method !== 'POST' || request.url !== '/backup') return reply('not_found', 'use POST /backup');
    const started = Date.now();
    void (async () => {
      try {
        const tar = await database.dump!();
        const gzipped = await compressSnapshot(new Uint8Array(await tar.arrayBuffer()));
        response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': gzipped.length });
        response.end(gzipped);
        onBackup({ bytes: gzipped.length, ms: Date.now() - started });
      } catch (error) {
        // The reason goes to the server's log, not into the reply.
        onFailure(error);
        reply('backup_failed', 'o servidor não conseguiu copiar o banco; o motivo está no log do servidor');
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  lock.update({ backupEndpoint: { port, token } });
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
