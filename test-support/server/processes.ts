import net from 'node:net';

/** A TCP port nothing listens on now, for a server (or a fake, or a throwaway database) of the test's own. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Whether `error`, or what it wraps, is a refused connection: what a server answers before it listens. */
export function isConnectionRefused(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as NodeJS.ErrnoException).code === 'ECONNREFUSED') return true;
    const inner = (current as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some(isConnectionRefused)) return true;
  }
  return false;
}

/**
 * Asks `probe` until it gives a value, for at most `timeoutMs`. A refused connection counts as no value yet (the
 * server is still starting); any other error ends the wait.
 */
export async function waitUntil<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch((error: unknown) => {
      if (isConnectionRefused(error)) return undefined;
      throw error;
    });
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
