import Fastify from 'fastify';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test-support/server/test-app';
import { messages } from '../../shared/messages';
import { BODY_LIMIT_BYTES } from './json-body';
import { registerRefusedBodyDrain } from './refused-bodies';

const TRIES = 20;
const MB = 1024 * 1024;

type RawAnswer = { head: string; body: string; error?: string };

/**
 * One POST over its own connection, written as a plain client does: the head, then the whole body as fast as the
 * socket takes it, and only then reading the answer (what arrived meanwhile waits in the socket). `chunked`: without
 * a Content-Length.
 */
function rawPost(port: number, path: string, bodyBytes: number, options: { chunked?: boolean; stopAfter?: number } = {}) {
  return new Promise<RawAnswer & { written: number }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      socket.destroy();
      resolve({ head, body, error, written: socket.bytesWritten });
    };
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.on('close', () => finish('closed before the answer'));
    socket.once('connect', async () => {
      const lengthHeader = options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bodyBytes}`;
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${lengthHeader}\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const limit = options.stopAfter ?? bodyBytes;
      while (sent < limit && !settled && !socket.destroyed) {
        const size = Math.min(piece.length, limit - sent);
        const chunk = options.chunked
          ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece.subarray(0, size), Buffer.from('\r\n')])
          : piece.subarray(0, size);
        sent += size;
        if (!socket.write(chunk)) await new Promise((go) => socket.once('drain', go).once('close', go));
      }
      if (options.chunked && sent >= bodyBytes && !socket.destroyed) socket.write('0\r\n\r\n');
      // Only now is the answer read.
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk);
        // The whole answer is in once its declared length is.
        const text = Buffer.concat(received).toString('utf8');
        const length = /\r\ncontent-length: (\d+)/i.exec(text)?.[1];
        const start = text.indexOf('\r\n\r\n');
        if (length && start >= 0 && Buffer.byteLength(text.slice(start + 4)) >= Number(length)) finish();
      });
    });
  });
}

describe('a body over the limit, sent over a real connection', () => {
  const t = setUpTestApp();
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it.each([1.5, 8])(`is answered 413 to a raw %s MB POST that reads only after writing, ${TRIES} times in ${TRIES}`, async (size) => {
    const answers: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const answer = await rawPost(port, '/api/auth/register', size * MB);
      answers.push(answer.error ? `no answer (${answer.error})` : (answer.head.split('\r\n')[0] ?? ''));
      if (i === 0 && !answer.error) {
        // The product's answer, with its headers.
        expect(JSON.parse(answer.body)).toEqual({ code: 'payload_too_large', message: messages.payloadTooLarge });
        expect(answer.head).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
        expect(answer.head).toMatch(/\r\nx-request-id: \S+/i);
        expect(answer.head).toMatch(/\r\ncontent-security-policy: /i);
      }
    }
    expect(answers).toEqual(Array.from({ length: TRIES }, () => 'HTTP/1.1 413 Payload Too Large'));
  });

  it(`is answered 413 to a chunked body that grows past the limit, ${TRIES} times in ${TRIES}`, async () => {
    const answers: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const answer = await rawPost(port, '/api/auth/login', 1.5 * MB, { chunked: true });
      answers.push(answer.error ? `no answer (${answer.error})` : (answer.head.split('\r\n')[0] ?? ''));
    }
    expect(answers).toEqual(Array.from({ length: TRIES }, () => 'HTTP/1.1 413 Payload Too Large'));
  });

  it.each([3, 8])(`is answered 413 to fetch with %s MB, ${TRIES} times in ${TRIES}, and the connection still serves`, async (size) => {
    const body = JSON.stringify({ name: 'x'.repeat(size * MB) });
    const answers: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        answers.push(`${res.status} ${(await res.json()).code}`);
      } catch (error) {
        answers.push(`failed: ${String((error as Error).cause ?? error)}`);
      }
    }
    expect(answers).toEqual(Array.from({ length: TRIES }, () => '413 payload_too_large'));
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });

  it('is answered 413 just over the limit, while a body at the limit is read and judged', async () => {
    const over = await rawPost(port, '/api/auth/login', BODY_LIMIT_BYTES + 1);
    expect(over.head.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    const at = await rawPost(port, '/api/auth/login', BODY_LIMIT_BYTES);
    // Read whole, then refused as what it is: not JSON.
    expect([at.head.split('\r\n')[0], JSON.parse(at.body).code]).toEqual(['HTTP/1.1 400 Bad Request', 'malformed_json']);
  });
});

describe('the rest of a refused body', () => {
  it('is read for a bounded time only: a client that stops sending is cut off then, after reading the 413', async () => {
    const drainMs = 300;
    const app = Fastify({ bodyLimit: 1024 });
    registerRefusedBodyDrain(app, drainMs);
    app.post('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      await new Promise((ready) => socket.once('connect', ready));
      const started = performance.now();
      // Declares 1 MB, sends 200 KB and then nothing.
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MB}\r\n\r\n`);
      socket.write(Buffer.alloc(200 * 1024, 'a'));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('error', () => {});
      await new Promise((closed) => socket.once('close', closed));
      const elapsed = performance.now() - started;
      expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      expect(elapsed).toBeGreaterThanOrEqual(drainMs - 20);
      expect(elapsed).toBeLessThan(drainMs + 2_000);
    } finally {
      await app.close();
    }
  });

  it('once read, leaves the connection to serve the next request', async () => {
    const app = Fastify({ bodyLimit: 1024 });
    registerRefusedBodyDrain(app, 5_000);
    app.post('/', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      await new Promise((ready) => socket.once('connect', ready));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n`);
      socket.write(Buffer.alloc(4096, 'a'));
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
      await expect.poll(() => text.match(/HTTP\/1\.1 \d+/g), { timeout: 3_000 }).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
      socket.destroy();
    } finally {
      await app.close();
    }
  });
});
